import { DFU_REQUEST, DFU_STATE, DFU_STATUS_OK, DfuLink, statusName } from './DfuLink.ts';
import { parseDfuseLayout, runAt, sectorStart, type DfuseSectorRun } from './dfuseLayout.ts';
import type { FirmwareImage } from './firmwareImage.ts';
import { imageSize, imageStart } from './firmwareImage.ts';
import type { UsbControlDevice } from './flashDevices.ts';
import { hexAddress, hexByte, type FlashStep } from './flashRefusals.ts';
import { fail, FlashSession, FlashStepError, type FlashOptions, type FlashOutcome } from './FlashSession.ts';

/** DfuSe commands, sent as DNLOAD block 0 (AN3156 §3). */
export const DFUSE_COMMAND = { SET_ADDRESS: 0x21, ERASE: 0x41 } as const;
/** The first data block: address = (block − 2) × transfer size + address pointer. */
const FIRST_DATA_BLOCK = 2;
/** GETSTATUS polls a command may take before the bootloader counts as stuck (dfu-util gives up at 100). */
const MAX_POLLS = 100;

export interface DfuseOptions extends FlashOptions {
  /** The DFU interface (QMK: `-a 0`, interface 0). */
  interfaceNumber?: number;
  /** The functional descriptor's wTransferSize (2048 on STM32 system bootloaders). */
  transferSize?: number;
  /** The alternate setting's name: the memory layout. */
  layout: string;
  /** Read back and compare (true unless the user turned it off). */
  verify?: boolean;
}

/**
 * Flashes an image through an ST DfuSe bootloader, as docs/flashing-protocols.md "ST DfuSe" describes:
 * erases only the sectors the image touches, writes it in transfer-size chunks (address pointer, then block 2),
 * reads it back and compares where the chip allows upload (a stalled upload means read protection: the result
 * says "not verified", `verified: null`), then leaves to the application at the image's start. Cancel is
 * honoured between sectors and chunks; the leave request is never cancelled.
 */
export async function flashDfuse(
  device: UsbControlDevice,
  image: FirmwareImage,
  options: DfuseOptions,
): Promise<FlashOutcome> {
  const session = new FlashSession(options);
  const link = new DfuLink(device, options.interfaceNumber ?? 0);
  const size = options.transferSize ?? 2048;
  return session.run(async () => {
    const layout = parseDfuseLayout(options.layout) ?? fail('notBootloader', { bootloader: 'STM32 DFU' });
    const sectors = sectorsFor(image, layout);
    await link.toIdle('connect');
    let erased = 0;
    for (const sector of sectors) {
      session.checkpoint();
      session.progress('erase', erased, sectors.length);
      session.touch();
      await command(link, session, DFUSE_COMMAND.ERASE, sector, 'erase');
      erased++;
    }
    session.progress('erase', erased, sectors.length);
    const total = imageSize(image);
    for (const segment of image.segments)
      for (let offset = 0; offset < segment.data.length; offset += size) {
        session.checkpoint();
        session.progress('write', session.written, total);
        const chunk = segment.data.subarray(offset, offset + size);
        await command(link, session, DFUSE_COMMAND.SET_ADDRESS, segment.address + offset, 'write');
        await link.download(FIRST_DATA_BLOCK, chunk, 'write');
        await pollUntilIdle(link, session, 'write');
        session.written += chunk.length;
      }
    session.progress('write', session.written, total);
    const verified = options.verify === false ? null : await verify(link, session, image, size);
    await leave(link, session, imageStart(image) ?? 0);
    return verified;
  });
}

/** Every sector the image has a byte in, checked writable and erasable, in address order. */
function sectorsFor(image: FirmwareImage, layout: DfuseSectorRun[]): number[] {
  const out: number[] = [];
  for (const s of image.segments) {
    let at = s.address;
    while (at < s.address + s.data.length) {
      const run = runAt(layout, at);
      if (!run || !run.writable || !run.erasable)
        fail('outsideFlash', {
          address: hexAddress(at),
          chip: 'STM32',
          start: hexAddress(layout[0]!.start),
          end: hexAddress(layout[layout.length - 1]!.end - 1),
        });
      const start = sectorStart(run!, at);
      if (out[out.length - 1] !== start) out.push(start);
      at = start + run!.sectorSize;
    }
  }
  return out;
}

