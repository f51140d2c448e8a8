import { describe, expect, it } from 'vitest';
import { ZmkBehaviors } from './ZmkBehaviors.ts';
import { ZmkCore } from './ZmkCore.ts';
import { ZmkKeymap } from './ZmkKeymap.ts';
import { ZmkRpcClient } from './ZmkRpcClient.ts';
import { ScriptedTransport, type ScriptedExchange } from './testing.ts';

/*
 * Every request and reply byte for byte. The vectors are encoded by hand from the vendored .proto files
 * (src/zmk/proto, the revision ZMK pins), not by the library under test: a field's tag is
 * (field number << 3 | wire type), wire type 0 = varint, 2 = length-delimited; sint32 fields are zigzag
 * encoded (n << 1 ^ n >> 31: 3 → 06, -1500 → 2999 → b7 17); proto3 leaves fields at their default out, except
 * a oneof member, which is always written. Each client starts at request id 1, so every request begins
 * `08 01` (Request.request_id = 1) and every reply `0a LL 08 01` (Response.request_response, its request_id).
 * Subsystems in a Request: core = field 3 (1a), behaviors = 4 (22), keymap = 5 (2a).
 */

function client(script: ScriptedExchange[]) {
  const transport = new ScriptedTransport(script);
  const rpc = new ZmkRpcClient(transport);
  return {
    transport,
    core: new ZmkCore(rpc),
    keymap: new ZmkKeymap(rpc),
    behaviors: new ZmkBehaviors(rpc),
    rpc,
  };
}

describe('core requests and replies', () => {
  it('get_device_info: core.Request field 1 = true; the reply names the keyboard, serial bytes ab cd', async () => {
    const { core, transport } = client([
      {
        request: '08 01 1a 02 08 01',
        // Response.request_response { request_id 1, core { get_device_info { name "Split", serial_number ab cd } } }
        replies: ['0a 11 08 01 1a 0d 0a 0b 0a 05 53 70 6c 69 74 12 02 ab cd'],
      },
    ]);
    const info = await core.deviceInfo();
    expect(info.name).toBe('Split');
    expect([...info.serialNumber]).toEqual([0xab, 0xcd]);
    expect(transport.remaining).toBe(0);
  });

  it('get_lock_state: field 2; LOCKED (0) is written, being a oneof member', async () => {
    const { core } = client([{ request: '08 01 1a 02 10 01', replies: ['0a 06 08 01 1a 02 10 00'] }]);
    expect(await core.lockState()).toBe('locked');
  });

  it('get_lock_state: UNLOCKED is 1', async () => {
    const { core } = client([{ request: '08 01 1a 02 10 01', replies: ['0a 06 08 01 1a 02 10 01'] }]);
    expect(await core.lockState()).toBe('unlocked');
  });

  it('reset_settings: field 4; a false reply is a worded failure', async () => {
    const { core } = client([
      { request: '08 01 1a 02 20 01', replies: ['0a 06 08 01 1a 02 20 01'] },
      { request: '08 02 1a 02 20 01', replies: ['0a 06 08 02 1a 02 20 00'] },
    ]);
    await core.resetSettings();
    await expect(core.resetSettings()).rejects.toMatchObject({
      code: 'resetFailed',
      request: 'core.resetSettings',
    });
  });
});

describe('meta replies', () => {
  it('UNLOCK_REQUIRED: RequestResponse.meta (field 2) { simple_error (2) = 1 }', async () => {
    const { keymap } = client([{ request: '08 01 2a 02 08 01', replies: ['0a 06 08 01 12 02 10 01'] }]);
    await expect(keymap.keymap()).rejects.toMatchObject({
      code: 'unlockRequired',
      request: 'keymap.getKeymap',
    });
  });

  it('RPC_NOT_FOUND with request id 0 (an unknown subsystem) answers the request in flight', async () => {
    const { keymap, rpc } = client([{ request: '08 01 2a 02 30 01', replies: ['0a 04 12 02 10 02'] }]);
    await expect(keymap.physicalLayouts()).rejects.toMatchObject({ code: 'notFound' });
    expect(rpc.supports('keymap.getPhysicalLayouts')).toBe(false);
    expect(rpc.supports('keymap.getKeymap')).toBe(true);
  });

  it('GENERIC (0) is written as simple_error 0', async () => {
    const { behaviors } = client([{ request: '08 01 22 02 12 00', replies: ['0a 06 08 01 12 02 10 00'] }]);
    await expect(behaviors.details(0)).rejects.toMatchObject({ code: 'generic' });
  });
});

