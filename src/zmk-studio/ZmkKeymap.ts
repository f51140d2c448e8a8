import { create } from '@bufbuild/protobuf';
import {
  AddLayerErrorCode,
  AddLayerRequestSchema,
  BehaviorBindingSchema,
  MoveLayerErrorCode,
  MoveLayerRequestSchema,
  RemoveLayerErrorCode,
  RemoveLayerRequestSchema,
  RestoreLayerErrorCode,
  RestoreLayerRequestSchema,
  SaveChangesErrorCode,
  SetActivePhysicalLayoutErrorCode,
  SetLayerBindingRequestSchema,
  SetLayerBindingResponse,
  SetLayerPropsRequestSchema,
  SetLayerPropsResponse,
  type Keymap,
  type Layer,
  type Response as KeymapResponse,
} from './generated/keymap_pb.ts';
import type { RequestResponse } from './generated/studio_pb.ts';
import { safeName } from '../lib/safeName.ts';
import type { ZmkBinding, ZmkKeymapData, ZmkLayer, ZmkPhysicalLayouts } from '../zmk/keymapData.ts';
import { ZmkError, type ZmkErrorCode } from '../zmk/errors.ts';
import { checkLimit, checkText, ZMK_LIMITS } from '../zmk/limits.ts';
import { keymapRequest, type CaseValue, type ZmkRequester } from './requests.ts';

/** A layer as reported, its counts and name checked against ZMK_LIMITS (limits.ts) before it is copied. */
function toLayer(layer: Layer, request: string): ZmkLayer {
  checkLimit('positions', layer.bindings.length, request);
  checkText(layer.name, request);
  return {
    id: layer.id,
    name: safeName(layer.name),
    bindings: layer.bindings.map(({ behaviorId, param1, param2 }) => ({ behaviorId, param1, param2 })),
  };
}

/**
 * A keymap as reported, bounded: at most 32 layers in all, used and spare (`available_layers` is what is left
 * of ZMK's layer slots), each within the position and name limits.
 */
function toKeymap(keymap: Keymap, request: string): ZmkKeymapData {
  checkLimit('layers', keymap.layers.length, request);
  const spare = ZMK_LIMITS.layers - keymap.layers.length;
  if (keymap.availableLayers > spare)
    throw new ZmkError('overLimit', request, `spare layers ${keymap.availableLayers}, limit ${spare}`, {
      what: 'availableLayers',
      value: keymap.availableLayers,
      limit: spare,
    });
  checkLimit('layerNameLength', keymap.maxLayerNameLength, request);
  return {
    layers: keymap.layers.map((layer) => toLayer(layer, request)),
    availableLayers: keymap.availableLayers,
    maxLayerNameLength: keymap.maxLayerNameLength,
  };
}

type KeymapResponseType = KeymapResponse['responseType'];

function keymapResponse<C extends NonNullable<KeymapResponseType['case']>>(
  reply: RequestResponse,
  kind: C,
): CaseValue<KeymapResponseType, C> {
  const response = reply.subsystem.case === 'keymap' ? reply.subsystem.value.responseType : null;
  if (response?.case !== kind)
    throw new ZmkError('unexpectedReply', `keymap.${kind}`, response?.case ?? 'none');
  // Checked above: `response.case` is `kind`, which TypeScript cannot narrow through the generic.
  return response.value as CaseValue<KeymapResponseType, C>;
}

/** An `ok`/`err` result: the ok value, or the error code `codes` maps the firmware's enum to. */
function okOr<T>(
  result: { case: 'ok'; value: T } | { case: 'err'; value: number } | { case: undefined; value?: undefined },
  request: string,
  codes: Record<number, ZmkErrorCode>,
  fallback: ZmkErrorCode,
): T {
  if (result.case === 'ok') return result.value;
  if (result.case === 'err') throw new ZmkError(codes[result.value] ?? fallback, request);
  throw new ZmkError('unexpectedReply', request, 'no result');
}

function checkUint(value: number, request: string, what: string, max = 0xffffffff): void {
  if (!Number.isInteger(value) || value < 0 || value > max)
    throw new ZmkError('invalidRequest', request, `${what} ${value}`);
}

