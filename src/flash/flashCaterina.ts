import type { Timers } from '../lib/timers.ts';
import { imageBlocks, imageSize, readImage, type FirmwareImage } from './firmwareImage.ts';
import type { SerialStreams } from './flashDevices.ts';
import { hexAddress, hexByte, type FlashStep } from './flashRefusals.ts';
import { fail, FlashSession, type FlashOptions, type FlashOutcome } from './FlashSession.ts';
import type { FlashTarget } from '../bootloaders/flashTargets.ts';
import { SerialLink } from './SerialLink.ts';

const CR = 0x0d;
/** A page write takes a few milliseconds; a second without a reply means the bootloader is gone or stuck. */
const REPLY_MS = 1000;
const ch = (c: string) => c.charCodeAt(0);

export interface CaterinaOptions extends FlashOptions {
  /** EEPROM (the EE_HANDS image): written byte by byte, as avrdude does. */
  memory?: 'flash' | 'eeprom';
  verify?: boolean;
  /** Leave the bootloader when done (E). */
  start?: boolean;
  timers?: Timers;
}

/**
 * Flashes an AVR through Caterina (AVR109 over the bootloader's USB serial port, docs/flashing-protocols.md
 * "AVR109"): checks it is a block-mode AVR109 bootloader on the right chip (`S`, `b`, `s`), writes each
 * 128-byte page that holds image bytes (`A` word address once per run, then `B 00 80 F` + data; Caterina
 * erases each page itself), reads every page back (`g 00 80 F`), then exits (`E`). No pause between pages:
 * Caterina gives up 8 s after its last block. The port must already be open (any baud rate).
 */
export async function flashCaterina(
  port: SerialStreams,
  image: FirmwareImage,
  target: FlashTarget,
  options: CaterinaOptions = {},
): Promise<FlashOutcome> {
  const session = new FlashSession(options);
  const link = new SerialLink(port, options.timers);
  const memory = options.memory ?? 'flash';
  const request = async (bytes: readonly number[] | Uint8Array, reply: number, step: FlashStep) => {
    await link.write(bytes, step);
    return link.read(reply, REPLY_MS, step);
  };
  const expectCr = async (bytes: readonly number[] | Uint8Array, step: FlashStep) => {
    const [answer] = await request(bytes, 1, step);
    if (answer !== CR) fail(answer === ch('?') ? 'stalled' : 'unexpectedReply', { step });
  };
  try {
    return await session.run(async () => {
      const id = await request([ch('S')], 7, 'connect');
      if (![...id].every((b) => b >= 0x20 && b < 0x7f)) fail('notBootloader', { bootloader: 'Caterina' });
      // One byte first: a bootloader without block mode answers `?` alone (avrdude reads it the same way).
      const [mode] = await request([ch('b')], 1, 'connect');
      if (mode !== ch('Y')) fail('notBootloader', { bootloader: 'Caterina' });
      const size = await link.read(2, REPLY_MS, 'connect');
      const pageSize = (size[0]! << 8) | size[1]!;
      if (pageSize === 0 || pageSize % 2 !== 0) fail('unexpectedReply', { step: 'connect' });
      const sig = [...(await request([ch('s')], 3, 'signature'))].reverse();
      if (target.signature && sig.some((b, i) => b !== target.signature![i]))
        fail('wrongChip', {
          found: sig.map(hexByte).join(' '),
          expected: target.signature.map(hexByte).join(' '),
        });
      const units =
        memory === 'flash'
          ? imageBlocks(image, pageSize).map((start) => ({ start, data: readImage(image, start, pageSize) }))
          : image.segments.flatMap((s) =>
              [...s.data].map((b, i) => ({ start: s.address + i, data: Uint8Array.of(b) })),
            );
      const kind = memory === 'flash' ? ch('F') : ch('E');
      // Flash addresses are words; EEPROM addresses bytes (Caterina shifts either into its byte counter).
      const address = (at: number) => (memory === 'flash' ? at >> 1 : at);
      const total = imageSize(image);
      let next: number | null = null;
      for (const unit of units) {
        session.checkpoint();
        session.progress('write', session.written, total);
        if (unit.start !== next)
          await expectCr([ch('A'), address(unit.start) >> 8, address(unit.start) & 0xff], 'write');
        session.touch();
        const n = unit.data.length;
        await expectCr([ch('B'), n >> 8, n & 0xff, kind, ...unit.data], 'write');
        session.written += memory === 'flash' ? bytesIn(image, unit.start, n) : n;
        next = unit.start + n;
      }
      session.progress('write', session.written, total);
      let verified: number | null = null;
      if (options.verify !== false) {
        verified = 0;
        next = null;
        for (const unit of units) {
          session.progress('verify', verified, total);
          if (unit.start !== next)
            await expectCr([ch('A'), address(unit.start) >> 8, address(unit.start) & 0xff], 'verify');
          const n = unit.data.length;
          const read = await request([ch('g'), n >> 8, n & 0xff, kind], n, 'verify');
          const at = unit.data.findIndex((b, i) => read[i] !== b);
          if (at >= 0)
            fail('verifyMismatch', {
              address: hexAddress(unit.start + at),
              expected: hexByte(unit.data[at]!),
              actual: hexByte(read[at]!),
            });
          verified += memory === 'flash' ? bytesIn(image, unit.start, n) : n;
          next = unit.start + n;
        }
        session.progress('verify', verified, total);
      }
      if (options.start !== false) {
        session.progress('start', 0, 1);
        await expectCr([ch('E')], 'start');
        session.progress('start', 1, 1);
      }
      return verified;
    });
  } finally {
    await link.release();
  }
}

/** Bytes of the image in [start, start + length). */
function bytesIn(image: FirmwareImage, start: number, length: number): number {
  const a = readImage(image, start, length, 0);
  const b = readImage(image, start, length, 1);
  return a.reduce((n, x, i) => n + (x === b[i] ? 1 : 0), 0);
}
