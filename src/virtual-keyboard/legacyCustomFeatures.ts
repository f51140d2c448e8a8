import { KEYBOARD_VALUE } from '../protocol/commands.ts';
import { u16 } from '../protocol/bytes.ts';

/** Default enabled encoder modes: volume, media, scroll, brightness, backlight (bits 0–4). */
export const DEFAULT_ENCODER_MODES = 0x1f;

/**
 * Satisfaction75-style keyboard values 0x80–0x83 (via-protocol.md §7.1): enabled encoder modes, default and
 * current OLED mode, and a custom encoder table of 3 encoders × (clockwise, counter-clockwise, press).
 */
export class LegacyCustomFeatures {
  private modes = DEFAULT_ENCODER_MODES;
  private oledDefault = 0;
  private oledMode = 0;
  private table = new Uint16Array(9);

  reset(): void {
    this.modes = DEFAULT_ENCODER_MODES;
    this.oledDefault = 0;
    this.oledMode = 0;
    this.table = new Uint16Array(9);
  }

  /** GET_KEYBOARD_VALUE for 0x80–0x83; false when the id is not one of them (or the index is out of range). */
  get(data: Uint8Array): boolean {
    switch (data[1]) {
      case KEYBOARD_VALUE.ENCODER_MODES:
        data[2] = this.modes;
        return true;
      case KEYBOARD_VALUE.OLED_DEFAULT_MODE:
        data[2] = this.oledDefault;
        return true;
      case KEYBOARD_VALUE.OLED_MODE:
        data[2] = this.oledMode;
        return true;
      case KEYBOARD_VALUE.ENCODER_CUSTOM: {
        const index = data[2]!;
        if (index > 2) return false;
        for (let behavior = 0; behavior < 3; behavior++) {
          const code = this.table[index * 3 + behavior]!;
          data[3 + behavior * 2] = code >> 8;
          data[4 + behavior * 2] = code & 0xff;
        }
        return true;
      }
      default:
        return false;
    }
  }

  set(data: Uint8Array): boolean {
    switch (data[1]) {
      case KEYBOARD_VALUE.ENCODER_MODES:
        this.modes = data[2]!;
        return true;
      case KEYBOARD_VALUE.OLED_DEFAULT_MODE:
        this.oledDefault = data[2]! % 3;
        return true;
      case KEYBOARD_VALUE.OLED_MODE:
        this.oledMode = data[2]! % 3;
        return true;
      case KEYBOARD_VALUE.ENCODER_CUSTOM: {
        const [index, behavior] = [data[2]!, data[3]!];
        if (index > 2 || behavior > 2) return false;
        this.table[index * 3 + behavior] = u16(data, 4);
        return true;
      }
      default:
        return false;
    }
  }

  dump(): number[] {
    return [this.modes, this.oledDefault, this.oledMode, ...this.table];
  }

  load(image: unknown): void {
    if (!Array.isArray(image) || image.length !== 12) return;
    [this.modes, this.oledDefault, this.oledMode] = image as [number, number, number];
    this.table.set((image as number[]).slice(3));
  }
}
