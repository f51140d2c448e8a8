import { CMD, REPORT_LENGTH } from '../../protocol/commands.ts';
import { VIALRGB, VIALRGB_PROTOCOL } from '../../protocol/vialRgb.ts';
import { VIALRGB_EFFECT_OFF } from '../../vial/vialRgbEffects.ts';

/**
 * QMK's RGB Matrix effect order (quantum/rgb_matrix/animations/rgb_matrix_effects.inc) as VialRGB ids: QMK
 * numbers the effects a build has from 1 in this order. Effects VialRGB has no id for (flower blooming, pixel
 * flow, starlight, riverflow) are not modelled; Direct Control comes last (vial-qmk adds it after QMK's own).
 */
const QMK_ORDER: readonly number[] = [
  2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 43, 44,
  29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 1,
];
const SOLID_COLOR = 2;
const CYCLE_LEFT_RIGHT = 14;

/** QMK's rgb_matrix_config, with the mode as QMK numbers it (1… in QMK_ORDER over the built effects). */
export interface RgbMatrixConfig {
  enable: boolean;
  mode: number;
  speed: number;
  hue: number;
  saturation: number;
  brightness: number;
}

/** How the RGB Matrix was built: effects (VialRGB ids, Solid Color always in) and its brightness ceiling. */
export interface VialRgbBuild {
  effects?: readonly number[];
  maxBrightness?: number;
}

const le16 = (b: ArrayLike<number>, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const isByte = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 255;

/**
 * vial-qmk's VialRGB (quantum/vialrgb.c) over QMK's RGB Matrix, byte for byte: VIA's lighting get/set value
 * with VialRGB's value ids, and VIA's lighting save storing the config. Sets change RAM only (QMK's _noeeprom
 * calls); the EEPROM copy changes on save and is what a replugged board starts from.
 */
export class VialRgbModel {
  readonly maxBrightness: number;
  /** The supported_modes table: VialRGB id ascending, Off first; index ≠ QMK mode (see `qmkModes`). */
  private readonly table: readonly number[];
  /** QMK mode n (from 1) → VialRGB id. */
  private readonly qmkModes: readonly number[];
  private ram: RgbMatrixConfig;
  private saved: RgbMatrixConfig;
  /** Test hook: set mode is answered but not applied (a board whose lighting did not take the change). */
  ignoreWrites = false;

  constructor(build: VialRgbBuild = {}) {
    const built = new Set([SOLID_COLOR, ...(build.effects ?? QMK_ORDER.filter((id) => id !== 1))]);
    this.qmkModes = QMK_ORDER.filter((id) => built.has(id));
    this.table = [VIALRGB_EFFECT_OFF, ...[...this.qmkModes].sort((a, b) => a - b)];
    this.maxBrightness = build.maxBrightness ?? 255;
    // eeconfig_update_rgb_matrix_default: on, Cycle Left Right when built (else Solid Color), red at full
    // saturation, the maximum brightness, speed 127.
    const mode = this.qmkModeOf(built.has(CYCLE_LEFT_RIGHT) ? CYCLE_LEFT_RIGHT : SOLID_COLOR);
    this.saved = { enable: true, mode, speed: 127, hue: 0, saturation: 255, brightness: this.maxBrightness };
    this.ram = { ...this.saved };
  }

  private qmkModeOf(vialRgbId: number): number {
    return this.qmkModes.indexOf(vialRgbId) + 1;
  }

  /** The VialRGB id of the current effect: Off when disabled, 0 for a QMK mode without an id. */
  private currentEffect(): number {
    if (!this.ram.enable) return VIALRGB_EFFECT_OFF;
    return this.qmkModes[this.ram.mode - 1] ?? VIALRGB_EFFECT_OFF;
  }

  /** VIA's lighting commands on a VialRGB build; returns whether EEPROM changed (save only). */
  handle(data: Uint8Array): boolean {
    if (data[0] === CMD.CUSTOM_GET_VALUE) this.get(data);
    else if (data[0] === CMD.CUSTOM_SET_VALUE && data[1] === VIALRGB.SET_MODE) {
      if (!this.ignoreWrites) this.setMode(data);
    } else if (data[0] === CMD.CUSTOM_SAVE) {
      this.saved = { ...this.ram };
      return true;
    }
    return false;
  }

  /** Value ids it does not know (VIA's own lighting ids, the Direct Control ones of a build without it): as sent. */
  private get(data: Uint8Array): void {
    switch (data[1]) {
      case VIALRGB.GET_INFO:
        data.set([VIALRGB_PROTOCOL & 0xff, VIALRGB_PROTOCOL >> 8, this.maxBrightness], 2);
        return;
      case VIALRGB.GET_MODE: {
        const effect = this.currentEffect();
        const { speed, hue, saturation, brightness } = this.ram;
        data.set([effect & 0xff, effect >> 8, speed, hue, saturation, brightness], 2);
        return;
      }
      case VIALRGB.GET_SUPPORTED: {
        const after = le16(data, 2);
        data.fill(0xff, 2);
        const ids = this.table.filter((id) => id > after).slice(0, (REPORT_LENGTH - 2) / 2);
        ids.forEach((id, i) => data.set([id & 0xff, id >> 8], 2 + i * 2));
        return;
      }
    }
  }

  /**
   * Off disables; any other id enables and selects its QMK mode — an id the build lacks maps to QMK mode 0,
   * which QMK raises to mode 1. Speed is always set; the colour only while enabled (QMK ignores it when off),
   * its value clamped to the maximum brightness.
   */
  private setMode(data: Uint8Array): void {
    const id = le16(data, 2);
    if (id === VIALRGB_EFFECT_OFF) this.ram.enable = false;
    else {
      this.ram.enable = true;
      this.ram.mode = Math.max(1, this.qmkModeOf(id));
    }
    this.ram.speed = data[4]!;
    if (!this.ram.enable) return;
    this.ram.hue = data[5]!;
    this.ram.saturation = data[6]!;
    this.ram.brightness = Math.min(data[7]!, this.maxBrightness);
  }

  // Inspection, the EEPROM image, and power-up.

  /** What the firmware holds: `ram` (what the LEDs show) and `saved` (EEPROM), effects as VialRGB ids. */
  state(): { ram: RgbStateView; saved: RgbStateView } {
    return { ram: this.view(this.ram), saved: this.view(this.saved) };
  }

  private view(c: RgbMatrixConfig): RgbStateView {
    const effect = c.enable ? (this.qmkModes[c.mode - 1] ?? 0) : VIALRGB_EFFECT_OFF;
    return { effect, speed: c.speed, hue: c.hue, saturation: c.saturation, brightness: c.brightness };
  }

  dump(): RgbMatrixConfig {
    return { ...this.saved };
  }

  /** Restores the EEPROM copy and starts from it, as a board powering up; a malformed one is ignored. */
  load(image: unknown): void {
    const i = image as Partial<RgbMatrixConfig> | null | undefined;
    if (
      !i ||
      typeof i.enable !== 'boolean' ||
      ![i.mode, i.speed, i.hue, i.saturation, i.brightness].every(isByte) ||
      i.mode! < 1 ||
      i.mode! > this.qmkModes.length
    )
      return;
    this.saved = {
      enable: i.enable,
      mode: i.mode!,
      speed: i.speed!,
      hue: i.hue!,
      saturation: i.saturation!,
      brightness: Math.min(i.brightness!, this.maxBrightness),
    };
    this.ram = { ...this.saved };
  }
}

export interface RgbStateView {
  effect: number;
  speed: number;
  hue: number;
  saturation: number;
  brightness: number;
}
