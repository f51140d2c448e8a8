import type { Hsv, KeychronBounds, KeychronEffect, SnapClickPair } from '../../qmk/keychronSettings.ts';
import {
  KC_EFFECT_LIST_MAX_PER_REQUEST,
  KC_GET_DEFAULT_LAYER,
  KC_GET_FIRMWARE_VERSION,
  KC_GET_SUPPORT_FEATURE,
  KC_KEYCHRON_RGB,
  KC_MISC_CMD_GROUP,
  KC_MISC_DEBOUNCE_GET,
  KC_MISC_DEBOUNCE_SET,
  KC_MISC_GET_PROTOCOL_VER,
  KC_MISC_DFU_INFO_GET,
  KC_MISC_LANGUAGE_GET,
  KC_MISC_LANGUAGE_SET,
  KC_MISC_NKRO_GET,
  KC_MISC_NKRO_SET,
  KC_MISC_REPORT_RATE_GET,
  KC_MISC_REPORT_RATE_SET,
  KC_MISC_SNAP_CLICK_GET,
  KC_MISC_SNAP_CLICK_GET_INFO,
  KC_MISC_SNAP_CLICK_SAVE,
  KC_MISC_SNAP_CLICK_SET,
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
  KC_RGB_SAVE,
  KC_RGB_SET_INDICATORS_CONFIG,
  KC_SNAP_CLICK_MAX_PER_REQUEST,
} from './keychronIds.ts';
import {
  KC_DEBOUNCE_MAX_MS,
  KC_DEBOUNCE_TYPE_COUNT,
  KC_REPORT_RATE_DIVIDER_MAX,
  KC_SNAP_CLICK_TYPE_COUNT,
  KC_SNAP_CLICK_TYPE_NONE,
} from '../../qmk/keychronValues.ts';

/**
 * Keychron's raw-HID requests (docs/keychron-protocol.md), laid out as report bytes from byte 0. Keychron's
 * firmware leaves several spans unchecked (per-key colours past the LED count, region 2 of two, the LED map's
 * row = MATRIX_ROWS), so every builder here checks its span against what the board reported (`KeychronBounds`)
 * and against the firmware's per-request limits, and throws a `KeychronRangeError` instead of building a request
 * the firmware would mishandle. Nothing here sends: the service does.
 */

/** A request refused before it was built: it would reach past what the board has or one report can carry. */
export class KeychronRangeError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'KeychronRangeError';
  }
}

const isByte = (n: number) => Number.isInteger(n) && n >= 0 && n <= 0xff;

function checkSpan(what: string, start: number, count: number, total: number, perRequest: number) {
  if (!Number.isInteger(start) || !Number.isInteger(count) || start < 0 || count < 1)
    throw new KeychronRangeError(`${what}: start ${start}, count ${count} is not a span`);
  if (count > perRequest)
    throw new KeychronRangeError(
      `${what}: ${count} in one request, the firmware takes at most ${perRequest}`,
    );
  if (start + count > total)
    throw new KeychronRangeError(`${what}: ${start}–${start + count - 1} reaches past the board's ${total}`);
}

function checkBytes(what: string, values: readonly number[]) {
  const bad = values.find((v) => !isByte(v));
  if (bad !== undefined) throw new KeychronRangeError(`${what}: ${bad} is not a byte`);
}

/** Splits `total` items from `start` into spans of at most `perRequest` (the firmware's per-request limit). */
export function spans(start: number, total: number, perRequest: number): { start: number; count: number }[] {
  const out: { start: number; count: number }[] = [];
  for (let at = start; at < start + total; at += perRequest)
    out.push({ start: at, count: Math.min(perRequest, start + total - at) });
  return out;
}

// ── 0xA0–0xA2 ────────────────────────────────────────────────────────────────────────────────────────────────
export const firmwareVersionRequest = (): number[] => [KC_GET_FIRMWARE_VERSION];
export const featuresRequest = (): number[] => [KC_GET_SUPPORT_FEATURE];
export const defaultLayerRequest = (): number[] => [KC_GET_DEFAULT_LAYER];

