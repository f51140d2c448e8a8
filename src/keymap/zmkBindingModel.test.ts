import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readZmkSnapshot } from '../../tests/support/zmkSnapshot.ts';
import { zmkTestRig } from '../../tests/support/zmkTestRig.ts';
import { ZMK_BEHAVIORS } from '../virtual-keyboard/zmk/zmkBehaviorTable.ts';
import type { ZmkBehavior } from '../zmk/behavior.ts';
import type { ZmkBinding, ZmkKeymapData } from '../zmk/keymapData.ts';
import { layerReach } from './layerReach.ts';
import { fallThroughs, resolveKey, type Landing } from './transparency.ts';
import { zmkBaseLayer, zmkBindingModel, zmkHidUsageParam, zmkKeymapView } from './zmkBindingModel.ts';

/** The virtual firmware's behaviors as ZMK Studio reports them. */
const BEHAVIORS: ZmkBehavior[] = ZMK_BEHAVIORS.map((b) => ({
  id: b.localId,
  displayName: b.displayName,
  sets: b.sets,
}));
const id = (label: string) => ZMK_BEHAVIORS.find((b) => b.label === label)!.localId;
const bind = (label: string, param1 = 0, param2 = 0): ZmkBinding => ({
  behaviorId: id(label),
  param1,
  param2,
});
const usage = (key: number, mods = 0) => ((mods << 24) | 0x070000 | key) >>> 0;
const TRANS = bind('trans');
const A = usage(0x04);

const keymapOf = (layers: { id: number; bindings: ZmkBinding[] }[]): ZmkKeymapData => ({
  layers: layers.map((l) => ({ ...l, name: `L${l.id}` })),
  availableLayers: 0,
  maxLayerNameLength: 20,
});