const BINDING_ERRORS: Record<number, ZmkErrorCode> = {
  [SetLayerBindingResponse.SET_LAYER_BINDING_RESP_INVALID_LOCATION]: 'bindingInvalidLocation',
  [SetLayerBindingResponse.SET_LAYER_BINDING_RESP_INVALID_BEHAVIOR]: 'bindingInvalidBehavior',
  [SetLayerBindingResponse.SET_LAYER_BINDING_RESP_INVALID_PARAMETERS]: 'bindingInvalidParameters',
};
const SAVE_ERRORS: Record<number, ZmkErrorCode> = {
  [SaveChangesErrorCode.SAVE_CHANGES_ERR_NOT_SUPPORTED]: 'saveNotSupported',
  [SaveChangesErrorCode.SAVE_CHANGES_ERR_NO_SPACE]: 'saveNoSpace',
};
const LAYOUT_ERRORS: Record<number, ZmkErrorCode> = {
  [SetActivePhysicalLayoutErrorCode.SET_ACTIVE_PHYSICAL_LAYOUT_ERR_INVALID_LAYOUT_INDEX]:
    'layoutInvalidIndex',
};
const MOVE_ERRORS: Record<number, ZmkErrorCode> = {
  [MoveLayerErrorCode.MOVE_LAYER_ERR_INVALID_LAYER]: 'moveInvalidLayer',
  [MoveLayerErrorCode.MOVE_LAYER_ERR_INVALID_DESTINATION]: 'moveInvalidDestination',
};
const ADD_ERRORS: Record<number, ZmkErrorCode> = { [AddLayerErrorCode.ADD_LAYER_ERR_NO_SPACE]: 'addNoSpace' };
const REMOVE_ERRORS: Record<number, ZmkErrorCode> = {
  [RemoveLayerErrorCode.REMOVE_LAYER_ERR_INVALID_INDEX]: 'removeInvalidIndex',
};
const RESTORE_ERRORS: Record<number, ZmkErrorCode> = {
  [RestoreLayerErrorCode.RESTORE_LAYER_ERR_INVALID_ID]: 'restoreInvalidId',
  [RestoreLayerErrorCode.RESTORE_LAYER_ERR_INVALID_INDEX]: 'restoreInvalidIndex',
};

/**
 * The `keymap` subsystem (docs/zmk-studio-protocol.md "keymap"): every request, its reply as plain data, each
 * firmware error enum as a ZmkError code. Values that cannot be sent (negative, too large, a name too long)
 * fail 'invalidRequest' before anything is sent — the firmware drops an over-long name without a reply.
 */
export class ZmkKeymap {
  constructor(private readonly rpc: ZmkRequester) {}

  async keymap(): Promise<ZmkKeymapData> {
    const reply = await this.rpc.request(keymapRequest({ case: 'getKeymap', value: true }));
    return toKeymap(keymapResponse(reply, 'getKeymap'), 'keymap.getKeymap');
  }

  async physicalLayouts(): Promise<ZmkPhysicalLayouts> {
    const reply = await this.rpc.request(keymapRequest({ case: 'getPhysicalLayouts', value: true }));
    const layouts = keymapResponse(reply, 'getPhysicalLayouts');
    const name = 'keymap.getPhysicalLayouts';
    checkLimit('layouts', layouts.layouts.length, name);
    for (const layout of layouts.layouts) {
      checkLimit('positions', layout.keys.length, name);
      checkText(layout.name, name);
      for (const key of layout.keys)
        for (const value of [key.width, key.height, key.x, key.y, key.r, key.rx, key.ry])
          checkLimit('coordinate', Math.abs(value), name);
    }
    return {
      activeIndex: layouts.activeLayoutIndex,
      layouts: layouts.layouts.map((layout) => ({
        name: safeName(layout.name),
        keys: layout.keys.map(({ width, height, x, y, r, rx, ry }) => ({ width, height, x, y, r, rx, ry })),
      })),
    };
  }

  /** Selects a physical layout; resolves with the keymap in its key order. */
  async setActivePhysicalLayout(index: number): Promise<ZmkKeymapData> {
    const name = 'keymap.setActivePhysicalLayout';
    checkUint(index, name, 'layout index');
    const reply = await this.rpc.request(keymapRequest({ case: 'setActivePhysicalLayout', value: index }));
    return toKeymap(
      okOr(keymapResponse(reply, 'setActivePhysicalLayout').result, name, LAYOUT_ERRORS, 'layoutGeneric'),
      name,
    );
  }

  /** Binds `binding` at `keyPosition` (selected layout's order) on the layer with id `layerId`. */
  async setBinding(layerId: number, keyPosition: number, binding: ZmkBinding): Promise<void> {
    const name = 'keymap.setLayerBinding';
    checkUint(layerId, name, 'layer id');
    checkUint(keyPosition, name, 'key position', 0x7fffffff);
    checkUint(binding.param1, name, 'param1');
    checkUint(binding.param2, name, 'param2');
    if (!Number.isInteger(binding.behaviorId) || Math.abs(binding.behaviorId) > 0x7fffffff)
      throw new ZmkError('invalidRequest', name, `behavior id ${binding.behaviorId}`);
    const request = create(SetLayerBindingRequestSchema, {
      layerId,
      keyPosition,
      binding: create(BehaviorBindingSchema, binding),
    });
    const reply = await this.rpc.request(keymapRequest({ case: 'setLayerBinding', value: request }));
    const result = keymapResponse(reply, 'setLayerBinding');
    if (result !== SetLayerBindingResponse.SET_LAYER_BINDING_RESP_OK)
      throw new ZmkError(BINDING_ERRORS[result] ?? 'generic', name);
  }

