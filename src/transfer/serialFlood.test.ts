import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ViaError } from '../protocol/errors.ts';
import { VirtualFirmware } from '../virtual-keyboard/VirtualFirmware.ts';
import { VirtualHidDevice } from '../virtual-keyboard/VirtualHidDevice.ts';
import { ByteQueue } from './byteQueue.ts';
import { SERIAL_FRAME, TRANSFER } from './frames.ts';
import { SERIAL_FLOOD, SerialTransferLink } from './links.ts';
import { scriptedSerialPort as scriptedPort } from '../../tests/support/scriptedSerialPort.ts';
import { GRID_BOARD } from '../../tests/support/transferTesting.ts';

const echo = (frame: Uint8Array) => frame.slice();

describe('serial reads of any size (issue 33: 200,000 bytes in one chunk overflowed the stack)', () => {
  it('drops a flood the board sends instead of a reply and tries the frame again', async () => {
    const link = new SerialTransferLink(
      scriptedPort((frame, i) => (i === 0 ? new Uint8Array(200_000).fill(0x41) : echo(frame))),
      undefined,
      200,
    );
    const reply = await link.send(0xc0, [1, 2, 3], true);
    expect([...reply!.subarray(0, 4)]).toEqual([0xc0, 1, 2, 3]);
  });

  it('names the flood when the board keeps flooding, with how much it sent', async () => {
    const link = new SerialTransferLink(
      scriptedPort(() => new Uint8Array(200_000)),
      undefined,
      200,
    );
    const failure = await link.send(0xc0, [1], true).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ViaError);
    expect((failure as ViaError).message).toBe(SERIAL_FLOOD);
    expect((failure as ViaError).details).toMatchObject({ receivedBytes: 200_000, tries: 3 });
  });

  it("the virtual board's port takes a host's write of 200,000 bytes at once, frame by frame", async () => {
    const firmware = new VirtualFirmware(GRID_BOARD);
    await firmware.loadExtensions();
    const device = new VirtualHidDevice(firmware, 'v', (fn) => queueMicrotask(fn));
    await device.open();
    const port = await device.serialPort();
    await port.open({ baudRate: 115200 });
    const reader = port.readable!.getReader();
    const frames = 200_000 / SERIAL_FRAME;
    const writer = port.writable!.getWriter();
    // 3,125 firmware-version queries in one write: the board answers each.
    const bytes = new Uint8Array(200_000);
    for (let at = 0; at < bytes.length; at += SERIAL_FRAME) bytes[at] = TRANSFER.FIRMWARE_QUERY;
    await writer.write(bytes);
    let replies = 0;
    while (replies < frames) {
      const { value } = await reader.read();
      replies += (value?.length ?? 0) / SERIAL_FRAME;
    }
    expect(replies).toBe(frames);
  });
});

describe('ByteQueue', () => {
  it('gives back exactly the bytes pushed, in order, whatever the chunk and frame sizes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 700 }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 300 }),
        (chunks, frame) => {
          const queue = new ByteQueue(16);
          const out: number[] = [];
          for (const chunk of chunks) {
            queue.push(chunk);
            while (queue.length >= frame) for (const b of queue.take(frame)) out.push(b);
          }
          for (const b of queue.take(queue.length)) out.push(b);
          expect(out).toEqual(chunks.flatMap((c) => [...c]));
        },
      ),
      { numRuns: 300, seed: 33 },
    );
  });
});
