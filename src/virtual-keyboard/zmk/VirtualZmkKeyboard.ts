import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { encodeFrame, FRAME_SOF, FrameDecoder } from '../../zmk-studio/framing.ts';
import { RequestSchema, ResponseSchema, type RequestResponse } from '../../zmk-studio/generated/studio_pb.ts';
import { requestName } from '../../zmk-studio/requests.ts';
import { defaultScheduler, type Scheduler } from '../scheduler.ts';
import { behaviorByLabel } from './zmkBehaviorTable.ts';
import { ZMK_DEMO_IDS } from './zmkDemo.ts';
import { encodeNotification, ZmkFirmware, type ZmkOutput } from './ZmkFirmware.ts';
import type { ZmkBoard, ZmkSavedSettings } from './ZmkKeymapModel.ts';
import { ZmkFaults } from './ZmkFaults.ts';
import { NotificationSchema as KeymapNotificationSchema } from '../../zmk-studio/generated/keymap_pb.ts';
import { VirtualZmkBluetoothDevice } from './VirtualZmkGatt.ts';
import { VirtualZmkSerialPort } from './VirtualZmkSerialPort.ts';

/** Bytes per indication the virtual GATT transport sends: ATT's default MTU (23) less its 3-byte header. */
export const ZMK_GATT_CHUNK = 20;

export { ZmkFaults };

export interface VirtualZmkKeyboardOptions {
  /** A split's peripheral half has no Studio RPC: it takes bytes and never answers. */
  role?: 'central' | 'peripheral';
  locking?: boolean;
  idleLockMs?: number;
  schedule?: Scheduler;
  settings?: ZmkSavedSettings;
  onSettingsChanged?: (settings: ZmkSavedSettings) => void;
  ids?: { vendorId: number; productId: number };
  /** A build that renames behaviors: the display name reported for a devicetree label ('kp' → 'Tecla'). */
  displayNames?: Readonly<Record<string, string>>;
}

/**
 * A ZMK keyboard with Studio support, behind the same surfaces the browser gives a real one: a Web Serial
 * port (USB CDC) and a Web Bluetooth device with ZMK Studio's GATT service. The firmware model answers on the
 * transport of its selected output only (docs/zmk-studio-protocol.md "Which transport answers"): with output on
 * Bluetooth the serial port stays silent. Replies go out framed, whole on USB and in 20-byte indications over
 * Bluetooth, after the faults in `faults`.
 */
export class VirtualZmkKeyboard {
  readonly firmware: ZmkFirmware;
  readonly faults = new ZmkFaults();
  readonly serialPort: VirtualZmkSerialPort;
  readonly bluetooth: VirtualZmkBluetoothDevice;
  readonly role: 'central' | 'peripheral';
  connected = true;
  private readonly schedule: Scheduler;
  private trickling = false;
  private readonly decoders: Record<ZmkOutput, FrameDecoder> = {
    usb: new FrameDecoder(),
    ble: new FrameDecoder(),
  };

