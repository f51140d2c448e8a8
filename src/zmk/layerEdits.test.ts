import { describe, expect, it } from 'vitest';
import { applyBindingWrites, layerOperationWrites } from './layerEdits.ts';
import type { ZmkBinding, ZmkLayer } from './keymapData.ts';

const b = (behaviorId: number, param1 = 0, param2 = 0): ZmkBinding => ({ behaviorId, param1, param2 });
const TRANS = b(9);
const layers: ZmkLayer[] = [
  { id: 0, name: 'Base', bindings: [b(1, 4), b(1, 5), b(1, 6), b(0)] },
  { id: 2, name: 'Nav', bindings: [b(1, 4), TRANS, TRANS, b(0)] },
];

describe('ZMK layer tools as set-binding requests', () => {
  it('copies only the positions that differ, with the writes that put them back', () => {
    const { writes, undo } = layerOperationWrites(layers, { kind: 'copy', from: 0, to: 2 }, 3);
    expect(writes).toEqual([
      { layerId: 2, position: 1, binding: b(1, 5) },
      { layerId: 2, position: 2, binding: b(1, 6) },
    ]);
    expect(undo).toEqual([
      { layerId: 2, position: 1, binding: TRANS },
      { layerId: 2, position: 2, binding: TRANS },
    ]);
    expect(applyBindingWrites(applyBindingWrites(layers, writes), undo)).toEqual(layers);
  });

  it('swaps two layers by id, writing both', () => {
    const { writes } = layerOperationWrites(layers, { kind: 'swap', a: 0, b: 2 }, 3);
    const after = applyBindingWrites(layers, writes);
    expect(after[0]!.bindings.slice(0, 3)).toEqual(layers[1]!.bindings.slice(0, 3));
    expect(after[1]!.bindings.slice(0, 3)).toEqual(layers[0]!.bindings.slice(0, 3));
    expect(writes).toHaveLength(4);
  });

  it('clears to a binding, leaving positions the layout does not map (behavior 0) and beyond its keys alone', () => {
    const { writes } = layerOperationWrites(layers, { kind: 'clear', layer: 0, binding: TRANS }, 4);
    expect(writes.map((w) => w.position)).toEqual([0, 1, 2]);
    expect(layerOperationWrites(layers, { kind: 'clear', layer: 0, binding: TRANS }, 1).writes).toHaveLength(
      1,
    );
  });

  it('refuses a layer id that is not shown', () => {
    expect(() => layerOperationWrites(layers, { kind: 'copy', from: 0, to: 1 }, 3)).toThrow(/id 1/);
  });
});