describe('ZMK bindings for the keymap analysis', () => {
  it("reads the demo keyboard's layer keys: Lower by &mo, Raise by &lt, Adjust by &sl, &mo on Lower and Raise", async () => {
    const rig = zmkTestRig({ locking: false });
    const { keymap, behaviors, physicalLayouts } = await readZmkSnapshot(rig);
    const model = zmkBindingModel(keymap, behaviors);
    const view = zmkKeymapView(keymap, physicalLayouts.layouts[physicalLayouts.activeIndex]!.keys.length);
    const reach = layerReach(view, model, zmkBaseLayer(keymap));
    const ways = (layer: number) =>
      reach[layer]!.reachedBy.map((e) => [
        e.effect.kind,
        e.place.layer,
        e.place.kind === 'key' && e.place.index,
      ]);
    // Base's thumbs: 37 &mo 1, 39 &lt 2 ENTER, 40 &sl 3; Lower's and Raise's thumbs &mo 3; Adjust's &to 0, &tog 1/2.
    expect(ways(1)).toEqual([
      ['hold', 0, 37],
      ['toggle', 3, 13],
    ]);
    expect(ways(2)).toEqual([
      ['hold', 0, 39],
      ['toggle', 3, 14],
    ]);
    expect(ways(3)).toEqual([
      ['oneShot', 0, 40],
      ['hold', 1, 40],
      ['hold', 2, 37],
    ]);
    expect(reach.every((r) => r.reachable && r.oneWay.length === 0)).toBe(true);
  });

  it('turns layer ids into indexes: a moved layer is reached at its new index, a removed one by nothing', () => {
    // Ids 0, 2, 1 in that order (layer id 2 moved below id 1); &mo 2 on the base reaches index 1.
    const keymap = keymapOf([
      { id: 0, bindings: [bind('mo', 2), bind('tog', 1), bind('mo', 7)] },
      { id: 2, bindings: [TRANS, TRANS, TRANS] },
      { id: 1, bindings: [bind('to', 0), TRANS, TRANS] },
    ]);
    const model = zmkBindingModel(keymap, BEHAVIORS);
    expect(model.layerEffects(bind('mo', 2))).toEqual([{ kind: 'hold', layer: 1 }]);
    expect(model.layerEffects(bind('tog', 1))).toEqual([{ kind: 'toggle', layer: 2 }]);
    expect(model.layerEffects(bind('mo', 7))).toEqual([]);
    const reach = layerReach(zmkKeymapView(keymap, 3), model, 0);
    expect(reach[1]!.reachedBy.map((e) => e.place)).toEqual([{ kind: 'key', layer: 0, index: 0 }]);
    expect(reach[2]!.reachable).toBe(true);
  });

  it('the default layer is layer id 0 wherever it stands', () => {
    expect(
      zmkBaseLayer(
        keymapOf([
          { id: 3, bindings: [] },
          { id: 0, bindings: [] },
        ]),
      ),
    ).toBe(1);
    expect(zmkBaseLayer(keymapOf([{ id: 3, bindings: [] }]))).toBe(0);
  });

  it("a behavior of the user's keymap, or one named like ZMK's that is not it, changes no layer", () => {
    const own: ZmkBehavior = {
      id: 90,
      displayName: 'Layer Hold Tap',
      sets: [{ param1: [{ name: 'Layer', kind: 'layerId' }], param2: [] }],
    };
    // A second behavior reporting 'Momentary Layer': the name no longer says which one is ZMK's.
    const twin: ZmkBehavior = { id: 91, displayName: 'Momentary Layer', sets: [] };
    const keymap = keymapOf([
      { id: 0, bindings: [] },
      { id: 1, bindings: [] },
    ]);
    const model = zmkBindingModel(keymap, [...BEHAVIORS, own, twin]);
    expect(model.layerEffects({ behaviorId: 90, param1: 1, param2: 0 })).toEqual([]);
    expect(model.layerEffects(bind('mo', 1))).toEqual([]);
    expect(model.isTransparent(TRANS)).toBe(true);
    expect(model.isTransparent({ behaviorId: 90, param1: 0, param2: 0 })).toBe(false);
  });

  it('the key the computer sees: a key press, the tap of &mt and &lt, never a layer key', () => {
    const model = zmkBindingModel(keymapOf([{ id: 0, bindings: [] }]), BEHAVIORS);
    expect(model.hostKeycode(bind('kp', A))).toBe(0x04);
    expect(model.hostKeycode(bind('kp', usage(0x1e, 0x02)))).toBe(0x1e); // LS(N1): the 1 key
    expect(model.hostKeycode(bind('mt', usage(0xe0), usage(0x29)))).toBe(0x29); // &mt LCTRL ESC
    expect(model.hostKeycode(bind('lt', 1, usage(0x2c)))).toBe(0x2c); // &lt 1 SPACE
    expect(model.hostKeycode(bind('kp', 0x0c00e9))).toBe(0xa9); // C_VOL_UP
    expect(model.hostKeycode(bind('mo', 1))).toBeNull();
    expect(model.hostKeycode(bind('bootloader'))).toBeNull();
  });
});

// Keymaps of 1–6 layers with their ids in any order, 1–12 positions, bindings of every layer behavior.
const keymaps = fc
  .tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 12 }))
  .chain(([layers, keys]) => {
    const binding = fc.oneof(
      fc.constant(TRANS),
      fc.integer({ min: 0x04, max: 0x65 }).map((k) => bind('kp', usage(k))),
      fc
        .tuple(fc.constantFrom('mo', 'tog', 'to', 'sl', 'lt'), fc.integer({ min: 0, max: layers + 1 }))
        .map(([label, layer]) => bind(label, layer, label === 'lt' ? A : 0)),
    );
    return fc.record({
      ids: fc.shuffledSubarray(
        Array.from({ length: layers + 2 }, (_, i) => i),
        { minLength: layers, maxLength: layers },
      ),
      bindings: fc.array(fc.array(binding, { minLength: keys, maxLength: keys }), {
        minLength: layers,
        maxLength: layers,
      }),
      layer: fc.integer({ min: 0, max: layers - 1 }),
      active: fc.array(fc.integer({ min: 0, max: layers - 1 }), { maxLength: 4 }),
    });
  });

