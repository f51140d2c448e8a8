import { FaultInjector } from './faults.ts';
import { TabReceiver } from './tabReceiver.ts';
import { firmwareTag } from './extendedFeatures.ts';
import type { Scheduler } from './scheduler.ts';
import { VirtualSerialPort, type SerialEndpoint } from './VirtualSerialPort.ts';

/**
 * A board in its UF2 bootloader (the 2.4G receiver after 'connect to DFU'): serial only, takes one firmware
 * image over 239–241 built for its chip (an image naming another UF2 family is refused with 238, at the info
 * frame or the last chunk, and nothing is flashed), then restarts into its application and leaves the bus.
 */
export class VirtualBootloader implements SerialEndpoint {
  readonly faults = new FaultInjector();
  readonly port: VirtualSerialPort;
  connected = true;
  /** Version tagged in the last image flashed (`KLFW:a.b.c`), if any. */
  flashedVersion: number | null = null;
  /** Called when the bootloader leaves the bus (flashed, or unplugged). */
  onLeave: (() => void) | null = null;
  private readonly receiver: TabReceiver;

  constructor(
    readonly vendorId: number,
    readonly productId: number,
    /** The receiver's chip (a UF2 family id): it takes images built for it, and refuses another device's. */
    readonly familyId: number,
    readonly schedule: Scheduler,
  ) {
    this.receiver = new TabReceiver({ firmware: true, firmwareFamily: familyId });
    this.port = new VirtualSerialPort(this);
    this.receiver.onFirmware = (payload) => {
      this.flashedVersion = firmwareTag(payload);
      // The reply to the last chunk goes out first; then the board restarts.
      schedule(() => this.unplug(), 300);
    };
  }

  /** The transfer the bootloader is receiving, or null (tests check a failed flash leaves none open). */
  receivingTransfer(): string | null {
    return this.receiver.receiving();
  }

  handleSerialFrame(frame: Uint8Array): Uint8Array | null {
    if (!this.connected || !this.receiver.handles(frame[0]!)) return null;
    const reply = frame.slice();
    return this.receiver.handle(reply, true) ? reply : null;
  }

  unplug(): void {
    if (!this.connected) return;
    this.connected = false;
    this.port.lost();
    this.onLeave?.();
  }
}
