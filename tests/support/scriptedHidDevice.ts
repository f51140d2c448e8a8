import { FakeHidDevice } from './fakeHidDevice.ts';

/**
 * A fake HID device for protocol tests: records every report sent, and answers each from a script of
 * expected requests. Any request the test did not expect fails the test with the bytes in hex.
 */
export class ScriptedHidDevice extends FakeHidDevice {
  readonly vendorId = 0x4b4c;
  readonly productId = 0x0001;
  readonly productName = 'Scripted';
  readonly sent: number[][] = [];

  constructor(private readonly script: { expect: string; reply: string | null }[]) {
    super();
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
      this.deliver(reply);
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
