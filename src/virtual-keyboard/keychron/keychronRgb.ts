import {
  KC_EFFECT_ENTRY_SIZE,
  KC_EFFECT_LIST_MAX_PER_REQUEST,
  KC_FAIL,
  KC_MIXED_RGB_EFFECTS_PER_REGION,
  KC_MIXED_RGB_REGIONS,
  KC_PER_KEY_COLOR_MAX_PER_REQUEST,
  KC_PER_KEY_TYPE_COUNT,
  KC_REGIONS_GET_MAX_PER_REQUEST,
  KC_REGIONS_SET_MAX_PER_REQUEST,
  KC_RGB_GET_INDICATORS_CONFIG,
  KC_RGB_GET_LED_COUNT,
  KC_RGB_GET_LED_IDX,
  KC_RGB_GET_PROTOCOL_VER,
  KC_RGB_MIXED_GET_EFFECT_LIST,
  KC_RGB_MIXED_GET_INFO,
  KC_RGB_MIXED_GET_REGIONS,
  KC_RGB_MIXED_SET_EFFECT_LIST,
  KC_RGB_MIXED_SET_REGIONS,
  KC_RGB_PER_KEY_GET_COLOR,
  KC_RGB_PER_KEY_GET_TYPE,
  KC_RGB_PER_KEY_SET_COLOR,
  KC_RGB_PER_KEY_SET_TYPE,
  KC_RGB_PROTOCOL_VERSION,
  KC_RGB_SAVE,
  KC_RGB_SET_INDICATORS_CONFIG,
  KC_SUCCESS,
  KC_UNHANDLED,
} from '../../protocol/keychron/keychronIds.ts';
import { KC_OS_INDICATOR_MIN_V, KC_RGB_MODE_MIXED_RGB } from '../../qmk/keychronValues.ts';
import type { KeychronBoardData } from './boards/keychronBoardData.ts';
import type { KeychronState } from './keychronState.ts';

const REGION_BYTES = KC_MIXED_RGB_EFFECTS_PER_REGION * KC_EFFECT_ENTRY_SIZE;

/**
 * The 0xA8 Keychron RGB group, answered in place: the handler reads its parameters from byte 2, writes data
 * from byte 3, and the status (0 ok, 1 failed) is written to byte 2 last. An unknown sub-command answers byte
 * 0 = 0xFF with status 0. Returns whether EEPROM was written (only the save does).
 *
 * Spans the firmware does not check (docs/keychron-protocol.md, Hazards) are answered deterministically: colours
 * past the LED count and effect entries of region 2 read as zeros and are not written; row = rows of the LED
 * index map reads the LED coordinate table that follows the matrix map in the firmware's LED config.
 */
export function rgbCommand(kc: KeychronState, data: Uint8Array): boolean {
  const leds = kc.board.leds.length;
  let ok = true;
  let saved = false;
  switch (data[1]) {
    case KC_RGB_GET_PROTOCOL_VER:
      data.set([KC_RGB_PROTOCOL_VERSION & 0xff, KC_RGB_PROTOCOL_VERSION >> 8], 3);
      break;
    case KC_RGB_SAVE:
      kc.saveRgb();
      saved = true;
      break;
    case KC_RGB_GET_INDICATORS_CONFIG:
      data.set([kc.board.osIndicatorSupported, ...kc.osIndicator], 3);
      break;
    case KC_RGB_SET_INDICATORS_CONFIG:
      kc.osIndicator.set([data[2]!, data[3]!, data[4]!, Math.max(data[5]!, KC_OS_INDICATOR_MIN_V)]);
      break;
    case KC_RGB_GET_LED_COUNT:
      data[3] = leds;
      break;
    case KC_RGB_GET_LED_IDX:
      ok = ledIndexRow(kc, data);
      break;
    case KC_RGB_PER_KEY_GET_TYPE:
      data[3] = kc.perKeyType;
      break;
    case KC_RGB_PER_KEY_SET_TYPE:
      ok = data[2]! < KC_PER_KEY_TYPE_COUNT;
      if (ok) kc.perKeyType = data[2]!;
      break;
    case KC_RGB_PER_KEY_GET_COLOR:
    case KC_RGB_PER_KEY_SET_COLOR:
      ok = data[3]! <= KC_PER_KEY_COLOR_MAX_PER_REQUEST;
      if (ok) perKeyColors(kc.perKeyColors, data);
      break;
    case KC_RGB_MIXED_GET_INFO:
      data.set([KC_MIXED_RGB_REGIONS, KC_MIXED_RGB_EFFECTS_PER_REGION], 3);
      break;
    case KC_RGB_MIXED_GET_REGIONS: {
      const [start, count] = [data[2]!, data[3]!];
      ok = count <= KC_REGIONS_GET_MAX_PER_REQUEST && start + count <= leds;
      if (ok) data.set(kc.regions.subarray(start, start + count), 3);
      break;
    }
    case KC_RGB_MIXED_SET_REGIONS: {
      const [start, count] = [data[2]!, data[3]!];
      const values = data.subarray(4, 4 + count);
      ok =
        count <= KC_REGIONS_SET_MAX_PER_REQUEST &&
        start + count <= leds &&
        values.every((v) => v < KC_MIXED_RGB_REGIONS);
      if (ok) kc.regions.set(values, start);
      break;
    }
    case KC_RGB_MIXED_GET_EFFECT_LIST:
    case KC_RGB_MIXED_SET_EFFECT_LIST:
      ok = effectList(kc.effects, data);
      break;
    default:
      data[0] = KC_UNHANDLED;
  }
  data[2] = ok ? KC_SUCCESS : KC_FAIL;
  return saved;
}