describe('ZMK bindings through the analysis (property)', () => {
  it('a transparent key lands where a walk down the layer order, &trans skipped, lands', () => {
    fc.assert(
      fc.property(keymaps, ({ ids, bindings, layer, active }) => {
        const keymap = keymapOf(ids.map((id, i) => ({ id, bindings: bindings[i]! })));
        const model = zmkBindingModel(keymap, BEHAVIORS);
        const view = zmkKeymapView(keymap, bindings[0]!.length);
        const through = fallThroughs(view.keymap, model, layer, active);
        bindings[0]!.forEach((_, index) => {
          let expected: Landing<ZmkBinding> | null = null;
          for (let l = layer; l >= 0 && !expected; l--) {
            if (l !== layer && !active.includes(l)) continue;
            const b = bindings[l]![index]!;
            if (b.behaviorId !== id('trans')) expected = { binding: b, layer: l };
          }
          expect(resolveKey(view.keymap, model, layer, index, active)).toEqual(expected);
          const own = bindings[layer]![index]!.behaviorId !== id('trans');
          expect(through[index]).toEqual(own ? undefined : expected);
        });
      }),
    );
  });

  it('every layer key is found, under the index of the layer its id names', () => {
    fc.assert(
      fc.property(keymaps, ({ ids, bindings }) => {
        const keymap = keymapOf(ids.map((id, i) => ({ id, bindings: bindings[i]! })));
        const reach = layerReach(
          zmkKeymapView(keymap, bindings[0]!.length),
          zmkBindingModel(keymap, BEHAVIORS),
        );
        bindings.forEach((layerBindings, layer) =>
          layerBindings.forEach((b, index) => {
            const target = ids.indexOf(b.param1);
            const isLayerKey = ['mo', 'tog', 'to', 'sl', 'lt'].some((l) => id(l) === b.behaviorId);
            if (!isLayerKey || target < 0 || target === layer) return;
            expect(reach[target]!.reachedBy.map((e) => e.place)).toContainEqual({
              kind: 'key',
              layer,
              index,
            });
          }),
        );
      }),
    );
  });
});

describe('zmkHidUsageParam (the shared keycode picker for a hid_usage parameter)', () => {
  const param = zmkHidUsageParam(0xff, 0xfff);
  const usage = (mods: number, page: number, id: number) => ((mods << 24) | (page << 16) | id) >>> 0;

  it('offers the keyboard and consumer keys the maxima accept, named as keys.h names them', () => {
    const categories = param.categories();
    expect(categories.map((c) => c.id)).toEqual(['basic', 'media']);
    const basic = categories[0]!.keycodes;
    expect(basic.find((k) => k.code === 0x1e)?.name).toBe('N1');
    expect(categories[1]!.keycodes.find((k) => k.code === 0xa9)?.name).toBe('C_VOL_UP');
    // A build whose keyboard page stops at 0x65 offers no F13 (0x68).
    const small = zmkHidUsageParam(0x65, 0xfff).categories()[0]!.keycodes;
    expect(small.some((k) => k.code === 0x68)).toBe(false);
    expect(basic.some((k) => k.code === 0x68)).toBe(true);
  });

  it('marks the key without its implicit modifiers and keeps them when another key is picked', () => {
    const shiftedOne = usage(0x02, 0x07, 0x1e);
    expect(param.keycodeOf(shiftedOne)).toBe(0x1e);
    expect(param.withKeycode(shiftedOne, 0x1f)).toBe(usage(0x02, 0x07, 0x1f));
    // A picked keycode's own modifiers are added (LCTL(KC_A) onto LS(N1): LC(LS(A))).
    expect(param.withKeycode(shiftedOne, 0x0104)).toBe(usage(0x03, 0x07, 0x04));
    expect(param.withKeycode(0, 0xa9)).toBe(usage(0, 0x0c, 0xe9));
    // A keycode that is no HID usage (MO(1)) is not taken.
    expect(param.withKeycode(shiftedOne, 0x5221)).toBeNull();
  });
});

describe("zmkHidUsageParam's text (Any)", () => {
  const text = zmkHidUsageParam(0x65, 0xfff).text!;

  it('writes the value as a .keymap does and reads back what the build takes', () => {
    expect(text.write(0x0207001e)).toBe('EXCL');
    expect(text.read('LS(N1)')).toEqual({ ok: true, value: 0x0207001e });
    expect(text.read('  ')).toBeNull();
  });

  it('says why a text is no value: an unknown name, or a key past the build’s maxima', () => {
    expect(text.read('KC_A')).toEqual({ ok: false, problem: 'unknownName', text: 'KC_A' });
    // F13 is keyboard usage 0x68: past this build's 0x65.
    expect(text.read('F13')).toEqual({ ok: false, problem: 'notTaken', text: 'F13' });
  });
});
