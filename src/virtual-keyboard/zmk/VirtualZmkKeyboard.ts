import { encodeFrame, FrameDecoder } from '../../zmk/framing.ts';
import { defaultScheduler, type Scheduler } from '../scheduler.ts';
import { behaviorByLabel } from './zmkBehaviorTable.ts';
import { ZMK_DEMO_IDS } from './zmkDemo.ts';
import { encodeNotification, ZmkFirmware, type ZmkOutput } from './ZmkFirmware.ts';
import type { ZmkBoard, ZmkSavedSettings } from './ZmkKeymapModel.ts';
import { create } from '@bufbuild/protobuf';
import { NotificationSchema as KeymapNotificationSchema } from '../../zmk/generated/keymap_pb.ts';
import { VirtualZmkBluetoothDevice } from './VirtualZmkGatt.ts';
import { VirtualZmkSerialPort } from './VirtualZmkSerialPort.ts';

/** Bytes per indication the virtual GATT transport sends: ATT's default MTU (23) less its 3-byte header. */
export const ZMK_GATT_CHUNK = 20;

/**
 * Faults to inject into what the keyboard sends (tests, and the demo of the app's error handling):
 * `splitEveryByte` sends every frame one byte per chunk; `dropReplies` leaves out the next n replies (the
 * request was handled; only the answer is lost); `garbage` is sent before every frame (use no SoF byte);
 * `notificationBeforeReply` adds an "unsaved changes" notification between each request and its reply;
 * `latencyMs` delays everything.
 */
export class ZmkFaults {
  splitEveryByte = false;
  dropReplies = 0;
  garbage: Uint8Array | null = null;
  notificationBeforeReply = false;
  latencyMs = 0;

  clear(): void {
    this.splitEveryByte = false;
    this.dropReplies = 0;
    this.garbage = null;
    this.notificationBeforeReply = false;
    this.latencyMs = 0;
  }
}

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
    for (const payload of this.decoders[transport].push(bytes)) {
      const out = this.firmware.handle(payload);
      if (out.length === 0) continue;
      const reply = out.pop()!;
      if (this.faults.notificationBeforeReply) out.push(this.unsavedNotification());
      if (this.faults.dropReplies > 0) this.faults.dropReplies--;
      else out.push(reply);
      this.send(transport, out);
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
    const deliver = (chunk: Uint8Array) =>
      transport === 'usb' ? this.serialPort.deliver(chunk) : this.bluetooth.deliver(chunk);
    // One task per chunk, in order: a reader sees them arrive apart, as from USB or indications.
    for (const chunk of chunks) this.schedule(() => deliver(chunk), this.faults.latencyMs);
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