describe('behaviors requests and replies', () => {
  it('list_all_behaviors: the firmware writes the ids unpacked (tag 08 before each)', async () => {
    const { behaviors } = client([
      { request: '08 01 22 02 08 01', replies: ['0a 0c 08 01 22 08 0a 06 08 01 08 02 08 0d'] },
    ]);
    expect(await behaviors.list()).toEqual([1, 2, 13]);
  });

  it('list_all_behaviors: packed ids (0a, length 3) read the same', async () => {
    const { behaviors } = client([
      { request: '08 01 22 02 08 01', replies: ['0a 09 08 01 22 05 0a 03 0a 03 01 02 0d'] },
    ]);
    expect(await behaviors.list()).toEqual([1, 2, 13]);
  });

  it('get_behavior_details: &lt with a layer id param1 and a HID usage param2 (maxima 255 → ff 01)', async () => {
    const { behaviors } = client([
      {
        // behaviors.Request { get_behavior_details (2) { behavior_id (1) = 3 } }
        request: '08 01 22 04 12 02 08 03',
        replies: [
          '0a 2f 08 01 22 2b 12 29' +
            ' 08 03' + // id 3
            ' 12 09 4c 61 79 65 72 2d 54 61 70' + // display_name "Layer-Tap"
            ' 1a 1a' + // metadata: one BehaviorBindingParametersSet
            ' 0a 09 0a 05 4c 61 79 65 72 32 00' + // param1 { name "Layer", layer_id (6) {} }
            ' 12 0d 0a 03 4b 65 79 2a 06 08 ff 01 10 ff 01', // param2 { name "Key", hid_usage (5) { 255, 255 } }
        ],
      },
    ]);
    expect(await behaviors.details(3)).toEqual({
      id: 3,
      displayName: 'Layer-Tap',
      sets: [
        {
          param1: [{ name: 'Layer', kind: 'layerId' }],
          param2: [{ name: 'Key', kind: 'hidUsage', keyboardMax: 255, consumerMax: 255 }],
        },
      ],
    });
  });

  it('get_behavior_details: constants, a range, nil, and a description kind from newer firmware', async () => {
    const { behaviors } = client([
      {
        request: '08 01 22 04 12 02 08 0b',
        replies: [
          '0a 2c 08 01 22 28 12 26' +
            ' 08 0b 12 02 42 54' + // id 11, display_name "BT"
            ' 1a 1e' +
            ' 0a 08 0a 04 4e 65 78 74 18 01' + // param1 { "Next", constant (3) = 1 }
            ' 0a 04 0a 00 12 00' + // param1 { "", nil (2) {} }
            ' 12 04 22 02 10 05' + // param2 { range (4) { min 0 left out, max 5 } }
            ' 12 02 3a 00' + // param2 { field 7 {}: a kind newer firmware may add }
            ' 12 02 32 00', // param2 { layer_id (6) {} }
        ],
      },
    ]);
    expect((await behaviors.details(11)).sets).toEqual([
      {
        param1: [
          { name: 'Next', kind: 'constant', value: 1 },
          { name: '', kind: 'nil' },
        ],
        param2: [
          { name: '', kind: 'range', min: 0, max: 5 },
          { name: '', kind: 'unknown' },
          { name: '', kind: 'layerId' },
        ],
      },
    ]);
  });
});

