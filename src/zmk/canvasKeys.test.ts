import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadStrings, strings } from '../i18n/i18n.ts';
import { readZmkSnapshot } from '../../tests/support/zmkSnapshot.ts';
import { zmkTestRig } from '../../tests/support/zmkTestRig.ts';
import { keyNaming } from '../ui/canvas/keyNaming.ts';
import { behaviorByLabel } from '../virtual-keyboard/zmk/zmkBehaviorTable.ts';
import { readingOrder } from '../definitions/readingOrder.ts';
import { zmkKeyShape } from './physicalLayout.ts';
import { zmkCanvasKeys, type ZmkDrawnKeymap } from './canvasKeys.ts';
import { zmkTitleWords } from './names.ts';

// As the screen draws them: names and titles in the language shown (the zmk strings once loaded, else English).
const canvasKeys = (state: ZmkDrawnKeymap, layer: number) =>
  zmkCanvasKeys(state, layer, 'us', keyNaming(strings.t), zmkTitleWords(strings.getFixedT('zmk')));

beforeAll(() => initI18n('en'));
afterAll(() => initI18n('en'));

describe('ZMK key names on the canvas', () => {
  it('name the whole binding even when the face shows it shortened', async () => {
    const rig = zmkTestRig({ locking: false });
    const snapshot = await readZmkSnapshot(rig);
    const keymap = structuredClone(snapshot.keymap);
    const base = keymap.layers[0]!;
    base.name = 'Lower with a long name';
    // &mt LEFT_CONTROL ESCAPE and &lt <that layer> SPACE on the first two keys.
    base.bindings[0] = { behaviorId: behaviorByLabel('mt').localId, param1: 0x0700e0, param2: 0x070029 };
    base.bindings[1] = { behaviorId: behaviorByLabel('lt').localId, param1: base.id, param2: 0x07002c };
    const state = { keymap, layouts: snapshot.physicalLayouts, behaviors: snapshot.behaviors };
    const [mt, lt] = canvasKeys(state, 0);
    expect(mt!.label).toBe('Ctrl Esc');
    expect(mt!.ariaLabel).toBe('Key 0: Mod-Tap: Left Ctrl, Escape');
    expect(lt!.ariaLabel).toBe('Key 1: Layer-Tap: Lower with a long name, Space');
  });

  it('are worded in the language shown (Japanese, Chinese), the key keeping its place', async () => {
    const snapshot = await readZmkSnapshot(zmkTestRig({ locking: false }));
    const state = {
      keymap: snapshot.keymap,
      layouts: snapshot.physicalLayouts,
      behaviors: snapshot.behaviors,
    };
    await initI18n('ja');
    const [ja] = canvasKeys(state, 0);
    expect(ja!.ariaLabel).toMatch(/^キー 0: /);
    expect(ja!.named!('X')).toBe('キー 0: X');
    await initI18n('zh');
    expect(canvasKeys(state, 0)[3]!.ariaLabel).toMatch(/^按键 3：/);
  });

  it("name ZMK's behaviors and removed layers in the language shown, not in the firmware's English", async () => {
    const snapshot = await readZmkSnapshot(zmkTestRig({ locking: false }));
    const keymap = structuredClone(snapshot.keymap);
    const base = keymap.layers[0]!;
    // &mo 1 and &lt <a layer removed this session> SPACE.
    base.bindings[0] = { behaviorId: behaviorByLabel('mo').localId, param1: keymap.layers[1]!.id, param2: 0 };
    base.bindings[1] = { behaviorId: behaviorByLabel('lt').localId, param1: 99, param2: 0x07002c };
    const state = {
      keymap,
      layouts: snapshot.physicalLayouts,
      behaviors: snapshot.behaviors,
      removed: [{ id: 99, name: 'Gone', bindings: [], index: 4 }],
    };
    await loadStrings(['zmk']);
    await initI18n('ja');
    const [mo, lt] = canvasKeys(state, 0);
    expect(mo!.ariaLabel).toBe(`キー 0: 押している間のレイヤー: ${keymap.layers[1]!.name}`);
    expect(lt!.ariaLabel).toBe('キー 1: Layer-Tap（ホールドでレイヤー）: 削除されたレイヤー Gone, Space');
    expect(lt!.label).toBe('⊘Gone Space');
    await initI18n('en');
    expect(canvasKeys(state, 0)[1]!.ariaLabel).toBe('Key 1: Layer-Tap: removed layer Gone, Space');
  });
});

describe('fast key mapping on the ZMK demo (a column-staggered split)', () => {
  it('walks the keys as the keymap lists them: row by row across both halves, then the thumbs', async () => {
    const snapshot = await readZmkSnapshot(zmkTestRig({ locking: false }));
    const layout = snapshot.physicalLayouts.layouts[snapshot.physicalLayouts.activeIndex]!;
    const shapes = layout.keys.map(zmkKeyShape);
    expect(readingOrder(shapes)).toEqual(shapes.map((_, position) => position));
    // Screen order alone (top, then left) would leave the left half's pinky column for the middle fingers'.
    const byScreen = shapes.map((s, i) => ({ i, x: s.x, y: s.y })).sort((a, b) => a.y - b.y || a.x - b.x);
    expect(byScreen.map((k) => k.i)).not.toEqual(shapes.map((_, position) => position));
  });
});
