import { imageSize, imageTouches, readImage, type FirmwareImage } from './firmwareImage.ts';
import type { HidReportDevice } from './flashDevices.ts';
import type { FlashStep } from './flashRefusals.ts';
import { fail, FlashSession, type FlashOptions, type FlashOutcome } from './FlashSession.ts';
import type { FlashTarget } from '../bootloaders/flashTargets.ts';

/** Retry spacing while HalfKay is busy (teensy_loader_cli: 10 ms). */
const RETRY_MS = 10;
/** Tries for the first blocks, which make HalfKay erase the chip (45 s), and for the rest (0.5 s). */
const FIRST_TRIES = 4500;
const TRIES = 50;

/**
 * The output report for one block (docs/flashing-protocols.md "HalfKay"): 128-byte blocks under 64 KB carry the
 * address low byte first; 256-byte blocks carry address bits 8–23 (the low byte is always 0).
 */
export function halfKayReport(address: number, data: Uint8Array, blockSize: number): Uint8Array<ArrayBuffer> {
  const report = new Uint8Array(2 + blockSize);
  if (blockSize === 128) report.set([address & 0xff, (address >> 8) & 0xff]);
  else report.set([(address >> 8) & 0xff, (address >> 16) & 0xff]);
  report.set(data.subarray(0, blockSize), 2);
  return report;
}

/** The report that makes HalfKay start the application: FF FF FF, then zeros. */
export function halfKayBootReport(blockSize: number): Uint8Array<ArrayBuffer> {
  const report = new Uint8Array(2 + blockSize);
  report.set([0xff, 0xff, 0xff]);
  return report;
}

/**
 * Flashes a Teensy 2.0 / 2.0++ through HalfKay over WebHID, as teensy_loader_cli does: every block of the
 * code area that holds image bytes other than 0xFF, and always the first block (it erases the chip), each as
 * an output report with report id 0, retried while the bootloader is busy; then the boot report. HalfKay
 * cannot read back: `verified` is null. Cancel is honoured between blocks.
 */
export async function flashHalfKay(
  device: HidReportDevice,
  image: FirmwareImage,
  target: FlashTarget,
  options: FlashOptions & { start?: boolean } = {},
): Promise<FlashOutcome> {
  const session = new FlashSession(options);
  const block = target.pageSize;
  const codeEnd = target.bootloaderRange?.start ?? target.flash.end;
  const send = async (report: Uint8Array<ArrayBuffer>, tries: number, step: FlashStep) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await device.sendReport(0, report);
      } catch (error) {
        // A device that is gone rejects with NotFoundError; a busy one with a failed write: try again.
        if ((error as { name?: string }).name === 'NotFoundError' || attempt >= tries)
          fail(attempt >= tries ? 'noReply' : 'disconnected', { step });
        await session.sleep(RETRY_MS);
      }
    }
  };
  return session.run(async () => {
    const total = imageSize(image);
    let count = 0;
    for (let address = 0; address < codeEnd; address += block) {
      const data = readImage(image, address, block);
      if (count > 0 && !imageTouches(image, address, block)) continue;
      if (count > 0 && data.every((b) => b === 0xff)) {
        // The erase already left these bytes as the image has them.
        session.written += bytesIn(image, address, block);
        continue;
      }
      session.checkpoint();
      session.progress('write', session.written, total);
      session.touch();
      await send(halfKayReport(address, data, block), count < 4 ? FIRST_TRIES : TRIES, 'write');
      session.written += bytesIn(image, address, block);
      count++;
    }
    session.progress('write', session.written, total);
    if (options.start !== false) {
      session.progress('start', 0, 1);
      await send(halfKayBootReport(block), TRIES, 'start');
      session.progress('start', 1, 1);
    }
    return null;
  });
}

function bytesIn(image: FirmwareImage, start: number, length: number): number {
  const a = readImage(image, start, length, 0);
  const b = readImage(image, start, length, 1);
  return a.reduce((n, x, i) => n + (x === b[i] ? 1 : 0), 0);
}
