import type { HidDeviceLike } from '../../src/protocol/hidDevice.ts';

/**
 * A fake HID device for protocol tests: records every report sent, and answers each from a script of
 * expected requests. Any request the test did not expect fails the test with the bytes in hex.
 */
export class ScriptedHidDevice implements HidDeviceLike {
  opened = true;
  readonly vendorId = 0x4b4c;
  readonly productId = 0x0001;
  readonly productName = 'Scripted';
  readonly sent: number[][] = [];
  private listeners = new Set<(event: Event) => void>();

  constructor(private readonly script: { expect: string; reply: string | null }[]) {}

  async open() {
    this.opened = true;
  }
  async close() {
    this.opened = false;
  }
  addEventListener(_: 'inputreport', l: (event: Event) => void) {
    this.listeners.add(l);
  }
  removeEventListener(_: 'inputreport', l: (event: Event) => void) {
    this.listeners.delete(l);
  }

  async sendReport(reportId: number, data: BufferSource): Promise<void> {
    const bytes = [...new Uint8Array(ArrayBuffer.isView(data) ? data.buffer : data)];
    this.sent.push(bytes);
    const step = this.script.shift();
    const sentHex = toHex(bytes);
    if (!step) throw new Error(`Unexpected report ${sentHex}`);
    if (
      reportId !== 0 ||
      !sentHex.startsWith(step.expect) ||
      !/^(00 ?)*$/.test(sentHex.slice(step.expect.length).trim())
    ) {
      throw new Error(`Expected report ${step.expect}, got ${sentHex}`);
    }
    if (step.reply !== null) {
      const reply = new Uint8Array(32);
      reply.set(fromHex(step.reply));
      const event = Object.assign(new Event('inputreport'), {
        reportId: 0,
        data: new DataView(reply.buffer),
      });
      queueMicrotask(() => this.listeners.forEach((l) => l(event)));
    }
  }

  get remaining(): number {
    return this.script.length;
  }
}

export const toHex = (bytes: ArrayLike<number>) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
export const fromHex = (hex: string) =>
  hex
    .split(' ')
    .filter(Boolean)
    .map((b) => parseInt(b, 16));
