import {
  KC_DFU_INFO_CHIP,
  KC_DFU_INFO_TYPE,
  KC_FAIL,
  KC_MISC_DEBOUNCE_GET,
  KC_MISC_DEBOUNCE_SET,
  KC_MISC_DFU_INFO_GET,
  KC_MISC_FEATURE_DEBOUNCE,
  KC_MISC_FEATURE_DFU_INFO,
  KC_MISC_FEATURE_LANGUAGE,
  KC_MISC_FEATURE_NKRO,
  KC_MISC_FEATURE_QUICK_START,
  KC_MISC_FEATURE_REPORT_RATE,
  KC_MISC_FEATURE_SNAP_CLICK,
  KC_MISC_GET_PROTOCOL_VER,
  KC_MISC_LANGUAGE_GET,
  KC_MISC_LANGUAGE_SET,
  KC_MISC_NKRO_GET,
  KC_MISC_NKRO_SET,
  KC_MISC_PROTOCOL_VERSION,
  KC_MISC_REPORT_RATE_GET,
  KC_MISC_REPORT_RATE_SET,
  KC_MISC_SNAP_CLICK_GET,
  KC_MISC_SNAP_CLICK_GET_INFO,
  KC_MISC_SNAP_CLICK_SAVE,
  KC_MISC_SNAP_CLICK_SET,
  KC_SNAP_CLICK_ENTRY_SIZE,
  KC_SNAP_CLICK_MAX_PER_REQUEST,
  KC_SNAP_CLICK_PAIRS,
  KC_SUCCESS,
  KC_UNHANDLED,
} from '../../protocol/keychron/keychronIds.ts';
import {
  KC_DEBOUNCE_ASYM_EAGER_DEFER_PER_KEY,
  KC_DEBOUNCE_ASYM_MAX_MS,
  KC_DEBOUNCE_TYPE_COUNT,
  KC_NKRO_ADAPTIVE,
  KC_NKRO_ON,
  KC_REPORT_RATE_DIVIDER_MAX,
  KC_REPORT_RATE_SUPPORTED_MASK,
  KC_SNAP_CLICK_TYPE_COUNT,
} from '../../qmk/keychronValues.ts';
import type { KeychronState } from './keychronState.ts';

const status = (ok: boolean) => (ok ? KC_SUCCESS : KC_FAIL);

/** QMK's keymap config (u16 LE at EEPROM 4): its nkro flag is bit 7, in the first byte. */
const KEYMAP_CONFIG_NKRO_BYTE = 4;

/**
 * The 0xA7 misc group, answered in place (status at byte 2, data from byte 3). Returns whether EEPROM was
 * written. A sub-command the board does not build (wireless low-power, DIP switch, factory reset, report rate
 * on boards without it, unknown ids) answers `[FF, 00, …echo]`.
 */
