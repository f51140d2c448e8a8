import { create } from '@bufbuild/protobuf';
import {
  AddLayerErrorCode,
  AddLayerResponseSchema,
  KeymapSchema,
  LayerSchema,
  MoveLayerErrorCode,
  MoveLayerResponseSchema,
  NotificationSchema,
  PhysicalLayoutsSchema,
  RemoveLayerErrorCode,
  RemoveLayerResponseSchema,
  ResponseSchema,
  RestoreLayerErrorCode,
  RestoreLayerResponseSchema,
  SaveChangesErrorCode,
  SaveChangesResponseSchema,
  SetActivePhysicalLayoutErrorCode,
  SetActivePhysicalLayoutResponseSchema,
  SetLayerBindingResponse,
  SetLayerPropsResponse,
  type Request as KeymapRequest,
  type Response as KeymapResponse,
} from '../../zmk-studio/generated/keymap_pb.ts';
import type { Notification, RequestResponse } from '../../zmk-studio/generated/studio_pb.ts';
import { behaviorById, firmwareAcceptsParams } from './zmkBehaviorTable.ts';
import type { ZmkKeymapModel } from './ZmkKeymapModel.ts';

/** What the keymap handlers get from the firmware model (ZmkFirmware.ts) for one request. */
export interface ZmkHandlerContext {
  keymap: ZmkKeymapModel;
  raise(notification: Notification['subsystem']): void;
  /** save_changes' result: a storage fault the tests inject ('noSpace'), else the save happens. */
  saveFault: 'noSpace' | 'generic' | null;
  settingsChanged(): void;
}

type ResponseType = KeymapResponse['responseType'];

function layerMessage(model: ZmkKeymapModel, id: number) {
  return create(LayerSchema, { id, name: model.layerName(id), bindings: model.bindings(id) });
}

/** `Keymap` as get_keymap (and the layout/move replies) send it. */
function keymapMessage(model: ZmkKeymapModel) {
  return create(KeymapSchema, {
    layers: model.layerIds().map((id) => layerMessage(model, id)),
    availableLayers: model.availableLayers(),
    maxLayerNameLength: model.board.maxLayerNameLength,
  });
}

/** Raises `unsaved_changes_status_changed` (sent before the reply, as the firmware's event does). */
function unsaved(context: ZmkHandlerContext, value: boolean): void {
  context.raise({
    case: 'keymap',
    value: create(NotificationSchema, { notificationType: { case: 'unsavedChangesStatusChanged', value } }),
  });
}

/**
 * The keymap subsystem's handlers (app/src/studio/keymap_subsystem.c) over the keymap model: each request's
 * reply as the firmware builds it, the error enums where it uses them, and the "unsaved changes" notification
 * after each change. null answers `meta GENERIC` (a discard that could not read the settings never happens
 * here, so only an unexpected request kind does).
 */
export function handleKeymapRequest(
  request: KeymapRequest['requestType'],
  context: ZmkHandlerContext,
): RequestResponse['subsystem'] | null {
  const response = keymapResponse(request, context);
  return response ? { case: 'keymap', value: create(ResponseSchema, { responseType: response }) } : null;
}

