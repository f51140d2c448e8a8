import { describe, expect, it } from 'vitest';
import { bindingLabel, shortBehaviorName } from './bindingLabel.ts';
import { encodeHidUsage, ZMK_MODS } from './hidUsage.ts';
import type { ZmkBehavior, ZmkParamValue } from './behavior.ts';

const key: ZmkParamValue = { name: 'Key', kind: 'hidUsage', keyboardMax: 0xff, consumerMax: 0xff };
const layer: ZmkParamValue = { name: 'Layer', kind: 'layerId' };
const kp: ZmkBehavior = { id: 7, displayName: 'Key Press', sets: [{ param1: [key], param2: [] }] };
const sk: ZmkBehavior = { id: 8, displayName: 'Sticky Key', sets: [{ param1: [key], param2: [] }] };
const mo: ZmkBehavior = { id: 9, displayName: 'Momentary Layer', sets: [{ param1: [layer], param2: [] }] };
const lt: ZmkBehavior = { id: 10, displayName: 'Layer-Tap', sets: [{ param1: [layer], param2: [key] }] };
const trans: ZmkBehavior = { id: 11, displayName: 'Transparent', sets: [] };
const unlock: ZmkBehavior = { id: 12, displayName: 'Studio Unlock', sets: [] };
const out: ZmkBehavior = {
  id: 13,
  displayName: 'Output Selection',
  sets: [{ param1: [{ name: 'USB Output', kind: 'constant', value: 1 }], param2: [] }],
};
const layers = [
  { id: 0, name: 'Base' },
  { id: 3, name: 'Nav' },
];
const A = encodeHidUsage({ modifiers: 0, page: 7, id: 0x04 });
const label = (behavior: ZmkBehavior | null, param1 = 0, param2 = 0, behaviorId = behavior?.id ?? 0) =>
  bindingLabel({ behaviorId, param1, param2 }, behavior, layers, 'us');

describe('ZMK key faces', () => {
  it("draws &kp with Keyloom's legend for the key, and names the behavior for listeners", () => {
    expect(label(kp, A)).toMatchObject({ label: 'A', title: 'A', tooltipLabel: 'Key Press: A' });
    expect(label(kp, encodeHidUsage({ modifiers: ZMK_MODS.LSFT, page: 7, id: 0x1e })).label).toBe('!');
  });

  it('draws a behavior with one parameter as its short name and the parameter: layers by name, not id', () => {
    expect(label(mo, 3)).toMatchObject({ label: 'MO Nav', title: 'Momentary Layer: Nav' });
    expect(label(sk, A)).toMatchObject({ label: 'SK A', title: 'Sticky Key: A' });
    expect(label(out, 1)).toMatchObject({ label: 'OUT USB', title: 'Output Selection: USB Output' });
  });

  it("writes ZMK's short words for Bluetooth commands on one line: BT 0, BT Next, BT Disc 1", () => {
    const bt: ZmkBehavior = {
      id: 14,
      displayName: 'Bluetooth',
      sets: [
        { param1: [{ name: 'Next Profile', kind: 'constant', value: 1 }], param2: [] },
        {
          param1: [
            { name: 'Select Profile', kind: 'constant', value: 3 },
            { name: 'Disconnect Profile', kind: 'constant', value: 5 },
          ],
          param2: [{ name: 'Profile', kind: 'range', min: 0, max: 4 }],
        },
      ],
    };
    expect(label(bt, 3, 0)).toEqual({
      label: 'BT 0',
      title: 'Bluetooth: Select Profile, 0',
      tooltipLabel: 'Bluetooth: Select Profile, 0',
    });
    expect(label(bt, 1).label).toBe('BT Next');
    expect(label(bt, 5, 1).label).toBe('BT Disc 1');
  });

  it('shortens a behavior it does not know to its initials, and keeps short names', () => {
    expect(shortBehaviorName('Mouse Key Press')).toBe('MKP');
    expect(shortBehaviorName('Macro')).toBe('Macro');
  });

  it('draws two parameters one over the other, the title naming all', () => {
    const space = encodeHidUsage({ modifiers: 0, page: 7, id: 0x2c });
    expect(label(lt, 3, space)).toMatchObject({
      topLabel: 'Nav',
      bottomLabel: 'Space',
      title: 'Layer-Tap: Nav, Space',
    });
  });

  it('draws &trans as Keyloom draws KC_TRNS, other behaviors without parameters by name', () => {
    expect(label(trans)).toEqual({ label: '▽', title: 'Transparent' });
    expect(label(unlock)).toEqual({ label: 'Unlock', title: 'Studio Unlock' });
  });

  it('leaves an unmapped position blank and shows an undescribed behavior by its id', () => {
    expect(label(null)).toEqual({ label: '', title: 'Nothing' });
    expect(label(null, 0, 0, 42)).toEqual({ label: '#42', title: '#42' });
  });

  it('shows a usage no keycode stands for by page and id', () => {
    expect(label(kp, encodeHidUsage({ modifiers: 0, page: 7, id: 0xb0 })).label).toBe('Key 0xB0');
  });

  it('marks a layer parameter naming a layer not in the order as removed (its name when known), keeping the tap', () => {
    expect(label(mo, 5)).toMatchObject({ label: 'MO ⊘#5', title: 'Momentary Layer: removed layer #5' });
    const withRemoved = [...layers, { id: 5, name: 'Sym', removed: true }];
    const space = encodeHidUsage({ modifiers: 0, page: 7, id: 0x2c });
    expect(bindingLabel({ behaviorId: 10, param1: 5, param2: space }, lt, withRemoved, 'us')).toMatchObject({
      topLabel: '⊘Sym',
      bottomLabel: 'Space',
      title: 'Layer-Tap: removed layer Sym, Space',
    });
    // A removed layer is not one a binding may name: its id does not read as a shown layer.
    expect(bindingLabel({ behaviorId: 9, param1: 5, param2: 0 }, mo, withRemoved, 'us').label).toBe(
      'MO ⊘Sym',
    );
  });
});
