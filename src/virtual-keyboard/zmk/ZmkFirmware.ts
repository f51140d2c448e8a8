import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import {
  BehaviorParameterValueDescriptionSchema,
  ResponseSchema as BehaviorsResponseSchema,
} from '../../zmk-studio/generated/behaviors_pb.ts';
import type { Request as BehaviorsRequest } from '../../zmk-studio/generated/behaviors_pb.ts';
import {
  LockState,
  NotificationSchema as CoreNotificationSchema,
  ResponseSchema as CoreResponseSchema,
} from '../../zmk-studio/generated/core_pb.ts';
import type { Request as CoreRequest } from '../../zmk-studio/generated/core_pb.ts';
import { ErrorConditions } from '../../zmk-studio/generated/meta_pb.ts';
import {
  NotificationSchema,
  RequestResponseSchema,
  RequestSchema,
  ResponseSchema,
} from '../../zmk-studio/generated/studio_pb.ts';
import type { Notification, Request, RequestResponse } from '../../zmk-studio/generated/studio_pb.ts';
import type { ZmkParamValue } from '../../zmk/behavior.ts';
import { behaviorById, ZMK_BEHAVIORS } from './zmkBehaviorTable.ts';
import { handleKeymapRequest, type ZmkHandlerContext } from './zmkKeymapHandlers.ts';
import { ZmkKeymapModel, type ZmkBoard, type ZmkSavedSettings } from './ZmkKeymapModel.ts';
import type { Scheduler } from '../scheduler.ts';
import type { Response as CoreResponse } from '../../zmk-studio/generated/core_pb.ts';

type CoreResponseType = CoreResponse['responseType'];

export type ZmkOutput = 'usb' | 'ble';

/** The handlers registered as unsecured (app/src/studio/*_subsystem.c); every other one needs the unlock. */
const UNSECURED: ReadonlySet<string> = new Set([
  'core.getDeviceInfo',
  'core.getLockState',
  'behaviors.listAllBehaviors',
]);

/** An encoded `Response` carrying a notification. */
export function encodeNotification(subsystem: Notification['subsystem']): Uint8Array {
  return toBinary(
    ResponseSchema,
    create(ResponseSchema, {
      type: { case: 'notification', value: create(NotificationSchema, { subsystem }) },
    }),
  );
}

/** A parameter description as the firmware encodes it (behavior_subsystem.c). */
function describeValue(value: ZmkParamValue) {
  const { name } = value;
  const schema = BehaviorParameterValueDescriptionSchema;
  switch (value.kind) {
    case 'nil':
      return create(schema, { name, valueType: { case: 'nil', value: {} } });
    case 'constant':
      return create(schema, { name, valueType: { case: 'constant', value: value.value } });
    case 'range':
      return create(schema, {
        name,
        valueType: { case: 'range', value: { min: value.min, max: value.max } },
      });
    case 'hidUsage': {
      const { keyboardMax, consumerMax } = value;
      return create(schema, { name, valueType: { case: 'hidUsage', value: { keyboardMax, consumerMax } } });
    }
    default:
      return create(schema, { name, valueType: { case: 'layerId', value: {} } });
  }
}

export interface ZmkFirmwareOptions {
  /** CONFIG_ZMK_STUDIO_LOCKING: starts locked (real boards); off like the native simulator. */
  locking?: boolean;
  /** CONFIG_ZMK_STUDIO_LOCK_IDLE_TIMEOUT_SEC in milliseconds (600 s); 0 never re-locks. */
  idleLockMs?: number;
  schedule: Scheduler;
  /** What save_changes stored before (a board that kept its settings across a page load). */
  settings?: ZmkSavedSettings;
  /** Called after each save or reset with the new settings (the holder persists them). */
  onSettingsChanged?: (settings: ZmkSavedSettings) => void;
  /** Sends a notification raised outside a request (unlock key, idle lock) over the active transport. */
  notify: (payload: Uint8Array) => void;
  /**
   * Display names this build reports instead of ZMK's, by devicetree label: firmware can rename or localise
   * them, and two behaviors can share one.
   */
  displayNames?: Readonly<Record<string, string>>;
}

