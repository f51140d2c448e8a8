import { describe, expect, it } from 'vitest';
import { settle, zmkTestRig } from '../../../tests/support/zmkTestRig.ts';
import { serialZmkTransport } from '../../transport/zmkSerialTransport.ts';
import { ZmkRpcClient } from '../../zmk-studio/ZmkRpcClient.ts';
import { ZmkCore } from '../../zmk-studio/ZmkCore.ts';
import { keymapRequest } from '../../zmk-studio/requests.ts';
import { behaviorByLabel } from './zmkBehaviorTable.ts';
import { zmkDemoPeripheral } from './zmkDemoKeyboard.ts';

const KP = behaviorByLabel('kp').localId;
const B = 0x070005;

async function unlocked() {
  const rig = zmkTestRig();
  await rig.gate.refresh();
  rig.keyboard.pressStudioUnlock();
  await settle();
  return rig;
}

describe('the lock', () => {
  it('starts locked: device info and the behavior list work, the keymap waits for &studio_unlock', async () => {
    const rig = zmkTestRig();
    expect(await rig.gate.refresh()).toBe('locked');
    expect((await rig.core.deviceInfo()).name).toBe('Keyloom Split 42');
    expect(await rig.behaviors.list()).toHaveLength(17);
    const keymap = rig.keymap.keymap();
    await settle();
    expect(rig.gate.snapshot()).toEqual({ state: 'locked', waiting: ['keymap.getKeymap'] });
    expect(rig.keyboard.pressStudioUnlock()).toBe(true);
    const data = await keymap;
    expect(rig.gate.snapshot()).toEqual({ state: 'unlocked', waiting: [] });
    expect(data.layers.map((l) => [l.id, l.name])).toEqual([
      [0, 'Base'],
      [1, 'Lower'],
      [2, 'Raise'],
      [3, 'Adjust'],
    ]);
    expect(data.availableLayers).toBe(2);
    expect(data.maxLayerNameLength).toBe(20);
    expect(data.layers[0]!.bindings).toHaveLength(42);
  });

  it('a request sent without knowing the state is refused, then waits and goes on after the unlock', async () => {
    const rig = zmkTestRig();
    const layouts = rig.keymap.physicalLayouts();
    await settle();
    expect(rig.gate.snapshot()).toEqual({ state: 'locked', waiting: ['keymap.getPhysicalLayouts'] });
    rig.keyboard.pressStudioUnlock();
    expect((await layouts).layouts.map((l) => l.name)).toEqual(['6 columns', '5 columns']);
  });

  it('re-locks after ten idle minutes; the next request waits for the unlock again', async () => {
    const rig = await unlocked();
    await rig.keymap.hasUnsavedChanges();
    rig.fire(600_000);
    await settle();
    expect(rig.gate.snapshot().state).toBe('locked');
    const pending = rig.keymap.hasUnsavedChanges();
    await settle();
    expect(rig.gate.snapshot().waiting).toEqual(['keymap.checkUnsavedChanges']);
    rig.keyboard.pressStudioUnlock();
    expect(await pending).toBe(false);
  });

  it('a re-lock the app did not hear of (sent over Bluetooth) shows as UNLOCK_REQUIRED and is waited out', async () => {
    const rig = await unlocked();
    rig.keyboard.firmware.setOutput('ble');
    rig.keyboard.firmware.setOutput('usb');
    await settle();
    expect(rig.gate.snapshot().state).toBe('unlocked');
    const pending = rig.keymap.keymap();
    await settle();
    expect(rig.gate.snapshot()).toEqual({ state: 'locked', waiting: ['keymap.getKeymap'] });
    rig.keyboard.pressStudioUnlock();
    expect((await pending).layers).toHaveLength(4);
  });

  it('reports core.lock unsupported (no handler in the firmware) instead of failing later requests', async () => {
    const rig = await unlocked();
    await expect(
      rig.client.request({ case: 'core', value: { requestType: { case: 'lock', value: true } } } as never),
    ).rejects.toMatchObject({
      code: 'notFound',
    });
    expect(rig.client.supports('core.lock')).toBe(false);
    expect(await rig.core.lockState()).toBe('unlocked');
  });
});

