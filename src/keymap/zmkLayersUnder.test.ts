import { describe, expect, it } from 'vitest';
import { zmkTestRig } from '../../tests/support/zmkTestRig.ts';
import { toggleUnder, underIndexes } from './zmkLayersUnder.ts';

describe('layers marked on under a ZMK layer, kept by layer id', () => {
  it('moving a layer keeps the choice on the same layers', async () => {
    const rig = zmkTestRig({ locking: false });
    await rig.keymap.addLayer();
    const before = await rig.keymap.keymap();
    expect(before.layers.length).toBeGreaterThanOrEqual(4);
    const top = before.layers.length - 1;
    // Under the top layer: layer 1 on (with the default layer).
    const under = toggleUnder(before, {}, top, 1, [0]);
    expect(underIndexes(before, under, top)).toEqual([0, 1]);
    const shownId = before.layers[top]!.id;
    const markedId = before.layers[1]!.id;

    // Move layer 1 up to index 2: the marked layer is now at 2, the shown one still on top.
    const after = await rig.keymap.moveLayer(1, 2);
    expect(after.layers[2]!.id).toBe(markedId);
    expect(after.layers[top]!.id).toBe(shownId);
    expect(underIndexes(after, under, top)).toEqual([0, 2]);

    // Move the shown layer down to index 2: its choice follows it, and a marked layer now above it drops out.
    const moved = await rig.keymap.moveLayer(top, 2);
    const shownAt = moved.layers.findIndex((l) => l.id === shownId);
    expect(shownAt).toBe(2);
    const marks = underIndexes(moved, under, shownAt)!;
    expect(moved.layers.findIndex((l) => l.id === markedId)).toBe(3);
    expect(marks.map((i) => moved.layers[i]!.id)).toEqual([before.layers[0]!.id]);
    // Another layer, not the moved one, now at the old index shows no choice of its own.
    expect(underIndexes(moved, under, top)).toBeNull();
  });
});
