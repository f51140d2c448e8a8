import { ActuationModel } from './actuation.ts';
import { LegacyCustomFeatures } from './legacyCustomFeatures.ts';
import { TabReceiver } from './tabReceiver.ts';
import { checkScreenFile, decodeScreenHeader, type ScreenHeader } from '../screen/screenFile.ts';
import { TRANSFER } from '../transfer/frames.ts';
import type { VirtualKeyboardConfig } from './config.ts';
import type { DksEntry, RtData } from '../qmk/actuation.ts';

/**
 * The virtual firmware's vendor extensions — Hall-effect actuation, the Satisfaction75-style keyboard values, the
 * bulk-transfer receiver (LED grid, screen files, firmware images) — loaded the first time a board that has one
 * is asked about it (VirtualFirmware.loadExtensions). A keyboard's load never asks, so none of this code is on
 * the first screen.
 */

const refusal = (result: object | string) => (typeof result === 'string' ? result : null);

// Animations are large: stored as base64 inside the JSON image rather than as a number list.
const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Actuation commands that change what the board stores (the others read). */
const ACTUATION_WRITES = [162, 164, 168, 171, 172, 195, 196, 211, 212];

/** The version a demo firmware image carries as ASCII `KLFW:a.b.c` (how the virtual board learns it). */
export function firmwareTag(payload: Uint8Array): number | null {
  const text = new TextDecoder('latin1').decode(payload);
  const match = /KLFW:(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match ? (Number(match[1]) << 8) | (Number(match[2]) << 4) | Number(match[3]) : null;
}

/** The version a demo PLC image carries as ASCII `KLPLC:a.b.c` (a PLC file, not the main firmware). */
export function plcTag(payload: Uint8Array): number | null {
  const match = /KLPLC:(\d+)\.(\d+)\.(\d+)/.exec(new TextDecoder('latin1').decode(payload));
  return match ? (Number(match[1]) << 8) | (Number(match[2]) << 4) | Number(match[3]) : null;
}

/** The parts of the stored EEPROM image the extensions own (`VirtualFirmware.serialize`). */
export interface ExtendedImage {
  legacy: unknown;
  actuation: unknown;
  matrix: unknown;
}

/** What a flashed firmware image tells the board: a PLC part's version, or the main firmware's (null: untagged). */
export type FlashedImage = { plc: number } | { plc: null; version: number | null };

export class ExtendedFeatures {
  readonly legacy: LegacyCustomFeatures | null;
  readonly actuation: ActuationModel | null;
  /** Bulk transfers of the vendor line (matrix lighting, screen files, firmware). */
  readonly transfers: TabReceiver;

  constructor(
    private readonly config: Pick<
      VirtualKeyboardConfig,
      'rows' | 'cols' | 'legacyCustomFeatures' | 'actuation' | 'matrixLighting' | 'screen' | 'serialFirmware'
    >,
    onFlashed: (image: FlashedImage) => void,
  ) {
    this.legacy = config.legacyCustomFeatures ? new LegacyCustomFeatures() : null;
    this.actuation = config.actuation ? new ActuationModel(config.rows * config.cols) : null;
    const matrix = config.matrixLighting;
    this.transfers = new TabReceiver({
      ...(matrix ? { matrix } : {}),
      ...(config.screen
        ? {
            screen: {
              maxBytes: config.screen.maxBytes,
              checkHeader: (header: Uint8Array) => refusal(decodeScreenHeader(header)),
              checkFile: (file: Uint8Array) => refusal(checkScreenFile(file)),
            },
          }
        : {}),
      ...(config.serialFirmware !== undefined ? { firmware: config.serialFirmware } : {}),
    });
    this.transfers.onFirmware = (payload) => {
      const plc = plcTag(payload);
      onFlashed(plc !== null ? { plc } : { plc: null, version: firmwareTag(payload) });
    };
  }

  /**
   * A raw-HID command the core firmware does not know, in place on `data`: null when no extension takes it,
   * else whether EEPROM changed. 193 is rapid trigger on Hall-effect boards (their LED grid takes animations
   * over serial), else the LED grid's data frame; raw HID answers every frame (ADR 0004, ADR 0005).
   */
  dispatch(data: Uint8Array): boolean | null {
    if (this.actuation?.handle(data, this.config.cols)) return ACTUATION_WRITES.includes(data[0]!);
    if (data[0] !== TRANSFER.FIRMWARE_INFO && this.transfers.handles(data[0]!)) {
      this.transfers.handle(data, true);
      return this.transfers.completed === 'matrix';
    }
    return null;
  }

  /**
   * The reply to one serial frame, or null when it gets none (a frame the board does not take, a data chunk it
   * does not acknowledge); a finished LED-grid animation is saved with the EEPROM image.
   */
  serialReply(
    frame: Uint8Array,
    firmware: { readonly serialAcks: boolean; firmwareVersion(): number; persist(): void },
  ): Uint8Array | null {
    const reply = frame.slice();
    const answered = this.serialFrame(reply, firmware.serialAcks, firmware.firmwareVersion());
    if (answered === null) return null;
    if (this.transfers.completed === 'matrix') firmware.persist();
    return answered ? reply : null;
  }

  /** A serial frame in place on `reply`: null when the board does not take it, else whether it is answered. */
  serialFrame(reply: Uint8Array, acks: boolean, firmwareVersion: number): boolean | null {
    if (!this.transfers.handles(reply[0]!)) return null;
    if (reply[0] === TRANSFER.FIRMWARE_QUERY) reply.set([firmwareVersion >> 8, firmwareVersion & 0xff], 2);
    return this.transfers.handle(reply, acks);
  }

  /** The header of the file last sent to the screen and its size, or null (factory content). */
  screenContent(): (ScreenHeader & { bytes: number }) | null {
    const file = this.transfers.content.screenFile;
    const header = file && decodeScreenHeader(file);
    return header && typeof header !== 'string' ? { ...header, bytes: file!.length } : null;
  }

  // Inspection for tests, the debug pane and the stdio bridge (VirtualFirmware's methods of the same names): here
  // rather than in the core firmware because only a board whose extensions loaded can be asked.

  /** Actuation point of key `index` (row-major) in keyboard units, or null. */
  actuationPoint(index: number): number | null {
    return this.actuation?.keys[index]?.ap ?? null;
  }

  dksEntries(): DksEntry[] {
    return this.actuation?.dks ?? [];
  }

  rapidTrigger(index: number): RtData | null {
    return this.actuation?.rt[index] ?? null;
  }

  matrixAnimation(): { frames: number; fps: number; data: number[] } | null {
    const m = this.transfers.content.matrix;
    return m && { frames: m.frames, fps: m.fps, data: [...m.data] };
  }

  screenPixel(frame: number, x: number, y: number): number | null {
    const file = this.transfers.content.screenFile;
    const header = this.screenContent();
    if (!file || !header) return null;
    const at = 20 + ((frame * header.height + y) * header.width + x) * 2;
    return (file[at]! << 8) | file[at + 1]!;
  }

  dump(): ExtendedImage {
    const matrix = this.transfers.content.matrix;
    return {
      legacy: this.legacy?.dump() ?? null,
      actuation: this.actuation?.dump() ?? null,
      matrix: matrix && { ...matrix, data: toBase64(matrix.data) },
    };
  }

  /** Restores what a stored image holds; malformed parts are ignored, as the core firmware does. */
  load(image: ExtendedImage): void {
    this.legacy?.load(image.legacy);
    this.actuation?.load(image.actuation);
    const matrix = image.matrix as { frames?: unknown; fps?: unknown; data?: unknown } | null | undefined;
    if (
      matrix &&
      typeof matrix.frames === 'number' &&
      typeof matrix.fps === 'number' &&
      typeof matrix.data === 'string'
    )
      this.transfers.content.matrix = {
        frames: matrix.frames,
        fps: matrix.fps,
        data: fromBase64(matrix.data),
      };
  }
}