// ── 0xA7 misc ────────────────────────────────────────────────────────────────────────────────────────────────
const misc = (sub: number, ...args: number[]) => [KC_MISC_CMD_GROUP, sub, ...args];
export const miscFeaturesRequest = () => misc(KC_MISC_GET_PROTOCOL_VER);
export const dfuInfoRequest = () => misc(KC_MISC_DFU_INFO_GET);
export const languageRequest = () => misc(KC_MISC_LANGUAGE_GET);
export function setLanguageRequest(lang: number): number[] {
  checkBytes('Language', [lang]);
  return misc(KC_MISC_LANGUAGE_SET, lang);
}
export const debounceRequest = () => misc(KC_MISC_DEBOUNCE_GET);
/** Debounce type (0–6) and time in ms (0 switches debouncing off; the type is kept). Stored at once. */
export function setDebounceRequest(type: number, ms: number): number[] {
  if (!Number.isInteger(type) || type < 0 || type >= KC_DEBOUNCE_TYPE_COUNT)
    throw new KeychronRangeError(`Debounce type ${type} is not one of 0–${KC_DEBOUNCE_TYPE_COUNT - 1}`);
  if (!isByte(ms) || ms > KC_DEBOUNCE_MAX_MS)
    throw new KeychronRangeError(`Debounce time ${ms} ms is not 0–255`);
  return misc(KC_MISC_DEBOUNCE_SET, type, ms);
}
export const snapClickInfoRequest = () => misc(KC_MISC_SNAP_CLICK_GET_INFO);
export function snapClickRequest(
  start: number,
  count: number,
  b: Pick<KeychronBounds, 'snapPairs'>,
): number[] {
  checkSpan('Snap Click pairs', start, count, b.snapPairs, KC_SNAP_CLICK_MAX_PER_REQUEST);
  return misc(KC_MISC_SNAP_CLICK_GET, start, count);
}
/**
 * Writes pairs `start…` in RAM (the firmware refuses the whole request for one bad entry; `snapClickSaveRequest`
 * stores them). Refuses a type the firmware does not have and an active pair without both keys.
 */
export function setSnapClickRequest(
  start: number,
  pairs: readonly SnapClickPair[],
  b: Pick<KeychronBounds, 'snapPairs'>,
): number[] {
  checkSpan('Snap Click pairs', start, pairs.length, b.snapPairs, KC_SNAP_CLICK_MAX_PER_REQUEST);
  const bytes: number[] = [];
  pairs.forEach((p, i) => {
    checkBytes(`Snap Click pair ${start + i + 1}`, [p.type, p.key1, p.key2]);
    if (p.type >= KC_SNAP_CLICK_TYPE_COUNT)
      throw new KeychronRangeError(`Snap Click pair ${start + i + 1}: type ${p.type} is not one of 0–5`);
    if (p.type !== KC_SNAP_CLICK_TYPE_NONE && (p.key1 === 0 || p.key2 === 0))
      throw new KeychronRangeError(`Snap Click pair ${start + i + 1}: an active pair needs two keys`);
    bytes.push(p.type, p.key1, p.key2);
  });
  return misc(KC_MISC_SNAP_CLICK_SET, start, pairs.length, ...bytes);
}
export const snapClickSaveRequest = () => misc(KC_MISC_SNAP_CLICK_SAVE);
export const reportRateRequest = () => misc(KC_MISC_REPORT_RATE_GET);
/** Report rate as the firmware's divider: 8000 Hz >> divider (0–6). Stored at once. */
export function setReportRateRequest(divider: number, supportedMask = 0x7f): number[] {
  if (!Number.isInteger(divider) || divider < 0 || divider > KC_REPORT_RATE_DIVIDER_MAX)
    throw new KeychronRangeError(
      `Report rate divider ${divider} is not one of 0–${KC_REPORT_RATE_DIVIDER_MAX}`,
    );
  if (!(supportedMask & (1 << divider)))
    throw new KeychronRangeError(`Report rate ${8000 >> divider} Hz is not one the board supports`);
  return misc(KC_MISC_REPORT_RATE_SET, divider);
}
export const nkroRequest = () => misc(KC_MISC_NKRO_GET);
export const setNkroRequest = (on: boolean) => misc(KC_MISC_NKRO_SET, on ? 1 : 0);

// ── 0xA8 Keychron RGB ────────────────────────────────────────────────────────────────────────────────────────
const rgb = (sub: number, ...args: number[]) => [KC_KEYCHRON_RGB, sub, ...args];
export const rgbVersionRequest = () => rgb(KC_RGB_GET_PROTOCOL_VER);
export const rgbSaveRequest = () => rgb(KC_RGB_SAVE);
export const osIndicatorRequest = () => rgb(KC_RGB_GET_INDICATORS_CONFIG);
/** OS indicator: the disable mask and the colour (the firmware stores a brightness below 128 as 128). */
export function setOsIndicatorRequest(disable: number, [h, s, v]: Hsv): number[] {
  checkBytes('OS indicator', [disable, h, s, v]);
  return rgb(KC_RGB_SET_INDICATORS_CONFIG, disable, h, s, v);
}
export const ledCountRequest = () => rgb(KC_RGB_GET_LED_COUNT);
/**
 * The LED index of every column of one matrix row (mask: all columns). Refuses row ≥ rows (the firmware lets
 * row = rows through and answers with bytes of another table) and more columns than its 24-bit mask names.
 */
