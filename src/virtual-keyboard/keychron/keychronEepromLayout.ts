import {
  KC_EEPROM_SIZE,
  KC_EFFECT_ENTRY_SIZE,
  KC_LAYER_COUNT,
  KC_MIXED_RGB_EFFECTS_PER_REGION,
  KC_MIXED_RGB_REGIONS,
  KC_SNAP_CLICK_ENTRY_SIZE,
  KC_SNAP_CLICK_PAIRS,
} from '../../protocol/keychron/keychronIds.ts';
import type { KeychronBoardData } from './boards/keychronBoardData.ts';

/** QMK's core EEPROM block (eeprom_core_t) ends here; Keychron's keyboard data block starts at this address. */
const CORE_SIZE = 37;

/**
 * Where each stored setting lives in the board's 3,072-byte EEPROM, as Keychron's build lays it out: QMK's core
 * block (magic at 0, the RGB-matrix config at 23), Keychron's keyboard block from 37 (language, report rate on
 * 8 kHz boards, debounce, Snap Click, Keychron RGB), then VIA's magic, layout options, the dynamic keymap, the
 * encoder map and the macro buffer up to the last byte.
 */
export interface KeychronEepromLayout {
  /** QMK's eeconfig magic (u16 LE). */
  magic: number;
  /** eeconfig's keyboard-data version (u32 LE): the keyboard block's size. */
  kbVersion: number;
  /** RGB matrix config: byte 0 = enable (2 bits) | mode << 2, then h, s, v, speed, flags. */
  rgbMatrix: number;
  language: number;
  /** Report-rate divider, or -1 on boards without the report-rate commands. */
  reportRate: number;
  /** Debounce type, then time. */
  debounce: number;
  snapClick: number;
  /** OS indicator: disable mask, h, s, v. */
  osIndicator: number;
  retailDemo: number;
  perKeyType: number;
  perKeyColors: number;
  regions: number;
  effectList: number;
  /** The end of Keychron's keyboard block (the block's size is kbEnd − 37). */
  kbEnd: number;
  viaMagic: number;
  layoutOptions: number;
  keymap: number;
  keymapSize: number;
  encoders: number;
  encodersSize: number;
  macros: number;
  macrosSize: number;
}

/** The EEPROM layout of `board`; throws when its macro buffer is not what the rest of the EEPROM leaves. */
export function keychronEepromLayout(board: KeychronBoardData): KeychronEepromLayout {
  const leds = board.leds.length;
  const language = CORE_SIZE;
  const reportRate = board.reportRate ? language + 1 : -1;
  const debounce = language + 1 + (board.reportRate ? 1 : 0);
  const snapClick = debounce + 2;
  const osIndicator = snapClick + KC_SNAP_CLICK_PAIRS * KC_SNAP_CLICK_ENTRY_SIZE;
  const retailDemo = osIndicator + 4;
  const perKeyType = retailDemo + 1;
  const perKeyColors = perKeyType + 1;
  const regions = perKeyColors + leds * 3;
  const effectList = regions + leds;
  const kbEnd = effectList + KC_MIXED_RGB_REGIONS * KC_MIXED_RGB_EFFECTS_PER_REGION * KC_EFFECT_ENTRY_SIZE;
  const viaMagic = kbEnd;
  const layoutOptions = viaMagic + 3;
  const keymap = layoutOptions + 1;
  const keymapSize = KC_LAYER_COUNT * board.rows * board.cols * 2;
  const encoders = keymap + keymapSize;
  const encodersSize = KC_LAYER_COUNT * (board.encoders[0]?.length ?? 0) * 4;
  const macros = encoders + encodersSize;
  const macrosSize = KC_EEPROM_SIZE - macros;
  if (macrosSize !== board.macroBufferSize) {
    throw new Error(
      `Keychron board ${board.id}: the EEPROM leaves ${macrosSize} macro bytes, the board says ${board.macroBufferSize}`,
    );
  }
  return {
    magic: 0,
    kbVersion: 15,
    rgbMatrix: 23,
    language,
    reportRate,
    debounce,
    snapClick,
    osIndicator,
    retailDemo,
    perKeyType,
    perKeyColors,
    regions,
    effectList,
    kbEnd,
    viaMagic,
    layoutOptions,
    keymap,
    keymapSize,
    encoders,
    encodersSize,
    macros,
    macrosSize,
  };
}
