import type { HidDeviceLike } from '../../src/protocol/hidDevice.ts';

/**
 * What every fake HID device of the tests shares: open and close, the input-report listeners, and `deliver`,
 * which hands a reply to them on a later microtask, as a real device's report arrives after `sendReport`
 * resolves. A subclass says who it is and how it answers (`sendReport`).
 */
export abstract class FakeHidDevice implements HidDeviceLike {
  opened = true;
  abstract readonly vendorId: number;
  abstract readonly productId: number;
  abstract readonly productName: string;
  private readonly listeners = new Set<(event: Event) => void>();

  async open() {
    this.opened = true;
  }
  async close() {
    this.opened = false;
  }
  addEventListener(_: 'inputreport', listener: (event: Event) => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_: 'inputreport', listener: (event: Event) => void) {
    this.listeners.delete(listener);
  }

  abstract sendReport(reportId: number, data: BufferSource): Promise<void>;

  /** `reply` as the device's next input report (report id 0). */
  protected deliver(reply: Uint8Array): void {
    const event = Object.assign(new Event('inputreport'), {
      reportId: 0,
      data: new DataView(reply.buffer, reply.byteOffset, reply.byteLength),
    });
    queueMicrotask(() => this.listeners.forEach((l) => l(event)));
  }
}