  constructor(
    readonly board: ZmkBoard,
    options: VirtualZmkKeyboardOptions = {},
  ) {
    this.role = options.role ?? 'central';
    this.schedule = options.schedule ?? defaultScheduler;
    this.firmware = new ZmkFirmware(board, {
      schedule: this.schedule,
      notify: (payload) => this.send(this.firmware.output, [payload]),
      ...(options.locking !== undefined ? { locking: options.locking } : {}),
      ...(options.idleLockMs !== undefined ? { idleLockMs: options.idleLockMs } : {}),
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.onSettingsChanged ? { onSettingsChanged: options.onSettingsChanged } : {}),
      ...(options.displayNames ? { displayNames: options.displayNames } : {}),
    });
    this.serialPort = new VirtualZmkSerialPort(this, options.ids ?? ZMK_DEMO_IDS);
    this.bluetooth = new VirtualZmkBluetoothDevice(this, board.name);
  }

  /** Bytes the host wrote on one transport. Only the central half, on its output's transport, listens. */
  receive(transport: ZmkOutput, bytes: Uint8Array): void {
    if (this.role !== 'central' || transport !== this.firmware.output) return;
    const faults = this.faults;
    for (const payload of this.decoders[transport].push(bytes)) {
      const request = nameOf(payload);
      const out = this.firmware.handle(payload);
      if (out.length === 0) continue;
      let reply = out.pop()!;
      if (faults.rewrite) reply = rewritten(reply, request, faults.rewrite);
      if (faults.notificationBeforeReply) out.push(this.unsavedNotification());
      this.send(transport, out);
      if (faults.notificationFlood > 0) this.flood(transport, faults.notificationFlood);
      if (faults.unendedFrameBytes > 0) {
        const frame = new Uint8Array(faults.unendedFrameBytes + 1).fill(0x01);
        frame[0] = FRAME_SOF;
        faults.unendedFrameBytes = 0;
        this.sendRaw(transport, frame);
      }
      if (faults.trickle) this.startTrickle(transport);
      else if (faults.silentAfter.has(request)) continue;
      else if (faults.dropReplies > 0) faults.dropReplies--;
      else this.send(transport, [reply]);
    }
  }

  /**
   * Presses the key bound to &studio_unlock, as the user would; false when no shown layer has one (nothing to
   * press).
   */
  pressStudioUnlock(): boolean {
    if (this.firmware.keymap.positionsOf(behaviorByLabel('studio_unlock').localId).length === 0) return false;
    this.firmware.unlock();
    return true;
  }

  /** The cable was pulled (or the battery died): both transports fail. */
  unplug(): void {
    this.connected = false;
    this.serialPort.lost();
    this.bluetooth.lost();
  }

  /** `count` unsaved-changes notifications back to back, in 4 KiB chunks (a firmware bug's flood). */
  private flood(transport: ZmkOutput, count: number): void {
    const frame = encodeFrame(this.unsavedNotification());
    const all = new Uint8Array(frame.length * count);
    for (let i = 0; i < count; i++) all.set(frame, i * frame.length);
    this.sendRaw(transport, all);
  }

  /** One byte each `trickleMs` for as long as the fault stays (and the cable does). */
  private startTrickle(transport: ZmkOutput): void {
    if (this.trickling) return;
    this.trickling = true;
    if (this.faults.trickle === 'frame') this.sendRaw(transport, Uint8Array.of(FRAME_SOF));
    const tick = () => {
      if (!this.faults.trickle || !this.connected) {
        this.trickling = false;
        return;
      }
      // '.' is no framing byte: outside a frame it is noise, inside one it is payload.
      this.deliver(transport, Uint8Array.of(0x2e));
      this.schedule(tick, this.faults.trickleMs);
    };
    this.schedule(tick, this.faults.trickleMs);
  }

  private sendRaw(transport: ZmkOutput, bytes: Uint8Array, size = 4096): void {
    for (let at = 0; at < bytes.length; at += size) {
      const chunk = bytes.slice(at, at + size);
      this.schedule(() => this.deliver(transport, chunk), this.faults.latencyMs);
    }
  }

  private deliver(transport: ZmkOutput, chunk: Uint8Array): void {
    if (transport === 'usb') this.serialPort.deliver(chunk);
    else this.bluetooth.deliver(chunk);
  }

  private unsavedNotification(): Uint8Array {
    const value = this.firmware.keymap.hasUnsavedChanges();
    return encodeNotification({
      case: 'keymap',
      value: create(KeymapNotificationSchema, {
        notificationType: { case: 'unsavedChangesStatusChanged', value },
      }),
    });
  }

  private send(transport: ZmkOutput, payloads: Uint8Array[]): void {
    const chunks: Uint8Array[] = [];
    for (const payload of payloads) {
      const frame = encodeFrame(payload);
      const bytes = this.faults.garbage ? concat(this.faults.garbage, frame) : frame;
      const size = this.faults.splitEveryByte ? 1 : transport === 'ble' ? ZMK_GATT_CHUNK : bytes.length;
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.slice(at, at + size));
    }
    // One task per chunk, in order: a reader sees them arrive apart, as from USB or indications.
    for (const chunk of chunks) this.schedule(() => this.deliver(transport, chunk), this.faults.latencyMs);
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** The request's name ('keymap.getKeymap'), '' for bytes that are no request. */
function nameOf(payload: Uint8Array): string {
  try {
    return requestName(fromBinary(RequestSchema, payload).subsystem);
  } catch {
    return '';
  }
}

/** A reply after `rewrite` (zmkHostileReplies.ts); notifications and undecodable bytes pass unchanged. */
function rewritten(
  payload: Uint8Array,
  request: string,
  rewrite: (reply: RequestResponse, request: string) => void,
): Uint8Array {
  const response = fromBinary(ResponseSchema, payload);
  if (response.type.case !== 'requestResponse') return payload;
  rewrite(response.type.value, request);
  return toBinary(ResponseSchema, create(ResponseSchema, response));
}