describe('keymap editing', () => {
  it('set binding: the unsaved notification arrives before the reply; save stores it, discard drops the rest', async () => {
    const rig = await unlocked();
    const events: string[] = [];
    rig.client.onNotification((n) =>
      events.push(`notification ${String(n.subsystem.value?.notificationType.value)}`),
    );
    await rig.keymap
      .setBinding(1, 0, { behaviorId: KP, param1: B, param2: 0 })
      .then(() => events.push('reply'));
    expect(events).toEqual(['notification true', 'reply']);
    expect(await rig.keymap.hasUnsavedChanges()).toBe(true);
    await rig.keymap.save();
    expect(await rig.keymap.hasUnsavedChanges()).toBe(false);
    expect(rig.keyboard.firmware.keymap.settings.bindings['1/0']).toEqual([KP, B, 0]);
    await rig.keymap.setBinding(1, 1, { behaviorId: KP, param1: B, param2: 0 });
    await rig.keymap.discard();
    const layer = (await rig.keymap.keymap()).layers[1]!;
    expect(layer.bindings[0]).toEqual({ behaviorId: KP, param1: B, param2: 0 });
    expect(layer.bindings[1]).toEqual({ behaviorId: KP, param1: 0x07001e, param2: 0 });
  });

  it('refuses what the firmware refuses, each worded', async () => {
    const rig = await unlocked();
    await expect(rig.keymap.setBinding(1, 0, { behaviorId: KP, param1: 0, param2: 0 })).rejects.toMatchObject(
      {
        code: 'bindingInvalidParameters',
        message: 'The keyboard refused the behavior’s parameters.',
      },
    );
    await expect(rig.keymap.setBinding(1, 0, { behaviorId: 99, param1: 0, param2: 0 })).rejects.toMatchObject(
      {
        code: 'bindingInvalidBehavior',
      },
    );
    await expect(rig.keymap.setBinding(9, 0, { behaviorId: KP, param1: B, param2: 0 })).rejects.toMatchObject(
      {
        code: 'bindingInvalidLocation',
      },
    );
    await expect(rig.keymap.setLayerName(0, 'x'.repeat(20), 20)).rejects.toMatchObject({
      code: 'invalidRequest',
    });
  });

  it('layers: add from the reserved slots, rename, move, remove and restore by id; indexes shift, ids stay', async () => {
    const rig = await unlocked();
    expect(await rig.keymap.addLayer()).toMatchObject({ index: 4, layer: { id: 4, name: '' } });
    await rig.keymap.setLayerName(4, 'Nav', 20);
    expect((await rig.keymap.moveLayer(4, 1)).layers.map((l) => `${l.id}:${l.name}`)).toEqual([
      '0:Base',
      '4:Nav',
      '1:Lower',
      '2:Raise',
      '3:Adjust',
    ]);
    await rig.keymap.removeLayer(1);
    let keymap = await rig.keymap.keymap();
    expect(keymap.layers.map((l) => l.id)).toEqual([0, 1, 2, 3]);
    expect(keymap.availableLayers).toBe(2);
    expect(await rig.keymap.restoreLayer(4, 1)).toMatchObject({ id: 4, name: 'Nav' });
    await rig.keymap.addLayer();
    await expect(rig.keymap.addLayer()).rejects.toMatchObject({ code: 'addNoSpace' });
    keymap = await rig.keymap.keymap();
    expect(keymap.layers.map((l) => l.id)).toEqual([0, 4, 1, 2, 3, 5]);
    expect(keymap.availableLayers).toBe(0);
    await expect(rig.keymap.removeLayer(6)).rejects.toMatchObject({ code: 'removeInvalidIndex' });
  });

  it('physical layouts: the 5-column layout maps its keys to the stock ones; keys it lacks take no binding', async () => {
    const rig = await unlocked();
    const layouts = await rig.keymap.physicalLayouts();
    expect(layouts.activeIndex).toBe(0);
    expect(layouts.layouts.map((l) => l.keys.length)).toEqual([42, 36]);
    expect(layouts.layouts[0]!.keys[38]).toEqual({
      width: 100,
      height: 150,
      x: 560,
      y: 330,
      r: 1500,
      rx: 610,
      ry: 405,
    });
    const keymap = await rig.keymap.setActivePhysicalLayout(1);
    const base = keymap.layers[0]!.bindings;
    expect(base[0]).toEqual({ behaviorId: KP, param1: 0x070014, param2: 0 }); // Q, the stock layout's second key
    expect(base[40]).toEqual({ behaviorId: 0, param1: 0, param2: 0 });
    await expect(
      rig.keymap.setBinding(0, 40, { behaviorId: KP, param1: B, param2: 0 }),
    ).rejects.toMatchObject({
      code: 'bindingInvalidLocation',
    });
    expect(await rig.keymap.hasUnsavedChanges()).toBe(true);
    await rig.keymap.discard();
    expect((await rig.keymap.physicalLayouts()).activeIndex).toBe(0);
  });
});