/** Byte 3 + c = LED at (row, c) for each column whose bit is set in the 24-bit mask (bytes 3-5, LE), else 0xFF. */
function ledIndexRow(kc: KeychronState, data: Uint8Array): boolean {
  const { rows, cols } = kc.board;
  const row = data[2]!;
  if (row > rows) return false;
  const mask = data[3]! | (data[4]! << 8) | (data[5]! << 16);
  for (let c = 0; c < cols; c++) {
    data[3 + c] = mask & (1 << c) ? ledConfigByte(kc.board, row * cols + c) : 0xff;
  }
  return true;
}

/** Per-key colours: count × [h, s, v], read to byte 3 or written from byte 4; indices past the LEDs are skipped. */
function perKeyColors(colors: Uint8Array, data: Uint8Array): void {
  const [start, count] = [data[2]!, data[3]!];
  const get = data[1] === KC_RGB_PER_KEY_GET_COLOR;
  for (let i = 0; i < count; i++) {
    const at = (start + i) * 3;
    const inside = at + 3 <= colors.length;
    if (get) data.set(inside ? colors.subarray(at, at + 3) : [0, 0, 0], 3 + i * 3);
    else if (inside) colors.set(data.subarray(4 + i * 3, 7 + i * 3), at);
  }
}

/**
 * Effect lists: region, start, count at bytes 2-4; entries of 8 bytes (effect, hue, sat, speed, time u32 LE)
 * read to byte 3 or written from byte 5. The firmware checks `region > 2`, so region 2 passes (a hazard): it
 * reads zeros here and writes nothing. A set fails whole if any effect is not below mixed RGB's mode (24).
 */
function effectList(effects: Uint8Array, data: Uint8Array): boolean {
  const [region, start, count] = [data[2]!, data[3]!, data[4]!];
  if (
    count > KC_EFFECT_LIST_MAX_PER_REQUEST ||
    region > KC_MIXED_RGB_REGIONS ||
    start + count > KC_MIXED_RGB_EFFECTS_PER_REGION
  ) {
    return false;
  }
  const inside = region < KC_MIXED_RGB_REGIONS;
  const from = region * REGION_BYTES + start * KC_EFFECT_ENTRY_SIZE;
  const bytes = count * KC_EFFECT_ENTRY_SIZE;
  if (data[1] === KC_RGB_MIXED_GET_EFFECT_LIST) {
    data.set(inside ? effects.subarray(from, from + bytes) : new Uint8Array(bytes), 3);
    return true;
  }
  const entries = data.slice(5, 5 + bytes);
  for (let i = 0; i < count; i++) {
    if (entries[i * KC_EFFECT_ENTRY_SIZE]! >= KC_RGB_MODE_MIXED_RGB) return false;
  }
  if (inside) effects.set(entries, from);
  return true;
}

/**
 * Byte `index` of the firmware's LED config as the LED index map reads it: the matrix → LED map (rows × cols,
 * 0xFF for no LED), followed by the LED coordinates (x, y per LED), which a row of `rows` reaches.
 */
function ledConfigByte(board: KeychronBoardData, index: number): number {
  const { rows, cols, leds } = board;
  if (index < rows * cols) {
    const led = leds.findIndex((l) => l.row * cols + l.col === index);
    return led < 0 ? 0xff : led;
  }
  const point = index - rows * cols;
  const led = leds[point >> 1];
  return led ? (point & 1 ? led.y : led.x) : 0;
}
