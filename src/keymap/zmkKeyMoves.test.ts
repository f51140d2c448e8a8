import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZMK_BEHAVIORS } from '../virtual-keyboard/zmk/zmkBehaviorTable.ts';
import { applyBindingWrites } from '../zmk/layerEdits.ts';
import type { ZmkBehavior } from '../zmk/behavior.ts';
import type { ZmkBinding, ZmkKeymapData } from '../zmk/keymapData.ts';
import { applyKeyMove, type KeyMove } from './keyMoves.ts';
import { zmkKeyMoveWrites, zmkVacatedBinding } from './zmkKeyMoves.ts';

const BEHAVIORS: ZmkBehavior[] = ZMK_BEHAVIORS.map((b) => ({
  id: b.localId,
  displayName: b.displayName,
  sets: b.sets,
}));
const id = (label: string) => ZMK_BEHAVIORS.find((b) => b.label === label)!.localId;
const kp = (key: number): ZmkBinding => ({ behaviorId: id('kp'), param1: 0x070000 | key, param2: 0 });

/** Layers with ids in another order than their indexes: a write must name the id. */
const keymapOf = (ids: number[], bindings: ZmkBinding[][]): ZmkKeymapData => ({
  layers: ids.map((layerId, i) => ({ id: layerId, name: '', bindings: bindings[i]! })),
  availableLayers: 0,
  maxLayerNameLength: 20,
});

describe('key moves on a ZMK keyboard', () => {
  const keymap = keymapOf(
    [0, 3, 1],
    [
      [kp(4), kp(5), kp(6)],
      [kp(7), kp(8), kp(9)],
      [kp(10), kp(10), { behaviorId: 0, param1: 0, param2: 0 }],
    ],
  );

  it('a swap across layers is two set-binding writes by layer id, and two that put them back', () => {
    expect(
      zmkKeyMoveWrites(keymap, { kind: 'swap', a: { layer: 0, index: 0 }, b: { layer: 1, index: 2 } }),
    ).toEqual({
      writes: [
        { layerId: 0, position: 0, binding: kp(9) },
        { layerId: 3, position: 2, binding: kp(4) },
      ],
      undo: [
        { layerId: 0, position: 0, binding: kp(4) },
        { layerId: 3, position: 2, binding: kp(9) },
      ],
    });
  });

  it('writes nothing for a key that already holds the binding; refuses a position the layout does not have', () => {
    expect(
      zmkKeyMoveWrites(keymap, { kind: 'copy', from: { layer: 2, index: 0 }, to: { layer: 2, index: 1 } })
        .writes,
    ).toEqual([]);
    expect(() =>
      zmkKeyMoveWrites(keymap, { kind: 'copy', from: { layer: 0, index: 0 }, to: { layer: 2, index: 2 } }),
    ).toThrow(RangeError);
  });

  it('a moved key leaves &none on the default layer (id 0) and below it, &trans above', () => {
    const none = { behaviorId: id('none'), param1: 0, param2: 0 };
    const trans = { behaviorId: id('trans'), param1: 0, param2: 0 };
    const moved = keymapOf([3, 0, 1], [[], [], []]);
    expect([0, 1, 2].map((l) => zmkVacatedBinding(moved, BEHAVIORS, l))).toEqual([none, none, trans]);
    expect(
      zmkVacatedBinding(
        moved,
        BEHAVIORS.filter((b) => b.displayName !== 'Transparent'),
        2,
      ),
    ).toBeNull();
  });

  it('the writes make the keymap the move makes, and the undo writes put it back (property)', () => {
    const binding = fc.integer({ min: 4, max: 8 }).map(kp);
    const place = fc.record({ layer: fc.integer({ min: 0, max: 2 }), index: fc.integer({ min: 0, max: 3 }) });
    const move: fc.Arbitrary<KeyMove<ZmkBinding>> = fc.oneof(
      fc.record({ kind: fc.constant('swap' as const), a: place, b: place }),
      fc.record({ kind: fc.constant('copy' as const), from: place, to: place }),
      fc.record({ kind: fc.constant('move' as const), from: place, to: place, vacated: binding }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(binding, { minLength: 4, maxLength: 4 }), { minLength: 3, maxLength: 3 }),
        move,
        (bindings, m) => {
          const start = keymapOf([2, 0, 5], bindings);
          const { writes, undo } = zmkKeyMoveWrites(start, m);
          const after = applyBindingWrites(start.layers, writes);
          expect(after.map((l) => l.bindings)).toEqual(applyKeyMove(bindings, m));
          expect(applyBindingWrites(after, undo).map((l) => l.bindings)).toEqual(bindings);
          // One write per binding that changes, none for one that stays.
          const before = bindings.flat();
          const changed = applyKeyMove(bindings, m)
            .flat()
            .filter((b, k) => b.param1 !== before[k]!.param1);
          expect(writes).toHaveLength(changed.length);
        },
      ),
    );
  });
});