/** A DfuSe command (erase or set address): DNLOAD block 0, then GETSTATUS until it has run. */
async function command(link: DfuLink, session: FlashSession, code: number, address: number, step: FlashStep) {
  const bytes = new Uint8Array([
    code,
    address & 0xff,
    (address >>> 8) & 0xff,
    (address >>> 16) & 0xff,
    address >>> 24,
  ]);
  await link.download(0, bytes, step);
  const first = await link.getStatus(step);
  if (first.state !== DFU_STATE.dfuDNBUSY) reportStatus(first.status, first.state, step);
  await session.sleep(first.pollTimeout);
  await pollUntilIdle(link, session, step);
}

/** Polls GETSTATUS while the bootloader is busy; fails with its status when it ends in error. */
async function pollUntilIdle(link: DfuLink, session: FlashSession, step: FlashStep): Promise<void> {
  for (let polls = 0; polls < MAX_POLLS; polls++) {
    const status = await link.getStatus(step);
    if (status.state === DFU_STATE.dfuDNBUSY || status.state === DFU_STATE.dfuDNLOAD_SYNC) {
      await session.sleep(status.pollTimeout);
      continue;
    }
    if (status.status !== DFU_STATUS_OK || status.state !== DFU_STATE.dfuDNLOAD_IDLE)
      reportStatus(status.status, status.state, step);
    return;
  }
  fail('noReply', { step });
}

function reportStatus(status: number, state: number, step: FlashStep): never {
  if (status !== DFU_STATUS_OK) fail('deviceStatus', { status: statusName(status), step });
  return fail('unexpectedReply', { step, state });
}

/** Reads every segment back; null when the chip refuses upload (read protection). */
async function verify(link: DfuLink, session: FlashSession, image: FirmwareImage, size: number) {
  const total = imageSize(image);
  let checked = 0;
  for (const segment of image.segments) {
    session.checkpoint();
    await command(link, session, DFUSE_COMMAND.SET_ADDRESS, segment.address, 'verify');
    await link.abort('verify');
    for (let offset = 0, block = FIRST_DATA_BLOCK; offset < segment.data.length; offset += size, block++) {
      session.progress('verify', checked, total);
      const expected = segment.data.subarray(offset, offset + size);
      const read = await link.in(DFU_REQUEST.UPLOAD, block, expected.length, 'verify');
      if (read === null) {
        await link.toIdle('verify');
        return null;
      }
      const at = expected.findIndex((b, i) => read[i] !== b);
      if (read.length !== expected.length || at >= 0) {
        const i = at >= 0 ? at : read.length;
        fail('verifyMismatch', {
          address: hexAddress(segment.address + offset + i),
          expected: hexByte(expected[i] ?? 0xff),
          actual: read[i] === undefined ? '—' : hexByte(read[i]!),
        });
      }
      checked += expected.length;
    }
    await link.abort('verify');
  }
  session.progress('verify', checked, total);
  return checked;
}

/**
 * Leave: address pointer to the start, a zero-length DNLOAD block 2, one GETSTATUS. The bootloader may reset
 * before answering either, so only failures before the zero-length request count.
 */
async function leave(link: DfuLink, session: FlashSession, start: number): Promise<void> {
  session.progress('start', 0, 1);
  await command(link, session, DFUSE_COMMAND.SET_ADDRESS, start, 'start');
  try {
    await link.download(FIRST_DATA_BLOCK, new Uint8Array(), 'start');
    await link.getStatus('start');
  } catch (error) {
    if (!(error instanceof FlashStepError)) throw error;
  }
  session.progress('start', 1, 1);
}
