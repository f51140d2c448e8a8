import type { VirtualHidDevice } from '../../src/virtual-keyboard/VirtualHidDevice.ts';

/**
 * Records an opened virtual board's replies, each as its first `shown` bytes in hex ('01 00 0c'), and sends
 * 32-byte requests padded with zeros: how the virtual keyboard's unit tests talk to it through its HID face.
 */
export function replyLog(device: VirtualHidDevice, shown = 3) {
  const replies: string[] = [];
  device.addEventListener('inputreport', (event) => {
    const data = (event as Event & { data: DataView }).data;
    replies.push(
      [...new Uint8Array(data.buffer, 0, shown)].map((b) => b.toString(16).padStart(2, '0')).join(' '),
    );
  });
  const send = (...bytes: number[]) =>
    device.sendReport(0, Uint8Array.from([...bytes, ...Array(32 - bytes.length).fill(0)]));
  return { replies, send };
}