  async hasUnsavedChanges(): Promise<boolean> {
    const reply = await this.rpc.request(keymapRequest({ case: 'checkUnsavedChanges', value: true }));
    return keymapResponse(reply, 'checkUnsavedChanges');
  }

  async save(): Promise<void> {
    const name = 'keymap.saveChanges';
    const reply = await this.rpc.request(keymapRequest({ case: 'saveChanges', value: true }));
    okOr(keymapResponse(reply, 'saveChanges').result, name, SAVE_ERRORS, 'saveGeneric');
  }

  /** Drops every unsaved change (the keymap is then what was last saved, on the default physical layout). */
  async discard(): Promise<void> {
    const reply = await this.rpc.request(keymapRequest({ case: 'discardChanges', value: true }));
    if (!keymapResponse(reply, 'discardChanges')) throw new ZmkError('generic', 'keymap.discardChanges');
  }

  /** Moves the layer at index `from` to index `to`; resolves with the new keymap. */
  async moveLayer(from: number, to: number): Promise<ZmkKeymapData> {
    const name = 'keymap.moveLayer';
    checkUint(from, name, 'start index');
    checkUint(to, name, 'destination index');
    const request = create(MoveLayerRequestSchema, { startIndex: from, destIndex: to });
    const reply = await this.rpc.request(keymapRequest({ case: 'moveLayer', value: request }));
    return toKeymap(okOr(keymapResponse(reply, 'moveLayer').result, name, MOVE_ERRORS, 'moveGeneric'), name);
  }

  /** Adds a layer from a spare slot at the end; resolves with its index and the layer as stored. */
  async addLayer(): Promise<{ index: number; layer: ZmkLayer }> {
    const name = 'keymap.addLayer';
    const reply = await this.rpc.request(
      keymapRequest({ case: 'addLayer', value: create(AddLayerRequestSchema) }),
    );
    const added = okOr(keymapResponse(reply, 'addLayer').result, name, ADD_ERRORS, 'addGeneric');
    if (!added.layer) throw new ZmkError('unexpectedReply', name, 'no layer');
    return { index: added.index, layer: toLayer(added.layer, name) };
  }

  /** Takes the layer at `index` out of the order (it can be restored by its id). */
  async removeLayer(index: number): Promise<void> {
    const name = 'keymap.removeLayer';
    checkUint(index, name, 'layer index');
    const request = create(RemoveLayerRequestSchema, { layerIndex: index });
    const reply = await this.rpc.request(keymapRequest({ case: 'removeLayer', value: request }));
    okOr(keymapResponse(reply, 'removeLayer').result, name, REMOVE_ERRORS, 'removeGeneric');
  }

  /** Puts the removed layer `layerId` back at index `atIndex`; resolves with it. */
  async restoreLayer(layerId: number, atIndex: number): Promise<ZmkLayer> {
    const name = 'keymap.restoreLayer';
    checkUint(layerId, name, 'layer id');
    checkUint(atIndex, name, 'layer index');
    const request = create(RestoreLayerRequestSchema, { layerId, atIndex });
    const reply = await this.rpc.request(keymapRequest({ case: 'restoreLayer', value: request }));
    return toLayer(
      okOr(keymapResponse(reply, 'restoreLayer').result, name, RESTORE_ERRORS, 'restoreGeneric'),
      name,
    );
  }

  /**
   * Renames the layer `layerId`. `maxLength` is the keymap's `maxLayerNameLength`: the name must be non-empty
   * and shorter than it in UTF-8 bytes (the firmware ignores an empty name and drops a long one unanswered).
   */
  async setLayerName(layerId: number, name: string, maxLength: number): Promise<void> {
    const request = 'keymap.setLayerProps';
    checkUint(layerId, request, 'layer id');
    const bytes = new TextEncoder().encode(name).length;
    if (bytes === 0 || bytes >= maxLength)
      throw new ZmkError('invalidRequest', request, `name of ${bytes} bytes, limit ${maxLength - 1}`);
    const props = create(SetLayerPropsRequestSchema, { layerId, name });
    const reply = await this.rpc.request(keymapRequest({ case: 'setLayerProps', value: props }));
    const result = keymapResponse(reply, 'setLayerProps');
    if (result === SetLayerPropsResponse.SET_LAYER_PROPS_RESP_ERR_INVALID_ID)
      throw new ZmkError('layerPropsInvalidId', request);
    if (result !== SetLayerPropsResponse.SET_LAYER_PROPS_RESP_OK)
      throw new ZmkError('layerPropsGeneric', request);
  }
}
