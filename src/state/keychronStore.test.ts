import { describe, expect, it } from 'vitest';
import { fakeKeychronLink } from '../../tests/support/fakeKeychronLink.ts';
import { readFeatures } from '../protocol/keychron/keychronReplies.ts';
import type { StepEdit } from './commands.ts';
import { createKeychronStore } from './keychronStore.ts';

const features = readFeatures([0xa2, 0, 0xf1, 0x03], [0xa7, 1, 0, 2, 0, 0xef]);

async function loaded() {
  const fake = fakeKeychronLink();
  const steps: StepEdit[] = [];
  const store = createKeychronStore({
    link: fake.link,
    features,
    matrix: { rows: 1, cols: 4 },
    record: (s) => steps.push(s),
  });
  await store.getState().load();
  expect(store.getState().status).toBe('ready');
  fake.sent.length = 0;
  return { fake, store, steps };
}
const hex = (bytes: number[]) => bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ');

describe('Keychron store', () => {
  it('reads every reported setting', async () => {
    const { store } = await loaded();
    const s = store.getState().settings!;
    expect(s.rgb?.ledMap).toEqual([[0, 1, 2, 3]]);
    expect(s.rgb?.effects[0]?.[0]).toEqual({ effect: 5, hue: 0, sat: 255, speed: 127, timeMs: 5000 });
    expect(s.snapClick).toHaveLength(20);
    expect(s.reportRate).toEqual({ divider: 3, supported: 0x7f });
  });

  it('reads the default layer (0xA3) after the settings; a board that lacks it only shows less', async () => {
    const { store } = await loaded();
    expect(store.getState().defaultLayer).toBe(2);
    const fake = fakeKeychronLink();
    fake.state.defaultLayer = -1;
    const without = createKeychronStore({
      link: fake.link,
      features,
      matrix: { rows: 1, cols: 4 },
      record: () => {},
    });
    await without.getState().load();
    expect(without.getState()).toMatchObject({ status: 'ready', defaultLayer: null });
    expect(fake.sent.at(-1)).toEqual([0xa3]);
  });

  it('a colour is written, read back, unsaved until saved, and one undo step', async () => {
    const { fake, store, steps } = await loaded();
    expect(await store.getState().change({ kind: 'colors', entries: [[2, [85, 255, 255]]] })).toBe(true);
    expect(fake.sent.map(hex)).toEqual(['a8 0a 02 01 55 ff ff', 'a8 09 02 01']);
    expect(store.getState().unsaved).toEqual({ rgb: true, snapClick: false });
    expect(steps).toHaveLength(1);
    await steps[0]!.undo();
    expect(fake.colors[2]).toEqual([0, 0, 255]);
    expect(store.getState().unsaved.rgb).toBe(false);
    await steps[0]!.redo();
    await store.getState().saveToKeyboard();
    expect(fake.sent.at(-1)).toEqual([0xa8, 0x02]);
    expect(store.getState().unsaved.rgb).toBe(false);
  });

  it('a refused write puts back what the keyboard holds and records nothing', async () => {
    const { fake, store, steps } = await loaded();
    fake.state.refuse = 0x0a;
    expect(await store.getState().change({ kind: 'colors', entries: [[1, [10, 20, 30]]] })).toBe(false);
    expect(store.getState().settings!.rgb!.colors[1]).toEqual([0, 0, 255]);
    expect(store.getState().failure).toMatchObject({ code: 'refused', command: 'A8 0A' });
    expect(steps).toHaveLength(0);
  });

  it('a change past the LED count is refused before anything is sent', async () => {
    const { fake, store } = await loaded();
    expect(await store.getState().change({ kind: 'colors', entries: [[4, [1, 2, 3]]] })).toBe(false);
    expect(fake.sent).toEqual([]);
  });

  it('Snap Click saves with its own command; the OS indicator keeps the firmware brightness floor', async () => {
    const { fake, store } = await loaded();
    await store.getState().change({ kind: 'snapClick', index: 0, pair: { type: 2, key1: 7, key2: 4 } });
    expect(store.getState().unsaved.snapClick).toBe(true);
    expect(await store.getState().change({ kind: 'osIndicator', disable: 0, color: [10, 255, 0] })).toBe(
      true,
    );
    expect(store.getState().settings!.rgb!.osIndicator.color).toEqual([10, 255, 128]);
    fake.sent.length = 0;
    await store.getState().saveToKeyboard();
    expect(fake.sent.map(hex)).toEqual(['a8 02', 'a7 0a']);
  });
});
