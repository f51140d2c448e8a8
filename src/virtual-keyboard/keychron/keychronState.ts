import type { KeychronBoardData } from './boards/keychronBoardData.ts';
import type { KeychronEepromLayout } from './keychronEepromLayout.ts';
import type { RgbMatrixRam } from './rgbMatrixConfig.ts';

/**
 * The firmware state Keychron's command handlers read and change (KeychronModel holds it): the EEPROM, and the
 * RAM copies loaded from it at power-on. Byte arrays keep the EEPROM's layout, so a save is a copy.
 */
export interface KeychronState {
  readonly board: KeychronBoardData;
  readonly layout: KeychronEepromLayout;
  readonly eeprom: Uint8Array;
  readonly rgb: RgbMatrixRam;
  /** VIA RGB value ids set since the last save (rgb_matrix_value_id_mask, 8 bits). */
  viaRgbMask: number;
  /** disable mask, h, s, v */
  readonly osIndicator: Uint8Array;
  perKeyType: number;
  /** [h, s, v] per LED */
  readonly perKeyColors: Uint8Array;
  readonly regions: Uint8Array;
  /** 2 regions × 5 entries × [effect, hue, sat, speed, time u32 LE] */
  readonly effects: Uint8Array;
  /** 20 × [type, key 1, key 2] */
  readonly snapClick: Uint8Array;
  readonly debounceType: number;
  readonly debounceTime: number;
  readonly reportRate: number;
  setDebounce(type: number, time: number): void;
  setReportRate(divider: number): void;
  saveRgb(): void;
}