/** What one request frame produced: encoded Responses in wire order (notifications first, then the reply). */
export type ZmkFirmwareOutput = Uint8Array[];

/** Handler context for the subsystems: the model and how to raise a notification before the reply. */

/**
 * A model of ZMK Studio's firmware side (app/src/studio/; docs/zmk-studio-protocol.md): decodes one request
 * payload, applies the lock (secured requests refused with UNLOCK_REQUIRED while locked), dispatches to the
 * core, behaviors and keymap handlers, and answers as the firmware does — id 0 for an unknown subsystem, no
 * reply for a frame that does not decode (or a layer name too long for its buffer), notifications raised while
 * handling sent before the reply. Every request restarts the idle timer that locks the keyboard again.
 */
export class ZmkFirmware {
  readonly keymap: ZmkKeymapModel;
  private lock: 'locked' | 'unlocked';
  private idleGeneration = 0;
  output: ZmkOutput = 'usb';
  saveFault: 'noSpace' | 'generic' | null = null;
  /**
   * Requests this build has no handler for ('keymap.moveLayer'): answered RPC_NOT_FOUND, as a firmware from
   * before the request existed answers it.
   */
  readonly unknownRequests = new Set<string>();

  constructor(
    readonly board: ZmkBoard,
    private readonly options: ZmkFirmwareOptions,
  ) {
    this.keymap = new ZmkKeymapModel(board, options.settings);
    this.lock = options.locking === false ? 'unlocked' : 'locked';
  }

  get locked(): boolean {
    return this.lock === 'locked';
  }

  /** Answers one request payload; [] when it does not decode (the firmware logs it and waits). */
  handle(payload: Uint8Array): ZmkFirmwareOutput {
    let request;
    try {
      request = fromBinary(RequestSchema, payload);
    } catch {
      return [];
    }
    const subsystem = request.subsystem;
    // nanopb's fixed name buffer: a longer name fails the whole decode.
    if (
      subsystem.case === 'keymap' &&
      subsystem.value.requestType.case === 'setLayerProps' &&
      new TextEncoder().encode(subsystem.value.requestType.value.name).length >= this.board.maxLayerNameLength
    )
      return [];
    this.restartIdleTimer();
    const out: Uint8Array[] = [];
    const context: ZmkHandlerContext = {
      keymap: this.keymap,
      raise: (notification) => out.push(encodeNotification(notification)),
      saveFault: this.saveFault,
      settingsChanged: () => this.options.onSettingsChanged?.(this.keymap.settings),
    };
    const reply = this.dispatch(request.subsystem, request.requestId, context);
    out.push(
      toBinary(ResponseSchema, create(ResponseSchema, { type: { case: 'requestResponse', value: reply } })),
    );
    return out;
  }

  private dispatch(
    subsystem: Request['subsystem'],
    requestId: number,
    context: ZmkHandlerContext,
  ): RequestResponse {
    const meta = (condition: ErrorConditions, id = requestId): RequestResponse =>
      create(RequestResponseSchema, {
        requestId: id,
        subsystem: { case: 'meta', value: { responseType: { case: 'simpleError', value: condition } } },
      });
    if (subsystem.case === undefined) return meta(ErrorConditions.RPC_NOT_FOUND, 0);
    const kind = subsystem.value.requestType.case;
    if (
      kind === undefined ||
      (subsystem.case === 'core' && kind === 'lock') ||
      this.unknownRequests.has(`${subsystem.case}.${kind}`)
    )
      return meta(ErrorConditions.RPC_NOT_FOUND);
    if (this.locked && !UNSECURED.has(`${subsystem.case}.${kind}`))
      return meta(ErrorConditions.UNLOCK_REQUIRED);
    let response: RequestResponse['subsystem'] | null;
    if (subsystem.case === 'core') response = this.core(subsystem.value.requestType, context);
    else if (subsystem.case === 'behaviors') response = this.behaviors(subsystem.value.requestType);
    else response = handleKeymapRequest(subsystem.value.requestType, context);
    if (!response) return meta(ErrorConditions.GENERIC);
    return create(RequestResponseSchema, { requestId, subsystem: response });
  }

