import type { DriveFile, DriveFolder, DriveWritable } from '../../flash/flashDevices.ts';
import type { FlashTarget } from '../../bootloaders/flashTargets.ts';
import { readUf2Firmware } from '../../flash/uf2Image.ts';
import { FaultCounter, VirtualFlash, type BootloaderFaults } from './VirtualFlash.ts';

const notFound = () => new DOMException('A requested file or directory could not be found.', 'NotFoundError');

/**
 * A UF2 bootloader's drive (an RP2040 in BOOTSEL, tinyuf2) with the File System Access API's directory-handle
 * surface: it shows INFO_UF2.TXT; a file written to it is taken block by block as UF2 (blocks of another family
 * are ignored, as the spec asks); once every block of the file has arrived the board flashes and restarts, and
 * the drive goes away (docs/flashing-protocols.md "UF2"). Faults (counted per write call): a refused write,
 * the drive ejected mid-copy, a corrupt byte.
 */
export class VirtualUf2Drive implements DriveFolder {
  readonly name = 'RPI-RP2';
  readonly flash: VirtualFlash;
  readonly faults: FaultCounter;
  connected = true;
  started = 0;
  /** Called when a fault takes it off the bus mid-flash (the cable pulled). */
  onLost: (() => void) | null = null;
  onLeave: (() => void) | null = null;

  constructor(
    readonly target: FlashTarget,
    options: { faults?: BootloaderFaults; initial?: Uint8Array; boardId?: string } = {},
  ) {
    this.flash = new VirtualFlash(
      target.flash.start,
      2 * 1024 * 1024,
      target.bootloaderRange,
      options.initial,
    );
    this.faults = new FaultCounter(options.faults);
    this.info = `UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: ${options.boardId ?? 'RPI-RP2'}\n`;
  }

  private readonly info: string;

  replug(): void {
    this.connected = true;
  }

  async getFileHandle(name: string, options: { create?: boolean } = {}): Promise<DriveFile> {
    if (!this.connected) throw notFound();
    if (name.toUpperCase() === 'INFO_UF2.TXT')
      return {
        getFile: async () => ({ text: async () => this.info }),
        createWritable: async () => {
          throw new DOMException('The drive is read-only.', 'NoModificationAllowedError');
        },
      };
    if (!options.create) throw notFound();
    return {
      getFile: async () => ({ text: async () => '' }),
      createWritable: async () => this.writable(),
    };
  }

  private writable(): DriveWritable {
    const parts: Uint8Array[] = [];
    return {
      write: async (data) => {
        if (!this.connected) throw notFound();
        const fault = this.faults.next();
        if (fault === 'disconnect') {
          this.connected = false;
          this.onLost?.();
          throw notFound();
        }
        if (fault === 'stall') throw new DOMException('An I/O error occurred.', 'InvalidStateError');
        parts.push(data.slice());
      },
      close: async () => {
        if (!this.connected) throw notFound();
        this.take(concat(parts));
      },
      abort: async () => undefined,
    };
  }

  /** Flashes the blocks of this chip's family, then restarts (a file with none is ignored, as the spec says). */
  private take(file: Uint8Array): void {
    const family = this.target.uf2Family;
    const read = readUf2Firmware(file, family === null ? undefined : { id: family, chip: this.target.chip });
    if (!('image' in read)) return;
    for (const s of read.image.segments) {
      const page = 256;
      for (let at = 0; at < s.data.length; at += page) {
        const data = s.data.subarray(at, at + page);
        this.flash.erase(s.address + at, data.length);
        this.flash.program(s.address + at, data, this.faults.corrupt(s.address + at, data.length));
      }
    }
    this.connected = false;
    this.started++;
    this.onLeave?.();
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