describe('keymap requests and replies', () => {
  it('get_keymap: layers with ids, names and bindings (behavior_id is sint32: 1 → 02)', async () => {
    const { keymap } = client([
      {
        request: '08 01 2a 02 08 01',
        replies: [
          '0a 24 08 01 2a 20 0a 1e' +
            ' 0a 10 12 04 42 61 73 65 1a 06 08 02 10 84 80 1c 1a 00' + // Layer { id 0, "Base", [&kp A, none] }
            ' 0a 06 08 05 12 00 1a 00' + // Layer { id 5, name "" written empty (firmware), [none] }
            ' 10 02 18 14', // available_layers 2, max_layer_name_length 20
        ],
      },
    ]);
    expect(await keymap.keymap()).toEqual({
      layers: [
        {
          id: 0,
          name: 'Base',
          bindings: [
            { behaviorId: 1, param1: 0x070004, param2: 0 },
            { behaviorId: 0, param1: 0, param2: 0 },
          ],
        },
        { id: 5, name: '', bindings: [{ behaviorId: 0, param1: 0, param2: 0 }] },
      ],
      availableLayers: 2,
      maxLayerNameLength: 20,
    });
  });

  it('set_layer_binding: layer id, key position and the binding; OK is 0, written', async () => {
    const { keymap } = client([
      {
        // keymap.Request { set_layer_binding (2) { layer_id 1, key_position 13, binding { 3 (zigzag 06), A } } }
        request: '08 01 2a 0e 12 0c 08 01 10 0d 1a 06 08 06 10 84 80 1c',
        replies: ['0a 06 08 01 2a 02 10 00'],
      },
    ]);
    await keymap.setBinding(1, 13, { behaviorId: 3, param1: 0x070004, param2: 0 });
  });

  it.each([
    ['01', 'bindingInvalidLocation'],
    ['02', 'bindingInvalidBehavior'],
    ['03', 'bindingInvalidParameters'],
  ])('set_layer_binding: result %s is %s', async (code, expected) => {
    const { keymap } = client([
      // key_position 0 and the params 0 are left out; behavior_id 9 → zigzag 12.
      { request: '08 01 2a 08 12 06 08 02 1a 02 08 12', replies: [`0a 06 08 01 2a 02 10 ${code}`] },
    ]);
    await expect(keymap.setBinding(2, 0, { behaviorId: 9, param1: 0, param2: 0 })).rejects.toMatchObject({
      code: expected,
    });
  });

  it('check_unsaved_changes (3), save_changes (4) ok and NO_SPACE, discard_changes (5)', async () => {
    const { keymap } = client([
      { request: '08 01 2a 02 18 01', replies: ['0a 06 08 01 2a 02 18 01'] },
      { request: '08 02 2a 02 20 01', replies: ['0a 08 08 02 2a 04 22 02 08 01'] },
      { request: '08 03 2a 02 20 01', replies: ['0a 08 08 03 2a 04 22 02 10 03'] },
      { request: '08 04 2a 02 28 01', replies: ['0a 06 08 04 2a 02 28 01'] },
    ]);
    expect(await keymap.hasUnsavedChanges()).toBe(true);
    await keymap.save();
    await expect(keymap.save()).rejects.toMatchObject({ code: 'saveNoSpace' });
    await keymap.discard();
  });

  it('get_physical_layouts (6): sizes, positions and rotation in centi-units, all sint32', async () => {
    const { keymap } = client([
      {
        request: '08 01 2a 02 30 01',
        replies: [
          '0a 20 08 01 2a 1c 32 1a 08 01 12 16 0a 01 41 12 11' +
            ' 08 c8 01 10 c8 01 20 64 28 b7 17 30 c4 09 38 aa 06', // w 100, h 100, y 50, r -1500, rx 610, ry 405
        ],
      },
    ]);
    expect(await keymap.physicalLayouts()).toEqual({
      activeIndex: 1,
      layouts: [{ name: 'A', keys: [{ width: 100, height: 100, x: 0, y: 50, r: -1500, rx: 610, ry: 405 }] }],
    });
  });

  it('set_active_physical_layout (7): index 0 is written; ok carries the keymap, err GENERIC fails', async () => {
    const { keymap } = client([
      { request: '08 01 2a 02 38 00', replies: ['0a 0c 08 01 2a 08 3a 06 0a 04 10 01 18 14'] },
      { request: '08 02 2a 02 38 07', replies: ['0a 08 08 02 2a 04 3a 02 10 01'] },
    ]);
    expect(await keymap.setActivePhysicalLayout(0)).toEqual({
      layers: [],
      availableLayers: 1,
      maxLayerNameLength: 20,
    });
    await expect(keymap.setActivePhysicalLayout(7)).rejects.toMatchObject({ code: 'layoutGeneric' });
  });

  it('move_layer (8): start 2, destination 0 (left out); the reply is the new keymap', async () => {
    const { keymap } = client([
      { request: '08 01 2a 04 42 02 08 02', replies: ['0a 0c 08 01 2a 08 42 06 0a 04 10 01 18 14'] },
      { request: '08 02 2a 04 42 02 08 09', replies: ['0a 08 08 02 2a 04 42 02 10 01'] },
    ]);
    expect((await keymap.moveLayer(2, 0)).availableLayers).toBe(1);
    await expect(keymap.moveLayer(9, 0)).rejects.toMatchObject({ code: 'moveGeneric' });
  });

  it('add_layer (9): an empty request; ok gives the index and the layer, NO_SPACE fails', async () => {
    const { keymap } = client([
      { request: '08 01 2a 02 4a 00', replies: ['0a 0e 08 01 2a 0a 4a 08 0a 06 08 04 12 02 08 04'] },
      { request: '08 02 2a 02 4a 00', replies: ['0a 08 08 02 2a 04 4a 02 10 02'] },
    ]);
    expect(await keymap.addLayer()).toEqual({ index: 4, layer: { id: 4, name: '', bindings: [] } });
    await expect(keymap.addLayer()).rejects.toMatchObject({ code: 'addNoSpace' });
  });

  it('remove_layer (10) by index; restore_layer (11) by id at an index', async () => {
    const { keymap } = client([
      { request: '08 01 2a 04 52 02 08 03', replies: ['0a 08 08 01 2a 04 52 02 0a 00'] },
      { request: '08 02 2a 04 52 02 08 09', replies: ['0a 08 08 02 2a 04 52 02 10 02'] },
      {
        request: '08 03 2a 06 5a 04 08 04 10 02',
        replies: ['0a 0f 08 03 2a 0b 5a 09 0a 07 08 04 12 03 4e 61 76'],
      },
      // at_index 0 is left out: RestoreLayerRequest { layer_id 99 (63) }.
      { request: '08 04 2a 04 5a 02 08 63', replies: ['0a 08 08 04 2a 04 5a 02 10 02'] },
    ]);
    await keymap.removeLayer(3);
    await expect(keymap.removeLayer(9)).rejects.toMatchObject({ code: 'removeInvalidIndex' });
    expect(await keymap.restoreLayer(4, 2)).toEqual({ id: 4, name: 'Nav', bindings: [] });
    await expect(keymap.restoreLayer(99, 0)).rejects.toMatchObject({ code: 'restoreInvalidId' });
  });

  it('set_layer_props (12): id and name; ERR_INVALID_ID fails', async () => {
    const { keymap } = client([
      { request: '08 01 2a 09 62 07 08 04 12 03 4e 61 76', replies: ['0a 06 08 01 2a 02 60 00'] },
      { request: '08 02 2a 09 62 07 08 09 12 03 4e 61 76', replies: ['0a 06 08 02 2a 02 60 02'] },
    ]);
    await keymap.setLayerName(4, 'Nav', 20);
    await expect(keymap.setLayerName(9, 'Nav', 20)).rejects.toMatchObject({ code: 'layerPropsInvalidId' });
  });
});

describe('notifications', () => {
  it('lock_state_changed (Notification.core 2 { 1 }) and unsaved_changes_status_changed (keymap 5 { 1 })', async () => {
    const { rpc, transport, core } = client([
      { request: '08 01 1a 02 10 01', replies: ['0a 06 08 01 1a 02 10 01'] },
    ]);
    const seen: string[] = [];
    rpc.onNotification((n) => seen.push(`${n.subsystem.case}:${n.subsystem.value?.notificationType.value}`));
    await core.lockState();
    transport.push('12 04 12 02 08 01');
    transport.push('12 04 2a 02 08 01');
    expect(seen).toEqual(['core:1', 'keymap:true']);
  });
});