function keymapResponse(
  request: KeymapRequest['requestType'],
  context: ZmkHandlerContext,
): ResponseType | null {
  const model = context.keymap;
  switch (request.case) {
    case 'getKeymap':
      return { case: 'getKeymap', value: keymapMessage(model) };
    case 'setLayerBinding': {
      const { layerId, keyPosition, binding } = request.value;
      const behaviorId = binding?.behaviorId ?? 0;
      const behavior = behaviorById(behaviorId);
      const param1 = binding?.param1 ?? 0;
      const param2 = binding?.param2 ?? 0;
      let result = SetLayerBindingResponse.SET_LAYER_BINDING_RESP_OK;
      if (!behavior) result = SetLayerBindingResponse.SET_LAYER_BINDING_RESP_INVALID_BEHAVIOR;
      else if (!firmwareAcceptsParams(behavior, param1, param2, model.keymapLength))
        result = SetLayerBindingResponse.SET_LAYER_BINDING_RESP_INVALID_PARAMETERS;
      else if (!model.setBinding(layerId, keyPosition, { behaviorId, param1, param2 }))
        result = SetLayerBindingResponse.SET_LAYER_BINDING_RESP_INVALID_LOCATION;
      else unsaved(context, true);
      return { case: 'setLayerBinding', value: result };
    }
    case 'checkUnsavedChanges':
      return { case: 'checkUnsavedChanges', value: model.hasUnsavedChanges() };
    case 'saveChanges': {
      if (context.saveFault) {
        const err =
          context.saveFault === 'noSpace'
            ? SaveChangesErrorCode.SAVE_CHANGES_ERR_NO_SPACE
            : SaveChangesErrorCode.SAVE_CHANGES_ERR_GENERIC;
        return {
          case: 'saveChanges',
          value: create(SaveChangesResponseSchema, { result: { case: 'err', value: err } }),
        };
      }
      model.save();
      context.settingsChanged();
      unsaved(context, false);
      return {
        case: 'saveChanges',
        value: create(SaveChangesResponseSchema, { result: { case: 'ok', value: true } }),
      };
    }
    case 'discardChanges':
      model.discard();
      unsaved(context, false);
      return { case: 'discardChanges', value: true };
    case 'getPhysicalLayouts':
      return {
        case: 'getPhysicalLayouts',
        value: create(PhysicalLayoutsSchema, {
          activeLayoutIndex: model.selectedLayout,
          layouts: model.board.layouts.map((layout) => ({ name: layout.name, keys: layout.keys })),
        }),
      };
    case 'setActivePhysicalLayout': {
      const index = request.value & 0xff;
      if (index === model.selectedLayout)
        return {
          case: 'setActivePhysicalLayout',
          value: create(SetActivePhysicalLayoutResponseSchema, {
            result: { case: 'ok', value: keymapMessage(model) },
          }),
        };
      const ok = model.selectLayout(index);
      // The firmware raises the notification whether or not the switch worked.
      unsaved(context, true);
      return {
        case: 'setActivePhysicalLayout',
        value: create(SetActivePhysicalLayoutResponseSchema, {
          result: ok
            ? { case: 'ok', value: keymapMessage(model) }
            : { case: 'err', value: SetActivePhysicalLayoutErrorCode.SET_ACTIVE_PHYSICAL_LAYOUT_ERR_GENERIC },
        }),
      };
    }
    case 'moveLayer': {
      const ok = model.moveLayer(request.value.startIndex, request.value.destIndex);
      if (ok) unsaved(context, true);
      return {
        case: 'moveLayer',
        value: create(MoveLayerResponseSchema, {
          result: ok
            ? { case: 'ok', value: keymapMessage(model) }
            : { case: 'err', value: MoveLayerErrorCode.MOVE_LAYER_ERR_GENERIC },
        }),
      };
    }
    case 'addLayer': {
      const index = model.addLayer();
      if (index !== null) unsaved(context, true);
      return {
        case: 'addLayer',
        value: create(AddLayerResponseSchema, {
          result:
            index === null
              ? { case: 'err', value: AddLayerErrorCode.ADD_LAYER_ERR_NO_SPACE }
              : { case: 'ok', value: { index, layer: layerMessage(model, model.layerIds()[index]!) } },
        }),
      };
    }
    case 'removeLayer': {
      const ok = model.removeLayer(request.value.layerIndex);
      if (ok) unsaved(context, true);
      return {
        case: 'removeLayer',
        value: create(RemoveLayerResponseSchema, {
          result: ok
            ? { case: 'ok', value: {} }
            : { case: 'err', value: RemoveLayerErrorCode.REMOVE_LAYER_ERR_INVALID_INDEX },
        }),
      };
    }
    case 'restoreLayer': {
      const { layerId, atIndex } = request.value;
      const problem = model.restoreLayer(layerId, atIndex);
      if (!problem) unsaved(context, true);
      return {
        case: 'restoreLayer',
        value: create(RestoreLayerResponseSchema, {
          result: !problem
            ? { case: 'ok', value: layerMessage(model, layerId) }
            : {
                case: 'err',
                value:
                  problem === 'index'
                    ? RestoreLayerErrorCode.RESTORE_LAYER_ERR_INVALID_INDEX
                    : RestoreLayerErrorCode.RESTORE_LAYER_ERR_GENERIC,
              },
        }),
      };
    }
    case 'setLayerProps': {
      const { layerId, name } = request.value;
      if (name.length === 0)
        return { case: 'setLayerProps', value: SetLayerPropsResponse.SET_LAYER_PROPS_RESP_OK };
      const problem = model.setLayerName(layerId, name);
      if (!problem) unsaved(context, true);
      return {
        case: 'setLayerProps',
        value: !problem
          ? SetLayerPropsResponse.SET_LAYER_PROPS_RESP_OK
          : problem === 'id'
            ? SetLayerPropsResponse.SET_LAYER_PROPS_RESP_ERR_INVALID_ID
            : SetLayerPropsResponse.SET_LAYER_PROPS_RESP_ERR_GENERIC,
      };
    }
    default:
      return null;
  }
}
