import { describe, expect, it } from 'vitest';
import {
  draftComplete,
  draftParam1Editor,
  draftParam2Editor,
  MODIFIER_HOLD,
  draftParams,
  holdsModifier,
  nextParam2,
  paramRole,
  withProfileRangeFixed,
} from './bindingDraft.ts';
import { encodeHidUsage, ZMK_MODIFIER_KEYS } from './hidUsage.ts';
import type { ZmkBehavior, ZmkParamValue } from './behavior.ts';

const key: ZmkParamValue = { name: 'Key', kind: 'hidUsage', keyboardMax: 0xff, consumerMax: 0xff };
const layer: ZmkParamValue = { name: 'Layer', kind: 'layerId' };
const layers = [
  { id: 0, name: 'Base' },
  { id: 1, name: 'Lower' },
  { id: 3, name: 'Gone', removed: true },
];
const usage = (id: number) => encodeHidUsage({ modifiers: 0, page: 7, id });
const [A, Q, LCTRL, SPACE] = [usage(0x04), usage(0x14), usage(0xe0), usage(0x2c)];

const kp: ZmkBehavior = { id: 1, displayName: 'Key Press', sets: [{ param1: [key], param2: [] }] };
const sk: ZmkBehavior = { id: 2, displayName: 'Sticky Key', sets: [{ param1: [key], param2: [] }] };
// ZMK describes every hold-tap alike: the hold behavior's first parameter, the tap behavior's ("Key", "Key").
const mt: ZmkBehavior = { id: 3, displayName: 'Mod-Tap', sets: [{ param1: [key], param2: [key] }] };
const lt: ZmkBehavior = { id: 4, displayName: 'Layer-Tap', sets: [{ param1: [layer], param2: [key] }] };
const mo: ZmkBehavior = { id: 5, displayName: 'Momentary Layer', sets: [{ param1: [layer], param2: [] }] };
const reset: ZmkBehavior = { id: 6, displayName: 'Reset', sets: [] };
const bt: ZmkBehavior = {
  id: 7,
  displayName: 'Bluetooth',
  sets: [
    { param1: [{ name: 'Next Profile', kind: 'constant', value: 1 }], param2: [] },
    {
      param1: [{ name: 'Select Profile', kind: 'constant', value: 3 }],
      param2: [{ name: 'Profile', kind: 'range', min: 0, max: 4 }],
    },
  ],
};
const out: ZmkBehavior = {
  id: 8,
  displayName: 'Output Selection',
  sets: [{ param1: [{ name: 'USB Output', kind: 'constant', value: 1 }], param2: [] }],
};

describe('switching a key to another behavior guesses nothing', () => {
  it('&kp Q → Mod-Tap: Q is the tap, the hold is left to choose; complete only with both', () => {
    const draft = draftParams(mt, layers, { param1: Q, param2: 0 });
    expect(draft).toEqual({ param1: null, param2: Q });
    expect(draftComplete(mt, layers, draft)).toBeNull();
    expect(draftComplete(mt, layers, { ...draft, param1: LCTRL })).toEqual({ param1: LCTRL, param2: Q });
  });

  it('Layer-Tap ↔ Mod-Tap keep the tap key and ask for the hold', () => {
    expect(draftParams(mt, layers, { param1: 1, param2: SPACE })).toEqual({ param1: null, param2: SPACE });
    expect(draftParams(lt, layers, { param1: LCTRL, param2: SPACE })).toEqual({
      param1: null,
      param2: SPACE,
    });
    expect(draftParams(lt, layers, { param1: A, param2: 0 })).toEqual({ param1: null, param2: A });
  });

  it('keeps what fits as it is (&kp A → &sk A), asks for a layer, a command, a value', () => {
    expect(draftParams(sk, layers, { param1: A, param2: 0 })).toEqual({ param1: A, param2: 0 });
    expect(draftParams(mo, layers, { param1: A, param2: 0 })).toEqual({ param1: null, param2: 0 });
    expect(draftParams(bt, layers, { param1: A, param2: 0 })).toEqual({ param1: null, param2: null });
    expect(draftParams(out, layers, { param1: A, param2: 0 })).toEqual({ param1: 1, param2: 0 });
    expect(draftParams(reset, layers, { param1: A, param2: 0 })).toEqual({ param1: 0, param2: 0 });
  });

  it('never takes a removed layer as a valid choice', () => {
    expect(draftParams(mo, layers, { param1: 3, param2: 0 })).toEqual({ param1: null, param2: 0 });
    expect(draftComplete(mo, layers, { param1: 3, param2: 0 })).toBeNull();
    expect(draftComplete(mo, layers, { param1: 1, param2: 0 })).toEqual({ param1: 1, param2: 0 });
  });

  it('a first parameter picking another set keeps param2 when it fits, else asks for it', () => {
    expect(nextParam2(bt, layers, 1, null)).toBe(0);
    expect(nextParam2(bt, layers, 3, 0)).toBe(0);
    expect(nextParam2(bt, layers, 3, 9)).toBeNull();
    expect(nextParam2(kp, layers, A, 0)).toBe(0);
  });

  it('labels a hold-tap by role, and only a key hold as a modifier', () => {
    expect([paramRole(mt, 1), paramRole(mt, 2), paramRole(bt, 1), paramRole(kp, 1)]).toEqual([
      'hold',
      'tap',
      null,
      null,
    ]);
    expect([holdsModifier(mt), holdsModifier(lt), holdsModifier(bt)]).toEqual([true, false, false]);
  });

  it('offers five Bluetooth profiles as 0–4, though the firmware describes 0–ZMK_BLE_PROFILE_COUNT', () => {
    const slipped: ZmkBehavior = {
      ...bt,
      sets: [bt.sets[0]!, { ...bt.sets[1]!, param2: [{ name: 'Profile', kind: 'range', min: 0, max: 5 }] }],
    };
    expect(withProfileRangeFixed(slipped).sets[1]!.param2).toEqual([
      { name: 'Profile', kind: 'range', min: 0, max: 4 },
    ]);
    expect(withProfileRangeFixed(kp)).toBe(kp);
  });
});

describe('how a draft’s parameters are chosen', () => {
  it('a Mod-Tap’s hold is a modifier from Left Ctrl (0xE0) to Right GUI (0xE7); a Layer-Tap’s is a layer', () => {
    expect(draftParam1Editor(mt, layers)).toBe(MODIFIER_HOLD);
    expect(ZMK_MODIFIER_KEYS.map((m) => m.usage)).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => usage(0xe0 + i)),
    );
    expect(ZMK_MODIFIER_KEYS[0]!.name).toBe('LCTL');
    expect(draftParam1Editor(lt, layers).kind).toBe('layer');
  });

  it('the tap is offered while the hold is still to choose', () => {
    expect(draftParam2Editor(mt, layers, null)?.kind).toBe('hidUsage');
    expect(draftParam2Editor(kp, layers, Q)?.kind).toBe('none');
  });
});