describe('faults', () => {
  it('replies split at every byte, with garbage between frames, still arrive whole', async () => {
    const rig = await unlocked();
    rig.keyboard.faults.splitEveryByte = true;
    rig.keyboard.faults.garbage = Uint8Array.of(0x00, 0xad, 0x0a, 0xac, 0xff);
    const keymap = await rig.keymap.keymap();
    expect(keymap.layers).toHaveLength(4);
    expect(rig.client.skippedFrames).toBe(0);
  });

  it('a dropped reply fails its request with a timeout; the next request is answered', async () => {
    const rig = await unlocked();
    rig.keyboard.faults.dropReplies = 1;
    await expect(rig.keymap.hasUnsavedChanges()).rejects.toMatchObject({ code: 'timeout' });
    expect(await rig.keymap.hasUnsavedChanges()).toBe(false);
  });

  it('a late reply to a request that timed out is dropped, not taken for the next one', async () => {
    const rig = await unlocked();
    rig.keyboard.faults.latencyMs = 1;
    await expect(rig.core.deviceInfo()).rejects.toMatchObject({ code: 'timeout' });
    const lockState = rig.core.lockState();
    await settle();
    // Both replies arrive now, the late one first, while the second request waits for its own.
    rig.fire(1);
    expect(await lockState).toBe('unlocked');
    expect(rig.client.skippedFrames).toBe(1);
  });

  it('notifications between a request and its reply are delivered and do not answer it', async () => {
    const rig = await unlocked();
    rig.keyboard.faults.notificationBeforeReply = true;
    const seen: unknown[] = [];
    rig.client.onNotification((n) => seen.push(n.subsystem.value?.notificationType.value));
    expect((await rig.keymap.physicalLayouts()).layouts).toHaveLength(2);
    expect(await rig.keymap.hasUnsavedChanges()).toBe(false);
    expect(seen).toEqual([false, false]);
  });

  it('with output on Bluetooth the USB port answers nothing: the timeout says why', async () => {
    const rig = zmkTestRig();
    rig.keyboard.firmware.setOutput('ble');
    await expect(rig.core.deviceInfo()).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringContaining('output is set to Bluetooth'),
    });
  });

  it('the peripheral half of a split never answers', async () => {
    const peripheral = zmkDemoPeripheral();
    const core = new ZmkCore(
      new ZmkRpcClient(serialZmkTransport(peripheral.serialPort), { silenceTimeoutMs: 50 }),
    );
    await expect(core.deviceInfo()).rejects.toMatchObject({ code: 'timeout' });
  });

  it('an unplug fails the request in flight and every later one as disconnected', async () => {
    const rig = await unlocked();
    rig.keyboard.faults.dropReplies = 1;
    const pending = rig.keymap.keymap();
    await settle();
    rig.keyboard.unplug();
    await expect(pending).rejects.toMatchObject({ code: 'disconnected' });
    await expect(rig.core.lockState()).rejects.toMatchObject({ code: 'disconnected' });
  });

  it('a request the keyboard cannot read (a hand-made one) gets no reply and times out', async () => {
    const rig = await unlocked();
    const tooLong = keymapRequest({
      case: 'setLayerProps',
      value: { layerId: 1, name: 'y'.repeat(25) } as never,
    });
    await expect(rig.client.request(tooLong)).rejects.toMatchObject({ code: 'timeout' });
  });
});
