import {
  KC_EEPROM_SIZE,
  KC_EFFECT_ENTRY_SIZE,
  KC_MIXED_RGB_DEFAULT_EFFECTS,
  KC_MIXED_RGB_EFFECTS_PER_REGION,
} from '../../protocol/keychron/keychronIds.ts';
import {
  KC_DEBOUNCE_DEFAULT_TYPE,
  KC_OS_INDICATOR_DEFAULT,
  KC_REPORT_RATE_DIVIDER_DEFAULT,
} from '../../qmk/keychronValues.ts';
import type { KeychronBoardData } from './boards/keychronBoardData.ts';
import type { KeychronEepromLayout } from './keychronEepromLayout.ts';
import { RGB_MATRIX_DEFAULTS, writeRgbConfig } from './rgbMatrixConfig.ts';

/** QMK's eeconfig magic (EECONFIG_MAGIC_NUMBER), stored little endian at address 0. */
export const EECONFIG_MAGIC = 0xfee3;

/**
 * VIA's EEPROM magic: three BCD bytes from the build date `YYYY-MM-DD-…` (year's last two digits, month, day),
 * so a firmware built on another day starts with a fresh keymap.
 */
export function viaMagic(buildDate: string): [number, number, number] {
  const bcd = (at: number) =>
    ((buildDate.charCodeAt(at) & 0x0f) << 4) | (buildDate.charCodeAt(at + 1) & 0x0f);
  return [bcd(2), bcd(5), bcd(8)];
}

/**
 * The Keychron part of the EEPROM right after flashing (eeconfig init and Keychron's keyboard-data init): the
 * core block with the RGB-matrix defaults, language 0, report rate 1 kHz, debounce (sym eager per key, the
 * board's time), no Snap Click pairs, the OS indicator white and on, per-key type solid, the board's colours
 * and regions, and the two default effect lists. VIA's part (magic, layout options, keymap, encoders, macros)
 * is written by the VIA model (VirtualFirmware) and composed in by `KeychronModel.image()`.
 */
export function freshKeychronEeprom(board: KeychronBoardData, layout: KeychronEepromLayout): Uint8Array {
  const e = new Uint8Array(KC_EEPROM_SIZE);
  e[0] = EECONFIG_MAGIC & 0xff;
  e[1] = EECONFIG_MAGIC >> 8;
  // eeconfig_init_quantum: default layer state 1 << 0; keymap config with one-shot keys and autocorrect on.
  e[3] = 0x01;
  e[5] = 0x14;
  new DataView(e.buffer).setUint32(layout.kbVersion, layout.kbEnd - layout.language, true);
  writeRgbConfig(e, layout.rgbMatrix, RGB_MATRIX_DEFAULTS);
  if (layout.reportRate >= 0) e[layout.reportRate] = KC_REPORT_RATE_DIVIDER_DEFAULT;
  e[layout.debounce] = KC_DEBOUNCE_DEFAULT_TYPE;
  e[layout.debounce + 1] = board.debounceMs;
  const os = KC_OS_INDICATOR_DEFAULT;
  e.set([os.disable, os.hue, os.sat, os.val], layout.osIndicator);
  board.perKeyColors.forEach((hsv, i) => e.set(hsv, layout.perKeyColors + i * 3));
  e.set(board.regions, layout.regions);
  KC_MIXED_RGB_DEFAULT_EFFECTS.forEach((entry, region) => {
    const at = layout.effectList + region * KC_MIXED_RGB_EFFECTS_PER_REGION * KC_EFFECT_ENTRY_SIZE;
    e.set([entry.effect, entry.hue, entry.sat, entry.speed], at);
    new DataView(e.buffer).setUint32(at + 4, entry.timeMs, true);
  });
  return e;
}