export function ledMapRequest(row: number, b: Pick<KeychronBounds, 'rows' | 'cols'>): number[] {
  if (!Number.isInteger(row) || row < 0 || row >= b.rows)
    throw new KeychronRangeError(`LED map: row ${row} is outside the matrix's ${b.rows} rows`);
  if (b.cols < 1 || b.cols > 24)
    throw new KeychronRangeError(`LED map: ${b.cols} columns do not fit its mask`);
  const mask = b.cols === 24 ? 0xffffff : (1 << b.cols) - 1;
  return rgb(KC_RGB_GET_LED_IDX, row, mask & 0xff, (mask >> 8) & 0xff, (mask >> 16) & 0xff);
}
export const perKeyTypeRequest = () => rgb(KC_RGB_PER_KEY_GET_TYPE);
export function setPerKeyTypeRequest(type: number): number[] {
  if (!Number.isInteger(type) || type < 0 || type >= KC_PER_KEY_TYPE_COUNT)
    throw new KeychronRangeError(`Per-key effect ${type} is not one of 0–${KC_PER_KEY_TYPE_COUNT - 1}`);
  return rgb(KC_RGB_PER_KEY_SET_TYPE, type);
}
export function colorsRequest(start: number, count: number, b: Pick<KeychronBounds, 'ledCount'>): number[] {
  checkSpan('Per-key colours', start, count, b.ledCount, KC_PER_KEY_COLOR_MAX_PER_REQUEST);
  return rgb(KC_RGB_PER_KEY_GET_COLOR, start, count);
}
export function setColorsRequest(
  start: number,
  colors: readonly Hsv[],
  b: Pick<KeychronBounds, 'ledCount'>,
): number[] {
  checkSpan('Per-key colours', start, colors.length, b.ledCount, KC_PER_KEY_COLOR_MAX_PER_REQUEST);
  const bytes = colors.flat();
  checkBytes('Per-key colours', bytes);
  return rgb(KC_RGB_PER_KEY_SET_COLOR, start, colors.length, ...bytes);
}
export const mixedInfoRequest = () => rgb(KC_RGB_MIXED_GET_INFO);
export function regionsRequest(start: number, count: number, b: Pick<KeychronBounds, 'ledCount'>): number[] {
  checkSpan('Regions', start, count, b.ledCount, KC_REGIONS_GET_MAX_PER_REQUEST);
  return rgb(KC_RGB_MIXED_GET_REGIONS, start, count);
}
export function setRegionsRequest(
  start: number,
  regions: readonly number[],
  b: Pick<KeychronBounds, 'ledCount' | 'regions'>,
): number[] {
  checkSpan('Regions', start, regions.length, b.ledCount, KC_REGIONS_SET_MAX_PER_REQUEST);
  const bad = regions.find((r) => !Number.isInteger(r) || r < 0 || r >= b.regions);
  if (bad !== undefined) throw new KeychronRangeError(`Region ${bad} is not one of the board's ${b.regions}`);
  return rgb(KC_RGB_MIXED_SET_REGIONS, start, regions.length, ...regions);
}
function checkRegion(region: number, b: Pick<KeychronBounds, 'regions'>) {
  // The firmware lets region = regions through and reads or writes past its effect table.
  if (!Number.isInteger(region) || region < 0 || region >= b.regions)
    throw new KeychronRangeError(`Region ${region} is not one of the board's ${b.regions}`);
}
export function effectsRequest(
  region: number,
  start: number,
  count: number,
  b: Pick<KeychronBounds, 'regions' | 'effectsPerRegion'>,
): number[] {
  checkRegion(region, b);
  checkSpan('Effect list', start, count, b.effectsPerRegion, KC_EFFECT_LIST_MAX_PER_REQUEST);
  return rgb(KC_RGB_MIXED_GET_EFFECT_LIST, region, start, count);
}
export function setEffectsRequest(
  region: number,
  start: number,
  effects: readonly KeychronEffect[],
  b: Pick<KeychronBounds, 'regions' | 'effectsPerRegion' | 'effectLimit'>,
): number[] {
  checkRegion(region, b);
  checkSpan('Effect list', start, effects.length, b.effectsPerRegion, KC_EFFECT_LIST_MAX_PER_REQUEST);
  const bytes: number[] = [];
  for (const e of effects) {
    checkBytes('Effect', [e.effect, e.hue, e.sat, e.speed]);
    if (e.effect >= b.effectLimit)
      throw new KeychronRangeError(`Effect ${e.effect} is not below the board's limit ${b.effectLimit}`);
    if (!Number.isInteger(e.timeMs) || e.timeMs < 0 || e.timeMs > 0xffffffff)
      throw new KeychronRangeError(`Effect time ${e.timeMs} ms is not a 32-bit count`);
    const t = e.timeMs;
    bytes.push(e.effect, e.hue, e.sat, e.speed, t & 0xff, (t >>> 8) & 0xff, (t >>> 16) & 0xff, t >>> 24);
  }
  return rgb(KC_RGB_MIXED_SET_EFFECT_LIST, region, start, effects.length, ...bytes);
}
