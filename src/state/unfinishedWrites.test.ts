import { describe, expect, it } from 'vitest';
import { LayoutLoadError, type LayoutFault } from '../services/layoutTransaction.ts';
import { memoryStorage } from './storage.ts';
import { readUnfinished, saveUnfinished } from './unfinishedWrites.ts';
import { UNFINISHED_PREFIX } from './unfinishedWritesKey.ts';

const OWNER = 0x4b4c0002;
const KEY = UNFINISHED_PREFIX + OWNER;

const layoutFault = (): LayoutFault => ({
  kind: 'load',
  vendorProductId: OWNER,
  error: new LayoutLoadError(
    'The keyboard was disconnected',
    {
      steps: [
        { kind: 'macros', bytes: Uint8Array.of(0x41, 0), previous: Uint8Array.of(0), bufferSize: 64 },
        { kind: 'keymap', offset: 28, bytes: [0, 5, 0, 6], previous: [0, 4, 0, 4] },
        { kind: 'encoder', layer: 0, index: 1, clockwise: true, code: 0xa9, previous: 0xaa },
      ],
      before: { keymap: [], encoders: [], macros: null },
      after: { keymap: [], encoders: [], macros: null },
    },
    new Set([0]),
    new Set([0, 1]),
    [1, 2],
    'keymap',
  ),
});

const macroFault = {
  attempted: Uint8Array.of(0x68, 0x69, 0),
  previous: Uint8Array.of(0),
  dirtyTo: 3,
  phase: 'data' as const,
  message: 'No reply from the keyboard',
};

describe('the stored record of a keyboard’s unfinished writes', () => {
  it('keeps each part until it is resolved; the key goes with the last part', () => {
    const storage = memoryStorage();
    saveUnfinished(storage, OWNER, { layout: layoutFault() }, undefined, 5);
    saveUnfinished(storage, OWNER, { macros: macroFault }, undefined, 6);
    const record = readUnfinished(storage, OWNER)!;
    expect(record.savedAt).toBe(6);
    expect(record.layout).toMatchObject({
      kind: 'load',
      stoppedAt: 'keymap',
      message: 'The keyboard was disconnected',
    });
    expect(record.layout!.steps[0]).toEqual(layoutFault().error.plan.steps[0]);
    expect(record.layout!.steps[1]).toEqual({
      kind: 'keymap',
      offset: 28,
      bytes: [0, 5, 0, 6],
      previous: [0, 4, 0, 4],
    });
    expect(record.macros).toMatchObject({ attempted: [0x68, 0x69, 0], phase: 'data' });
    saveUnfinished(storage, OWNER, { layout: null });
    expect(readUnfinished(storage, OWNER)!.layout).toBeUndefined();
    saveUnfinished(storage, OWNER, { macros: null });
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('a fault found at load with no record behind it is not stored', () => {
    const storage = memoryStorage();
    saveUnfinished(storage, OWNER, { macros: { ...macroFault, found: true } });
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('a damaged record is dropped and named on the Errors page; start-up goes on', () => {
    const reports: string[] = [];
    for (const damaged of [
      'not json',
      JSON.stringify({
        savedAt: 1,
        layout: {
          kind: 'load',
          steps: [{ kind: 'keymap', offset: 0, bytes: [1, 2], previous: [1] }],
          stoppedAt: 'keymap',
          macroPhase: null,
          message: '',
        },
      }),
      JSON.stringify({
        savedAt: 1,
        macros: { attempted: [300], previous: [], dirtyTo: 0, phase: 'data', message: '' },
      }),
    ]) {
      const storage = memoryStorage({ [KEY]: damaged });
      expect(readUnfinished(storage, OWNER, (m) => reports.push(m))).toBeNull();
      expect(storage.getItem(KEY)).toBeNull();
    }
    expect(reports).toHaveLength(3);
    expect(reports[1]).toMatch(/keyloom-unfinished-writes:1263271938.*previous/);
  });

  it('storage that refuses to be written keeps nothing and throws nothing', () => {
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => saveUnfinished(storage, OWNER, { layout: layoutFault() })).not.toThrow();
  });
});