export function miscCommand(kc: KeychronState, data: Uint8Array): boolean {
  const { board, layout, eeprom } = kc;
  switch (data[1]) {
    case KC_MISC_GET_PROTOCOL_VER:
      data.set(
        [
          KC_SUCCESS,
          KC_MISC_PROTOCOL_VERSION & 0xff,
          KC_MISC_PROTOCOL_VERSION >> 8,
          KC_MISC_FEATURE_DFU_INFO |
            KC_MISC_FEATURE_LANGUAGE |
            KC_MISC_FEATURE_DEBOUNCE |
            KC_MISC_FEATURE_SNAP_CLICK |
            (board.reportRate ? KC_MISC_FEATURE_REPORT_RATE : 0) |
            KC_MISC_FEATURE_QUICK_START |
            KC_MISC_FEATURE_NKRO,
        ],
        2,
      );
      return false;
    case KC_MISC_DFU_INFO_GET: {
      const chip = [...board.mcu].map((c) => c.charCodeAt(0));
      data.set(
        [KC_SUCCESS, KC_DFU_INFO_CHIP, chip.length, ...chip, KC_DFU_INFO_TYPE, 1, board.bootloaderType],
        2,
      );
      return false;
    }
    case KC_MISC_LANGUAGE_GET:
      // Read from EEPROM every time, as the firmware does.
      data[3] = eeprom[layout.language]!;
      data[2] = KC_SUCCESS;
      return false;
    case KC_MISC_LANGUAGE_SET:
      eeprom[layout.language] = data[2]!;
      data[2] = KC_SUCCESS;
      return true;
    case KC_MISC_DEBOUNCE_GET:
      data.set([KC_SUCCESS, 0, kc.debounceType, kc.debounceTime], 2);
      return false;
    case KC_MISC_DEBOUNCE_SET:
      if (data[2]! >= KC_DEBOUNCE_TYPE_COUNT) {
        data[2] = KC_FAIL;
        return false;
      }
      kc.setDebounce(data[2]!, data[3]!);
      eeprom[layout.debounce] = kc.debounceType;
      eeprom[layout.debounce + 1] = kc.debounceTime;
      data[2] = KC_SUCCESS;
      return true;
    case KC_MISC_SNAP_CLICK_GET_INFO:
      data[3] = KC_SNAP_CLICK_PAIRS;
      data[2] = KC_SUCCESS;
      return false;
    case KC_MISC_SNAP_CLICK_GET: {
      const ok = snapSpanFits(data[2]!, data[3]!);
      if (ok) {
        const from = data[2]! * KC_SNAP_CLICK_ENTRY_SIZE;
        data.set(kc.snapClick.subarray(from, from + data[3]! * KC_SNAP_CLICK_ENTRY_SIZE), 3);
      }
      data[2] = status(ok);
      return false;
    }
    case KC_MISC_SNAP_CLICK_SET:
      data[2] = status(snapClickSet(kc.snapClick, data));
      return false;
    case KC_MISC_SNAP_CLICK_SAVE:
      eeprom.set(kc.snapClick, layout.snapClick);
      data[2] = KC_SUCCESS;
      return true;
    case KC_MISC_REPORT_RATE_GET:
    case KC_MISC_REPORT_RATE_SET:
      return board.reportRate ? reportRate(kc, data) : unbuilt(data);
    case KC_MISC_NKRO_GET:
      // Adaptive NKRO builds: the host cannot switch NKRO; bit 0 is keymap_config.nkro as loaded from EEPROM
      // at power-on (bit 7 of the keymap config at 4; nothing over raw HID changes it, so EEPROM is RAM here).
      data.set(
        [KC_SUCCESS, KC_NKRO_ADAPTIVE | (eeprom[KEYMAP_CONFIG_NKRO_BYTE]! & 0x80 ? KC_NKRO_ON : 0)],
        2,
      );
      return false;
    case KC_MISC_NKRO_SET:
      data[2] = KC_FAIL;
      return false;
    default:
      return unbuilt(data);
  }
}

function unbuilt(data: Uint8Array): false {
  data[0] = KC_UNHANDLED;
  data[1] = 0;
  return false;
}

function snapSpanFits(start: number, count: number): boolean {
  return count <= KC_SNAP_CLICK_MAX_PER_REQUEST && start + count <= KC_SNAP_CLICK_PAIRS;
}

/** Checks every entry first: one bad entry (type ≥ 6, or a type without both keys) changes nothing. */
function snapClickSet(pairs: Uint8Array, data: Uint8Array): boolean {
  const [start, count] = [data[2]!, data[3]!];
  if (!snapSpanFits(start, count)) return false;
  const entries = data.slice(4, 4 + count * KC_SNAP_CLICK_ENTRY_SIZE);
  for (let i = 0; i < count; i++) {
    const [type, key1, key2] = entries.subarray(i * 3, i * 3 + 3);
    if (type! >= KC_SNAP_CLICK_TYPE_COUNT) return false;
    if (type !== 0 && (key1 === 0 || key2 === 0)) return false;
  }
  pairs.set(entries, start * KC_SNAP_CLICK_ENTRY_SIZE);
  return true;
}

function reportRate(kc: KeychronState, data: Uint8Array): boolean {
  if (data[1] === KC_MISC_REPORT_RATE_GET) {
    data.set([KC_SUCCESS, kc.reportRate, KC_REPORT_RATE_SUPPORTED_MASK], 2);
    return false;
  }
  const ok = data[2]! <= KC_REPORT_RATE_DIVIDER_MAX;
  if (ok) kc.setReportRate(data[2]!);
  data[2] = status(ok);
  return ok;
}

/** Debounce type and time as debounce_set keeps them: the asymmetric type caps its time at 127 ms. */
export function debounceTimeFor(type: number, time: number): number {
  return type === KC_DEBOUNCE_ASYM_EAGER_DEFER_PER_KEY && time > KC_DEBOUNCE_ASYM_MAX_MS
    ? KC_DEBOUNCE_ASYM_MAX_MS
    : time;
}
