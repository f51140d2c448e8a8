import { create, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { GetBehaviorDetailsRequestSchema } from '../../zmk-studio/generated/behaviors_pb.ts';
import {
  AddLayerRequestSchema,
  MoveLayerRequestSchema,
  RemoveLayerRequestSchema,
  RestoreLayerRequestSchema,
  SetLayerBindingRequestSchema,
  SetLayerPropsRequestSchema,
} from '../../zmk-studio/generated/keymap_pb.ts';
import { RequestSchema } from '../../zmk-studio/generated/studio_pb.ts';
import { REQUESTS_ALLOWED_WHILE_LOCKED, REQUESTS_REFUSED_WHILE_LOCKED } from '../../zmk-studio/lockRules.ts';
import {
  behaviorsRequest,
  coreRequest,
  keymapRequest,
  type ZmkRequestBody,
} from '../../zmk-studio/requests.ts';
import { bytes, hex } from '../../zmk-studio/testing.ts';
import { ZMK_DEMO_BOARD } from './zmkDemo.ts';
import { ZmkFirmware } from './ZmkFirmware.ts';

function firmware(options: { locking?: boolean } = {}) {
  const notified: string[] = [];
  const fw = new ZmkFirmware(ZMK_DEMO_BOARD, {
    schedule: () => undefined,
    notify: (p) => notified.push(hex(p)),
    ...options,
  });
  return { fw, notified, answer: (request: string) => fw.handle(bytes(request)).map(hex) };
}

// One request of each kind, as the client would send it (the values do not matter for the lock).
const EVERY_REQUEST: Record<string, ZmkRequestBody> = {
  'core.getDeviceInfo': coreRequest({ case: 'getDeviceInfo', value: true }),
  'core.getLockState': coreRequest({ case: 'getLockState', value: true }),
  'core.resetSettings': coreRequest({ case: 'resetSettings', value: true }),
  'behaviors.listAllBehaviors': behaviorsRequest({ case: 'listAllBehaviors', value: true }),
  'behaviors.getBehaviorDetails': behaviorsRequest({
    case: 'getBehaviorDetails',
    value: create(GetBehaviorDetailsRequestSchema, { behaviorId: 1 }),
  }),
  'keymap.getKeymap': keymapRequest({ case: 'getKeymap', value: true }),
  'keymap.setLayerBinding': keymapRequest({
    case: 'setLayerBinding',
    value: create(SetLayerBindingRequestSchema),
  }),
  'keymap.checkUnsavedChanges': keymapRequest({ case: 'checkUnsavedChanges', value: true }),
  'keymap.saveChanges': keymapRequest({ case: 'saveChanges', value: true }),
  'keymap.discardChanges': keymapRequest({ case: 'discardChanges', value: true }),
  'keymap.getPhysicalLayouts': keymapRequest({ case: 'getPhysicalLayouts', value: true }),
  'keymap.setActivePhysicalLayout': keymapRequest({ case: 'setActivePhysicalLayout', value: 1 }),
  'keymap.moveLayer': keymapRequest({ case: 'moveLayer', value: create(MoveLayerRequestSchema) }),
  'keymap.addLayer': keymapRequest({ case: 'addLayer', value: create(AddLayerRequestSchema) }),
  'keymap.removeLayer': keymapRequest({ case: 'removeLayer', value: create(RemoveLayerRequestSchema) }),
  'keymap.restoreLayer': keymapRequest({ case: 'restoreLayer', value: create(RestoreLayerRequestSchema) }),
  'keymap.setLayerProps': keymapRequest({
    case: 'setLayerProps',
    value: create(SetLayerPropsRequestSchema, { name: 'x' }),
  }),
};
const encode = (body: ZmkRequestBody, requestId = 7) =>
  toBinary(RequestSchema, create(RequestSchema, { requestId, subsystem: body }));

describe('the lock, request by request', () => {
  it('lists every request of the pinned messages in exactly one of the client’s lock lists', () => {
    const listed = [...REQUESTS_ALLOWED_WHILE_LOCKED, ...REQUESTS_REFUSED_WHILE_LOCKED].sort();
    expect(listed).toEqual(Object.keys(EVERY_REQUEST).sort());
  });

  it.each(Object.entries(EVERY_REQUEST))(
    '%s: the locked firmware answers as the lock rules say',
    (name, body) => {
      const { fw } = firmware();
      const reply = hex(fw.handle(encode(body)).at(-1)!);
      // RequestResponse { request_id 7, meta { simple_error UNLOCK_REQUIRED } }
      const refused = reply === '0a 06 08 07 12 02 10 01';
      expect(refused).toBe(REQUESTS_REFUSED_WHILE_LOCKED.has(name));
    },
  );

  it('sends no notification of its own and changes nothing while refusing', () => {
    const { fw, notified } = firmware();
    expect(fw.handle(encode(EVERY_REQUEST['keymap.addLayer']!))).toHaveLength(1);
    expect(fw.keymap.layerIds()).toEqual([0, 1, 2, 3]);
    expect(notified).toEqual([]);
  });
});

describe('replies byte for byte', () => {
  it('lock state LOCKED, then UNLOCKED after &studio_unlock with its notification', () => {
    const { fw, notified, answer } = firmware();
    expect(answer('08 01 1a 02 10 01')).toEqual(['0a 06 08 01 1a 02 10 00']);
    fw.unlock();
    expect(notified).toEqual(['12 04 12 02 08 01']);
    expect(answer('08 02 1a 02 10 01')).toEqual(['0a 06 08 02 1a 02 10 01']);
  });

  it('an unknown subsystem gets RPC_NOT_FOUND with request id 0; core.lock gets it with its id', () => {
    const { answer } = firmware();
    expect(answer('08 05')).toEqual(['0a 04 12 02 10 02']);
    expect(answer('08 05 3a 02 08 01')).toEqual(['0a 04 12 02 10 02']);
    expect(answer('08 06 1a 02 18 01')).toEqual(['0a 06 08 06 12 02 10 02']);
  });

  it('a frame that does not decode, or a layer name too long for the firmware, gets no reply at all', () => {
    const { answer } = firmware({ locking: false });
    expect(answer('08')).toEqual([]);
    // set_layer_props { layer_id 1, name of 20 bytes }: nanopb's 20-byte buffer has no room for it.
    expect(answer(`08 01 2a 1a 62 18 08 01 12 14 ${'41 '.repeat(20)}`)).toEqual([]);
    expect(answer(`08 02 2a 19 62 17 08 01 12 13 ${'41 '.repeat(19)}`)).toEqual([
      '12 04 2a 02 08 01',
      '0a 06 08 02 2a 02 60 00',
    ]);
  });

  it('set_layer_binding: the unsaved-changes notification comes before the OK', () => {
    const { answer } = firmware({ locking: false });
    // layer 1, position 0, &kp (id 1 → zigzag 02) B (0x070005 → 85 80 1c)
    expect(answer('08 03 2a 0c 12 0a 08 01 1a 06 08 02 10 85 80 1c')).toEqual([
      '12 04 2a 02 08 01',
      '0a 06 08 03 2a 02 10 00',
    ]);
    // The same binding again marks nothing pending, yet the firmware notifies all the same.
    expect(answer('08 04 2a 0c 12 0a 08 01 1a 06 08 02 10 85 80 1c')).toEqual([
      '12 04 2a 02 08 01',
      '0a 06 08 04 2a 02 10 00',
    ]);
  });

  it('save_changes: notification false, then ok; a full storage answers NO_SPACE and keeps the changes', () => {
    const { fw, answer } = firmware({ locking: false });
    fw.keymap.setBinding(0, 0, { behaviorId: 1, param1: 0x070005, param2: 0 });
    fw.saveFault = 'noSpace';
    expect(answer('08 01 2a 02 20 01')).toEqual(['0a 08 08 01 2a 04 22 02 10 03']);
    expect(fw.keymap.hasUnsavedChanges()).toBe(true);
    fw.saveFault = null;
    expect(answer('08 02 2a 02 20 01')).toEqual(['12 04 2a 02 08 00', '0a 08 08 02 2a 04 22 02 08 01']);
    expect(fw.keymap.settings.bindings['0/0']).toEqual([1, 0x070005, 0]);
  });
});
