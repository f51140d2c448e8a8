import type { DksEntry, RtData } from '../qmk/actuation.ts';
import type { ScreenHeader } from '../screen/screenFile.ts';
import type { VirtualKeyboardConfig } from './config.ts';
import type { ExtendedFeatures } from './extendedFeatures.ts';

/**
 * What tests and automation ask a virtual firmware about what it holds, beyond what the app's requests read: no
 * page of the app calls these, so they are not on the first screen (issue 43). `VirtualFirmware.loadInspection()`
 * installs them on the class (the e2e helpers await it; the unit tests' setup does it at once). The vendor parts
 * are read from the extensions, which must have loaded (`loadExtensions`).
 */
export interface FirmwareInspection {
  /** Actuation point of a key in keyboard units (100 per mm), or null without actuation. */
  actuationPoint(row: number, col: number): number | null;
  /** The DKS entries the board holds. */
  dksEntries(): DksEntry[];
  /** Rapid trigger of a key, or null without actuation. */
  rapidTrigger(row: number, col: number): RtData | null;
  /** The animation last saved to the LED grid (data as plain numbers, for inspection across page boundaries). */
  matrixAnimation(): { frames: number; fps: number; data: number[] } | null;
  /** The bulk transfer the board is in the middle of receiving ('matrix', 'file', 'firmware'), or null. */
  receivingTransfer(): string | null;
  /** The header of the file last sent to the screen and its size, or null (factory content). */
  screenContent(): (ScreenHeader & { bytes: number }) | null;
  /** One background pixel of the screen file as RGB565 (byte order as sent), for tests. */
  screenPixel(frame: number, x: number, y: number): number | null;
  /**
   * What the firmware sends when macro `id`'s key is pressed, as QMK's via.c `dynamic_keymap_macro_send`
   * does: nothing (null) when `id` is past the macro count, when the buffer's last byte (the "write in
   * progress" flag) is not 0, or when the buffer holds fewer macros; else the macro's bytes up to its NUL.
   */
  playMacro(id: number): number[] | null;
}

/** The part of the firmware the inspection reads (declared here: the firmware imports this module). */
interface Inspected {
  readonly config: Pick<VirtualKeyboardConfig, 'actuation' | 'cols'> & { macroCount: number };
  loaded(): ExtendedFeatures;
  macroBuffer(): Uint8Array;
}

const inspection: FirmwareInspection & ThisType<Inspected> = {
  actuationPoint(row, col) {
    return this.config.actuation ? this.loaded().actuationPoint(row * this.config.cols + col) : null;
  },
  dksEntries() {
    return this.config.actuation ? this.loaded().dksEntries() : [];
  },
  rapidTrigger(row, col) {
    return this.config.actuation ? this.loaded().rapidTrigger(row * this.config.cols + col) : null;
  },
  matrixAnimation() {
    return this.loaded().matrixAnimation();
  },
  receivingTransfer() {
    return this.loaded().transfers.receiving();
  },
  screenContent() {
    return this.loaded().screenContent();
  },
  screenPixel(frame, x, y) {
    return this.loaded().screenPixel(frame, x, y);
  },
  playMacro(id) {
    const buffer = this.macroBuffer();
    if (id < 0 || id >= this.config.macroCount || buffer.length === 0) return null;
    if (buffer[buffer.length - 1] !== 0) return null;
    let at = 0;
    for (let skipped = 0; skipped < id; at++) {
      if (at >= buffer.length) return null;
      if (buffer[at] === 0) skipped++;
    }
    if (at >= buffer.length) return null;
    const end = buffer.indexOf(0, at);
    return [...buffer.subarray(at, end < 0 ? buffer.length : end)];
  },
};

/** Puts the inspection methods on the firmware's prototype (once is enough; again changes nothing). */
export function installInspection(prototype: object): void {
  Object.assign(prototype, inspection);
}
