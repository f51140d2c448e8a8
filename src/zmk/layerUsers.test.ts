import { describe, expect, it } from 'vitest';
import { layerUsers } from './layerUsers.ts';
import type { ZmkBehavior, ZmkParamValue } from './behavior.ts';
import type { ZmkBinding, ZmkLayer } from './keymapData.ts';

const key: ZmkParamValue = { name: 'Key', kind: 'hidUsage', keyboardMax: 0xff, consumerMax: 0xff };
const layer: ZmkParamValue = { name: 'Layer', kind: 'layerId' };
const behaviors: ZmkBehavior[] = [
  { id: 1, displayName: 'Key Press', sets: [{ param1: [key], param2: [] }] },
  { id: 2, displayName: 'Momentary Layer', sets: [{ param1: [layer], param2: [] }] },
  { id: 3, displayName: 'Layer-Tap', sets: [{ param1: [layer], param2: [key] }] },
  { id: 4, displayName: 'Sticky Layer', sets: [{ param1: [layer], param2: [] }] },
  {
    id: 5,
    displayName: 'Range',
    sets: [{ param1: [{ name: 'N', kind: 'range', min: 0, max: 9 }], param2: [] }],
  },
];
const b = (behaviorId: number, param1 = 0, param2 = 0): ZmkBinding => ({ behaviorId, param1, param2 });
const layers: ZmkLayer[] = [
  { id: 0, name: 'Base', bindings: [b(1, 2), b(2, 2), b(3, 2, 0x070004), b(5, 2), b(4, 2)] },
  { id: 2, name: 'Nav', bindings: [b(2, 2), b(1, 4), b(0), b(0), b(0)] },
  { id: 3, name: 'Fn', bindings: [b(2, 0), b(4, 2), b(0), b(0), b(0)] },
];

describe('keys that name a layer', () => {
  it('finds &mo, &lt and &sl naming the layer by id on the other layers, not a key or a number equal to it', () => {
    expect(layerUsers(layers, behaviors, 2, 5)).toEqual([
      { layerId: 0, layerIndex: 0, layerName: 'Base', position: 1, behaviorName: 'Momentary Layer' },
      { layerId: 0, layerIndex: 0, layerName: 'Base', position: 2, behaviorName: 'Layer-Tap' },
      { layerId: 0, layerIndex: 0, layerName: 'Base', position: 4, behaviorName: 'Sticky Layer' },
      { layerId: 3, layerIndex: 2, layerName: 'Fn', position: 1, behaviorName: 'Sticky Layer' },
    ]);
  });

  it('leaves out positions the selected layout does not have, and a layer nothing names', () => {
    expect(layerUsers(layers, behaviors, 2, 2).map((u) => u.position)).toEqual([1, 1]);
    expect(layerUsers(layers, behaviors, 7, 5)).toEqual([]);
  });
});
