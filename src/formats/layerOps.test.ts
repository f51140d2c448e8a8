import { describe, expect, it } from 'vitest';
import { fewestChunks } from './keymapDiff.ts';
import { applyLayerOperation, assignedCount, planLayerWrites, type LayerState } from './layerOps.ts';

const KC_TRNS = 0x0001;
const KC_NO = 0x0000;
// 3 layers of 20 keys (40 bytes a layer): layer 0 = 0x0004…, layer 1 all KC_TRNS, layer 2 = 0x0100…
const state = (): LayerState => ({
  keymap: [
    Array.from({ length: 20 }, (_, i) => 0x04 + i),
    Array.from({ length: 20 }, () => KC_TRNS),
    Array.from({ length: 20 }, (_, i) => 0x0100 + i),
  ],
  encoders: [[[0x80, 0x81]], [[KC_TRNS, KC_TRNS]], [[0x7f, 0x7f]]],
});

describe('fewestChunks', () => {
  it('writes nothing when nothing changed', () => {
    expect(fewestChunks(state().keymap, state().keymap)).toEqual([]);
  });

  it('starts a write at the first changed keycode, not on a 28-byte grid', () => {
    const next = state().keymap.map((l) => [...l]);
    next[0]![13] = 0x29; // bytes 26–27
    next[0]![14] = 0x2a; // bytes 28–29: across a 28-byte grid line, which would take two writes
    expect(fewestChunks(state().keymap, next)).toEqual([
      {
        offset: 26,
        bytes: [
          0x00, 0x29, 0x00, 0x2a, 0x00, 0x13, 0x00, 0x14, 0x00, 0x15, 0x00, 0x16, 0x00, 0x17, 0x00, 0x01,
          0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01,
        ],
      },
    ]);
  });

  it('a last write is shorter at the end of the buffer', () => {
    const next = state().keymap.map((l) => [...l]);
    next[2]![19] = 0x0000;
    expect(fewestChunks(state().keymap, next)).toEqual([{ offset: 118, bytes: [0x00, 0x00] }]);
  });
});

describe('layer operations', () => {
  it('copy layer 0 onto layer 1: three writes of 28, 28 and 24 bytes from byte 40', () => {
    const next = applyLayerOperation(state(), { kind: 'copy', from: 0, to: 1 });
    expect(next.keymap[1]).toEqual(state().keymap[0]);
    expect(next.keymap[0]).toEqual(state().keymap[0]);
    const plan = planLayerWrites(state(), next);
    // 20 changed keys = 40 bytes: ceil(40 / 28) = 2 writes.
    expect(plan.chunks.map((c) => [c.offset, c.bytes.length])).toEqual([
      [40, 28],
      [68, 28],
    ]);
    expect(plan.chunks[0]!.bytes.slice(0, 4)).toEqual([0x00, 0x04, 0x00, 0x05]);
    expect(plan.encoders).toEqual([
      { layer: 1, encoder: 0, clockwise: true, code: 0x80 },
      { layer: 1, encoder: 0, clockwise: false, code: 0x81 },
    ]);
  });

  it('swap layers 0 and 2: both layers change, written as four writes around the unchanged layer 1', () => {
    const next = applyLayerOperation(state(), { kind: 'swap', a: 0, b: 2 });
    expect(next.keymap[0]).toEqual(state().keymap[2]);
    expect(next.keymap[2]).toEqual(state().keymap[0]);
    expect(next.encoders[0]).toEqual([[0x7f, 0x7f]]);
    const plan = planLayerWrites(state(), next);
    expect(plan.chunks.map((c) => c.offset)).toEqual([0, 28, 80, 108]);
    expect(plan.chunks.map((c) => c.bytes.length)).toEqual([28, 28, 28, 12]);
  });

  it('swap then swap again gives the original state', () => {
    const once = applyLayerOperation(state(), { kind: 'swap', a: 1, b: 2 });
    expect(applyLayerOperation(once, { kind: 'swap', a: 1, b: 2 })).toEqual(state());
  });

  it('clear layer 2 to KC_NO writes only that layer', () => {
    const next = applyLayerOperation(state(), { kind: 'clear', layer: 2, code: KC_NO });
    expect(next.keymap[2]).toEqual(new Array(20).fill(KC_NO));
    const plan = planLayerWrites(state(), next);
    expect(plan.chunks.map((c) => [c.offset, c.bytes.length])).toEqual([
      [80, 28],
      [108, 12],
    ]);
    expect(plan.chunks.flatMap((c) => c.bytes).every((b) => b === 0)).toBe(true);
    expect(plan.encoders).toHaveLength(2);
  });

  it('clear an already transparent layer to KC_TRNS writes nothing', () => {
    const next = applyLayerOperation(state(), { kind: 'clear', layer: 1, code: KC_TRNS });
    expect(planLayerWrites(state(), next)).toEqual({ chunks: [], encoders: [] });
  });

  it('undo is the plan back to the state before', () => {
    const before = state();
    const after = applyLayerOperation(before, { kind: 'copy', from: 2, to: 0 });
    const undo = planLayerWrites(after, before);
    expect(undo.chunks.map((c) => c.offset)).toEqual([0, 28]);
    expect(undo.chunks[0]!.bytes.slice(0, 2)).toEqual([0x00, 0x04]);
  });

  it('refuses a layer that does not exist', () => {
    expect(() => applyLayerOperation(state(), { kind: 'copy', from: 0, to: 3 })).toThrow(RangeError);
  });
});

describe('assignedCount', () => {
  it('counts the keys and encoder directions that do something: what a copy or clear would lose', () => {
    expect(assignedCount(state(), 0)).toBe(22);
    expect(assignedCount(state(), 1)).toBe(0);
    const some = applyLayerOperation(state(), { kind: 'clear', layer: 2, code: KC_NO });
    expect(assignedCount(some, 2)).toBe(0);
    expect(assignedCount(state(), 7)).toBe(0);
  });
});
