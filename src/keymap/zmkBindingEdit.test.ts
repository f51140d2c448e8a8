import { describe, expect, it } from 'vitest';
import type { ZmkBehavior, ZmkParamValue } from '../zmk/behavior.ts';
import { encodeHidUsage } from '../zmk/hidUsage.ts';
import { behaviorStep, bindingStep, restartBehaviorIds } from './zmkBindingEdit.ts';

const key: ZmkParamValue = { name: 'Key', kind: 'hidUsage', keyboardMax: 0xff, consumerMax: 0xff };
const layer: ZmkParamValue = { name: 'Layer', kind: 'layerId' };
const layers = [
  { id: 0, name: 'Base' },
  { id: 1, name: 'Lower' },
];
const usage = (id: number) => encodeHidUsage({ modifiers: 0, page: 7, id });
const [Q, LCTRL] = [usage(0x14), usage(0xe0)];

const kp: ZmkBehavior = { id: 1, displayName: 'Key Press', sets: [{ param1: [key], param2: [] }] };
const mt: ZmkBehavior = { id: 3, displayName: 'Mod-Tap', sets: [{ param1: [key], param2: [key] }] };
const mo: ZmkBehavior = { id: 5, displayName: 'Momentary Layer', sets: [{ param1: [layer], param2: [] }] };
const reset: ZmkBehavior = { id: 6, displayName: 'Reset', sets: [] };
const boot: ZmkBehavior = { id: 7, displayName: 'Bootloader', sets: [] };
const behaviors = [kp, mt, mo, reset, boot];
const restarting = restartBehaviorIds(behaviors);
const onQ = { current: { behaviorId: kp.id, param1: Q, param2: 0 }, layers, restarting };

describe('a binding reaches the keyboard only once every parameter is chosen and valid', () => {
  it('switching &kp Q to a Mod-Tap keeps Q as the tap and waits for a modifier, writing nothing', () => {
    expect(behaviorStep(mt, onQ)).toEqual({
      kind: 'draft',
      draft: { behaviorId: mt.id, param1: null, param2: Q },
    });
  });

  it('the modifier chosen completes the Mod-Tap, which is then sent', () => {
    expect(bindingStep(mt, { param1: LCTRL, param2: Q }, onQ)).toEqual({
      kind: 'send',
      binding: { behaviorId: mt.id, param1: LCTRL, param2: Q },
    });
  });

  it('a layer the keyboard does not have is not sent', () => {
    expect(bindingStep(mo, { param1: 4, param2: 0 }, onQ).kind).toBe('draft');
  });

  it('going back to the key’s own behavior drops the draft', () => {
    expect(behaviorStep(kp, onQ)).toEqual({ kind: 'drop' });
  });
});

describe('a behavior that restarts the keyboard is asked first', () => {
  it('knows &sys_reset and &bootloader by their names', () => {
    expect(restarting).toEqual([reset.id, boot.id]);
  });

  it('asks before binding &sys_reset or &bootloader to a key', () => {
    expect(behaviorStep(reset, onQ)).toEqual({
      kind: 'ask',
      binding: { behaviorId: reset.id, param1: 0, param2: 0 },
    });
    expect(behaviorStep(boot, onQ).kind).toBe('ask');
  });

  it('does not ask again for a key that already restarts the keyboard', () => {
    const onReset = { ...onQ, current: { behaviorId: reset.id, param1: 0, param2: 0 } };
    expect(bindingStep(reset, { param1: 0, param2: 0 }, onReset).kind).toBe('send');
  });
});