  private core(
    request: CoreRequest['requestType'],
    context: ZmkHandlerContext,
  ): RequestResponse['subsystem'] {
    let responseType: unknown;
    if (request.case === 'getDeviceInfo')
      responseType = {
        case: 'getDeviceInfo',
        value: { name: this.board.name, serialNumber: Uint8Array.from(this.board.serialNumber) },
      };
    else if (request.case === 'getLockState')
      responseType = {
        case: 'getLockState',
        value: this.locked
          ? LockState.ZMK_STUDIO_CORE_LOCK_STATE_LOCKED
          : LockState.ZMK_STUDIO_CORE_LOCK_STATE_UNLOCKED,
      };
    else {
      this.keymap.reset();
      context.settingsChanged();
      responseType = { case: 'resetSettings', value: true };
    }
    return {
      case: 'core',
      value: create(CoreResponseSchema, { responseType: responseType as CoreResponseType }),
    };
  }

  private behaviors(request: BehaviorsRequest['requestType']): RequestResponse['subsystem'] | null {
    if (request.case === 'listAllBehaviors')
      return {
        case: 'behaviors',
        value: create(BehaviorsResponseSchema, {
          responseType: {
            case: 'listAllBehaviors',
            value: { behaviors: ZMK_BEHAVIORS.map((b) => b.localId) },
          },
        }),
      };
    const behavior = behaviorById(request.value!.behaviorId);
    if (!behavior) return null;
    return {
      case: 'behaviors',
      value: create(BehaviorsResponseSchema, {
        responseType: {
          case: 'getBehaviorDetails',
          value: {
            id: behavior.localId,
            displayName: this.options.displayNames?.[behavior.label] ?? behavior.displayName,
            metadata: behavior.sets.map((set) => ({
              param1: set.param1.map(describeValue),
              param2: set.param2.map(describeValue),
            })),
          },
        },
      }),
    };
  }

  /** Someone pressed the key bound to &studio_unlock. */
  unlock(): void {
    this.setLock('unlocked');
    this.restartIdleTimer();
  }

  /** The keyboard locked itself (idle timeout, endpoint change, Bluetooth profile disconnected). */
  relock(): void {
    this.setLock('locked');
  }

  /** `&out`: switching endpoints moves Studio to the other transport and locks (LOCK_ON_DISCONNECT). */
  setOutput(output: ZmkOutput): void {
    if (output === this.output) return;
    this.output = output;
    if (this.options.locking !== false) this.setLock('locked');
  }

  private setLock(state: 'locked' | 'unlocked'): void {
    if (this.options.locking === false || state === this.lock) return;
    this.lock = state;
    this.options.notify(
      encodeNotification({
        case: 'core',
        value: create(CoreNotificationSchema, {
          notificationType: {
            case: 'lockStateChanged',
            value:
              state === 'locked'
                ? LockState.ZMK_STUDIO_CORE_LOCK_STATE_LOCKED
                : LockState.ZMK_STUDIO_CORE_LOCK_STATE_UNLOCKED,
          },
        }),
      }),
    );
  }

  private restartIdleTimer(): void {
    const ms = this.options.idleLockMs ?? 600_000;
    if (ms <= 0 || this.options.locking === false) return;
    const generation = ++this.idleGeneration;
    this.options.schedule(() => {
      if (generation === this.idleGeneration) this.relock();
    }, ms);
  }
}
