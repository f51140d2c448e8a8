import { describe, expect, it } from 'vitest';
import type { DesignDraft } from '../definitions/designImport.ts';
import { createDesignStore, designWarningDue, markDesignWarningSeen } from './designStore.ts';
import { memoryStorage } from './storage.ts';

const draft = (vpid: number, name: string, version: 'v2' | 'v3' = 'v3'): DesignDraft =>
  ({
    fileName: `${name}.json`,
    version,
    definition: {
      name,
      vendorProductId: vpid,
      matrix: { rows: 1, cols: 1 },
      layouts: { keys: [{ x: 0, y: 0, w: 1, h: 1, row: 0, col: 0 }] },
    },
  }) as unknown as DesignDraft;

describe('design drafts', () => {
  it('adding shows the newest; the same board replaces its draft; drafts survive a reload', () => {
    const storage = memoryStorage();
    const store = createDesignStore(storage);
    store.getState().add([draft(1, 'one'), draft(2, 'two')]);
    store.getState().add([draft(1, 'one again')]);
    expect(store.getState().drafts.v3.map((d) => d.definition.name)).toEqual(['one again', 'two']);
    expect(store.getState().shown.v3).toBe(1);
    expect(createDesignStore(storage).getState().drafts.v3).toHaveLength(2);
  });

  it('removing the shown draft shows the first remaining one', () => {
    const store = createDesignStore(memoryStorage());
    store.getState().add([draft(1, 'one'), draft(2, 'two')]);
    store.getState().remove('v3', 2);
    expect(store.getState().shown.v3).toBe(1);
    store.getState().remove('v3', 1);
    expect(store.getState().shown.v3).toBeNull();
  });

  it('corrupt storage starts empty', () => {
    expect(createDesignStore(memoryStorage({ 'keyloom-design-drafts': '{oops' })).getState().drafts).toEqual({
      v2: [],
      v3: [],
    });
  });

  it('the warning shows until seen more than 4 times, or dismissed for the session', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    for (let i = 0; i < 5; i++) {
      expect(designWarningDue(local, session)).toBe(true);
      markDesignWarningSeen(local);
    }
    expect(designWarningDue(local, session)).toBe(false);
    expect(
      designWarningDue(memoryStorage(), memoryStorage({ 'keyloom-design-warning-dismissed': '1' })),
    ).toBe(false);
  });
});
