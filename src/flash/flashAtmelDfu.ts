import { DFU_STATE, DFU_STATUS_NOTDONE, DFU_STATUS_OK, DfuLink, statusName } from './DfuLink.ts';
import { imageBlocks, imageSize, readImage, type FirmwareImage } from './firmwareImage.ts';
import type { UsbControlDevice } from './flashDevices.ts';
import { hexAddress, hexByte, type FlashStep } from './flashRefusals.ts';
import { fail, FlashSession, FlashStepError, type FlashOptions, type FlashOutcome } from './FlashSession.ts';
import type { FlashTarget } from '../bootloaders/flashTargets.ts';

/** Bytes one write or read carries (dfu-programmer's ATMEL_MAX_TRANSFER_SIZE). */
export const ATMEL_BLOCK = 1024;
const HEADER = 32;
/** The DFU suffix after the data: CRC (0), length 16, "DFU", bcdDFU 1.10, vendor, product, release (FFFF). */
const SUFFIX = [0, 0, 0, 0, 16, 0x44, 0x46, 0x55, 0x01, 0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
/** GETSTATUS polls during chip erase (100 ms apart: dfu-programmer allows 20 s). */
const ERASE_POLLS = 200;

export const ATMEL_COMMAND = {
  readConfig: (group: number, index: number) => [0x05, group, index],
  chipErase: [0x04, 0x00, 0xff],
  selectPage: (page: number) => [0x06, 0x03, 0x00, page],
  read: (memory: 'flash' | 'eeprom', start: number, end: number) => [
    0x03,
    memory === 'flash' ? 0x00 : 0x02,
    (start >> 8) & 0xff,
    start & 0xff,
    (end >> 8) & 0xff,
    end & 0xff,
  ],
  startApp: [0x04, 0x03, 0x00],
} as const;

export interface AtmelDfuOptions extends FlashOptions {
  /** EEPROM (the EE_HANDS image) instead of flash: no chip erase, same write and read. */
  memory?: 'flash' | 'eeprom';
  verify?: boolean;
  /** Start the application when done (the EEPROM write of a split half is followed by a firmware flash). */
  start?: boolean;
}

/**
 * Flashes an AVR through Atmel's DFU bootloader as dfu-programmer does (docs/flashing-protocols.md "Atmel DFU"):
 * reads the signature and refuses another chip, erases the chip, writes 1024-byte blocks (32-byte header, data,
 * 16-byte suffix) selecting each 64 KB page, reads every block back, then starts the application (04 03 00 and a
 * zero-length download). Blocks are aligned to 1024 bytes and padded with 0xFF: the erased value.
 */
export async function flashAtmelDfu(
  device: UsbControlDevice,
  image: FirmwareImage,
  target: FlashTarget,
  options: AtmelDfuOptions = {},
): Promise<FlashOutcome> {
  const session = new FlashSession(options);
  const link = new AtmelLink(new DfuLink(device, 0), session);
  const memory = options.memory ?? 'flash';
  return session.run(async () => {
    await link.dfu.toIdle('connect');
    const signature = [await link.config(1, 0x30), await link.config(1, 0x31), await link.config(1, 0x60)];
    if (target.signature && signature.some((b, i) => b !== target.signature![i]))
      fail('wrongChip', {
        found: signature.map(hexByte).join(' '),
        expected: target.signature.map(hexByte).join(' '),
      });
    if (memory === 'flash') {
      session.checkpoint();
      session.progress('erase', 0, 1);
      session.touch();
      await link.erase();
      session.progress('erase', 1, 1);
    }
    const units = writeUnits(image, memory);
    const total = imageSize(image);
    let page = -1;
    for (const unit of units) {
      session.checkpoint();
      session.progress('write', session.written, total);
      page = await link.page(unit.start, page, 'write');
      session.touch();
      await link.write(memory, unit.start, unit.data);
      session.written += unit.bytes;
    }
    session.progress('write', session.written, total);
    let verified: number | null = null;
    if (options.verify !== false) {
      verified = 0;
      page = -1;
      for (const unit of units) {
        session.progress('verify', verified, total);
        page = await link.page(unit.start, page, 'verify');
        const read = await link.read(memory, unit.start, unit.data.length);
        const at = unit.data.findIndex((b, i) => read[i] !== b);
        if (at >= 0)
          fail('verifyMismatch', {
            address: hexAddress(unit.start + at),
            expected: hexByte(unit.data[at]!),
            actual: read[at] === undefined ? '—' : hexByte(read[at]!),
          });
        verified += unit.bytes;
      }
      session.progress('verify', verified, total);
    }
    if (options.start !== false) await link.start();
    return verified;
  });
}

interface WriteUnit {
  start: number;
  data: Uint8Array;
  /** Bytes of the image in it (the rest is padding). */
  bytes: number;
}

/**
 * Flash: 1024-byte blocks aligned to 1024 (never across a 64 KB page), gaps padded with 0xFF, the value the
 * chip erase left. EEPROM is not erased first, so only the image's own bytes are written: padding would
 * overwrite the keymap beside the handedness byte.
 */
function writeUnits(image: FirmwareImage, memory: 'flash' | 'eeprom'): WriteUnit[] {
  if (memory === 'eeprom')
    return image.segments.flatMap((s) =>
      Array.from({ length: Math.ceil(s.data.length / ATMEL_BLOCK) }, (_, i) => {
        const data = s.data.subarray(i * ATMEL_BLOCK, (i + 1) * ATMEL_BLOCK);
        return { start: s.address + i * ATMEL_BLOCK, data, bytes: data.length };
      }),
    );
  return imageBlocks(image, ATMEL_BLOCK).map((start) => {
    const empty = readImage(image, start, ATMEL_BLOCK, 0);
    const full = readImage(image, start, ATMEL_BLOCK, 1);
    const bytes = empty.reduce((n, b, i) => n + (b === full[i] ? 1 : 0), 0);
    return { start, data: readImage(image, start, ATMEL_BLOCK), bytes };
  });
}

/** Atmel's FLIP commands over the DFU requests. */
class AtmelLink {
  private transaction = 0;
  constructor(
    readonly dfu: DfuLink,
    private readonly session: FlashSession,
  ) {}

  /** dfu-programmer numbers its downloads and uploads; the bootloader ignores the number. */
  private next(): number {
    const n = this.transaction;
    this.transaction = (this.transaction + 1) & 0xffff;
    return n;
  }

  async command(bytes: readonly number[], step: FlashStep): Promise<void> {
    await this.dfu.download(this.next(), new Uint8Array(bytes), step);
    await this.expectOk(step);
  }

  async expectOk(step: FlashStep): Promise<void> {
    const status = await this.dfu.getStatus(step);
    if (status.status !== DFU_STATUS_OK) {
      if (status.state === DFU_STATE.dfuERROR) await this.dfu.clearStatus(step);
      fail('deviceStatus', { status: statusName(status.status), step });
    }
  }

  async config(group: number, index: number): Promise<number> {
    await this.command(ATMEL_COMMAND.readConfig(group, index), 'signature');
    const reply = await this.dfu.upload(this.next(), 1, 'signature');
    return reply[0] ?? fail('unexpectedReply', { step: 'signature' });
  }

  /** Chip erase: GETSTATUS answers errNOTDONE in dfuDNBUSY until it is done. */
  async erase(): Promise<void> {
    await this.dfu.download(this.next(), new Uint8Array(ATMEL_COMMAND.chipErase), 'erase');
    for (let polls = 0; polls < ERASE_POLLS; polls++) {
      const status = await this.dfu.getStatus('erase');
      if (status.status === DFU_STATUS_NOTDONE && status.state === DFU_STATE.dfuDNBUSY) {
        await this.session.sleep(100);
        continue;
      }
      if (status.status !== DFU_STATUS_OK)
        fail('deviceStatus', { status: statusName(status.status), step: 'erase' });
      return;
    }
    fail('noReply', { step: 'erase' });
  }

  /** Selects the 64 KB page of `address` when it is not `current`; returns the page selected. */
  async page(address: number, current: number, step: FlashStep): Promise<number> {
    const page = Math.floor(address / 0x10000);
    if (page !== current) await this.command(ATMEL_COMMAND.selectPage(page), step);
    return page;
  }

  async write(memory: 'flash' | 'eeprom', start: number, data: Uint8Array): Promise<void> {
    const message = new Uint8Array(HEADER + data.length + SUFFIX.length);
    const first = start % 0x10000;
    const last = first + data.length - 1;
    message.set([0x01, memory === 'flash' ? 0x00 : 0x01, first >> 8, first & 0xff, last >> 8, last & 0xff]);
    message.set(data, HEADER);
    message.set(SUFFIX, HEADER + data.length);
    await this.command([...message], 'write');
  }

  async read(memory: 'flash' | 'eeprom', start: number, length: number): Promise<Uint8Array> {
    const first = start % 0x10000;
    await this.dfu.download(
      this.next(),
      new Uint8Array(ATMEL_COMMAND.read(memory, first, first + length - 1)),
      'verify',
    );
    return this.dfu.upload(this.next(), length, 'verify');
  }

  /** Start: the command, then a zero-length download; the chip resets, so whatever follows is not a failure. */
  async start(): Promise<void> {
    this.session.progress('start', 0, 1);
    await this.dfu.download(this.next(), new Uint8Array(ATMEL_COMMAND.startApp), 'start');
    try {
      await this.dfu.download(this.next(), new Uint8Array(), 'start');
    } catch (error) {
      if (!(error instanceof FlashStepError)) throw error;
    }
    this.session.progress('start', 1, 1);
  }
}
