import { KC_RGB_MODE_MIXED_RGB } from '../../qmk/keychronValues.ts';

/**
 * QMK's RGB-matrix config (rgb_config_t) as Keychron's build keeps it in RAM. Stored at EEPROM 23: byte 0 =
 * enable (2 bits) | mode << 2, then hue, saturation, value, speed, flags.
 */
export interface RgbMatrixConfig {
  enable: number;
  mode: number;
  hue: number;
  sat: number;
  val: number;
  speed: number;
  flags: number;
}

/** Size of rgb_config_t in EEPROM (a u64). */
export const RGB_CONFIG_BYTES = 8;
/** RGB_MATRIX_VAL_STEP: how far one brightness step moves. */
const VAL_STEP = 16;

/** What eeconfig init writes: on, mode 5 (cycle left-right), hue 0, sat 255, val 255, speed 127, all flags. */
export const RGB_MATRIX_DEFAULTS: RgbMatrixConfig = {
  enable: 1,
  mode: 5,
  hue: 0,
  sat: 255,
  val: 255,
  speed: 127,
  flags: 0xff,
};

export function readRgbConfig(bytes: Uint8Array, at: number): RgbMatrixConfig {
  return {
    enable: bytes[at]! & 0x03,
    mode: bytes[at]! >> 2,
    hue: bytes[at + 1]!,
    sat: bytes[at + 2]!,
    val: bytes[at + 3]!,
    speed: bytes[at + 4]!,
    flags: bytes[at + 5]!,
  };
}

export function writeRgbConfig(bytes: Uint8Array, at: number, c: RgbMatrixConfig): void {
  bytes.set([modeByte(c), c.hue, c.sat, c.val, c.speed, c.flags, 0, 0], at);
}

/** Byte 0 of the stored config: enable in bits 0-1, mode in bits 2-7. */
export function modeByte(c: RgbMatrixConfig): number {
  return ((c.mode << 2) | c.enable) & 0xff;
}

/** lib8tion's scale8 as QMK builds it (not the "fixed" variant): 128 scaled by 255 is 127. */
export function scale8(value: number, scale: number): number {
  return (value * scale) >> 8;
}

/**
 * The RAM-only setters QMK's rgb_matrix.c offers (the `_noeeprom` family) with its rules: hue, saturation,
 * value and speed change only while the matrix is on; turning it on raises the brightness to the board's
 * turn-off value in steps of 16; modes clamp to 1 … the last mode (24 here).
 */
export class RgbMatrixRam {
  constructor(
    public config: RgbMatrixConfig,
    private readonly turnOffVal: number,
  ) {}

  setHsv(hue: number, sat: number, val: number): void {
    if (!this.config.enable) return;
    Object.assign(this.config, { hue, sat, val: Math.min(val, 255) });
  }

  setSpeed(speed: number): void {
    if (this.config.enable) this.config.speed = speed;
  }

  enable(): void {
    this.config.enable = 1;
    this.raiseToTurnOffVal();
  }

  disable(): void {
    this.config.enable = 0;
  }

  /** VIA's device indication: rgb_matrix_toggle_noeeprom (enable ^= 1, then the brightness floor). */
  toggle(): void {
    this.config.enable ^= 1;
    if (this.config.enable) this.raiseToTurnOffVal();
  }

  setMode(mode: number): void {
    if (!this.config.enable) return;
    this.config.mode = mode < 1 ? 1 : Math.min(mode, KC_RGB_MODE_MIXED_RGB);
  }

  private raiseToTurnOffVal(): void {
    while (this.config.val < this.turnOffVal) {
      this.setHsv(this.config.hue, this.config.sat, Math.min(this.config.val + VAL_STEP, 255));
    }
  }
}
