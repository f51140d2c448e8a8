import {
  KC_EFFECT_LIST_MAX_PER_REQUEST,
  KC_PER_KEY_COLOR_MAX_PER_REQUEST,
  KC_REGIONS_GET_MAX_PER_REQUEST,
  KC_REGIONS_SET_MAX_PER_REQUEST,
  KC_SNAP_CLICK_MAX_PER_REQUEST,
} from '../protocol/keychron/keychronIds.ts';
import {
  KC_DEBOUNCE_ASYM_EAGER_DEFER_PER_KEY,
  KC_DEBOUNCE_ASYM_MAX_MS,
  KC_OS_INDICATOR_MIN_V,
  KC_RGB_MODE_MIXED_RGB,
} from '../qmk/keychronValues.ts';
import {
  answers,
  checkReply,
  KeychronError,
  readByte3,
  readColors,
  readDfuInfo,
  readDebounce,
  readEffects,
  readFeatures,
  readFirmwareVersion,
  readLedMap,
  readMixedInfo,
  readOsIndicator,
  readRegions,
  readReportRate,
  readSnapClick,
} from '../protocol/keychron/keychronReplies.ts';
import {
  type KeychronFeatures,
  type KeychronBounds,
  applyPatch,
  boundsOf,
  type Hsv,
  type KeychronPatch,
  type KeychronRgb,
  type KeychronSettings,
} from '../qmk/keychronSettings.ts';
import * as rq from '../protocol/keychron/keychronRequests.ts';

/**
 * A Keychron board's settings over the device's request queue (docs/keychron-protocol.md). Reading asks what
 * the board has first (0xA2, 0xA7 0x01), then only the groups it reported, each span bounded by the board's own
 * counts and the firmware's per-request limits. A change (`writePatch`) writes the least requests and reads the
 * same span back: the keyboard must hold what a Keychron firmware makes of the request, or a KeychronError
 * says what it holds instead. Saving is the firmware's: RGB (0xA8 0x02) and Snap Click (0xA7 0x0A) stay in
 * RAM until `saveKeychron`; debounce, report rate and language are stored at once.
 */

export interface KeychronLink {
  requestRaw(bytes: readonly number[], accept?: (reply: Uint8Array) => boolean): Promise<Uint8Array>;
}

/** What recognition reads (KeyboardState.keychron): the panes appear by `features`. */
export interface KeychronInfo {
  protocol: number;
  firmware: string;
  features: KeychronFeatures;
}

/** Largest counts a board may report before its answer is taken as garbled (the firmware's own are 2, 5, 20). */
const MAX_REGIONS = 8;
const MAX_EFFECTS = 16;
const MAX_SNAP_PAIRS = 64;

/** One request; its reply checked (echo, status, 0xFF for a command the board lacks). */
async function ask(link: KeychronLink, request: number[]): Promise<Uint8Array> {
  const reply = await link.requestRaw(request, (r) => answers(request, r));
  checkReply(request, reply);
  return reply;
}

/** Asks, or null when the board does not have the command (0xFF). */
async function askIfBuilt(link: KeychronLink, request: number[]): Promise<Uint8Array | null> {
  try {
    return await ask(link, request);
  } catch (error) {
    if (error instanceof KeychronError && error.kind === 'unbuilt') return null;
    throw error;
  }
}

function bounded(what: string, n: number, max: number): number {
  if (n > max) throw new KeychronError(`The keyboard reports ${n} ${what}, more than ${max}`, 'garbled');
  return n;
}

/** Recognition after a yes to 0xA0: firmware version and feature flags. */
export async function readKeychronInfo(link: KeychronLink, protocol: number): Promise<KeychronInfo> {
  const firmware = readFirmwareVersion(await ask(link, rq.firmwareVersionRequest()));
  const features = await ask(link, rq.featuresRequest());
  const misc = await askIfBuilt(link, rq.miscFeaturesRequest());
  return { protocol, firmware, features: readFeatures(features, misc) };
}

/**
 * The chip and bootloader type the board names (0xA7 0x02, DFU info): what its firmware was built for, so the
 * flash dialog can choose its bootloader. Null when the board does not have the command.
 */
export async function readKeychronDfuInfo(
  link: KeychronLink,
): Promise<{ chip: string | null; type: number | null } | null> {
  const reply = await askIfBuilt(link, rq.dfuInfoRequest());
  return reply ? readDfuInfo(reply) : null;
}

async function readRgb(link: KeychronLink, matrix: { rows: number; cols: number }): Promise<KeychronRgb> {
  const ledCount = readByte3(await ask(link, rq.ledCountRequest()));
  const info = readMixedInfo(await ask(link, rq.mixedInfoRequest()));
  const regions = bounded('mixed-RGB regions', info.regions, MAX_REGIONS);
  const effectsPerRegion = bounded('effects per region', info.effectsPerRegion, MAX_EFFECTS);
  const b = { ledCount, regions, effectsPerRegion, rows: matrix.rows, cols: Math.min(matrix.cols, 24) };
  const ledMap: (number | null)[][] = [];
  for (let row = 0; row < matrix.rows; row++) {
    const map = readLedMap(await ask(link, rq.ledMapRequest(row, b)), b.cols);
    // An index at or past the LED count would send later requests past the colour table: dropped.
    ledMap.push(map.map((led) => (led !== null && led < ledCount ? led : null)));
  }
  const perKeyType = readByte3(await ask(link, rq.perKeyTypeRequest()));
  const colors: KeychronRgb['colors'] = [];
  for (const s of rq.spans(0, ledCount, KC_PER_KEY_COLOR_MAX_PER_REQUEST))
    colors.push(...readColors(await ask(link, rq.colorsRequest(s.start, s.count, b)), s.count));
  const regionOf: number[] = [];
  for (const s of rq.spans(0, ledCount, KC_REGIONS_GET_MAX_PER_REQUEST))
    regionOf.push(...readRegions(await ask(link, rq.regionsRequest(s.start, s.count, b)), s.count));
  if (regionOf.some((r) => r >= regions))
    throw new KeychronError(`The keyboard reports a region outside its ${regions}`, 'garbled');
  const effects = [];
  for (let region = 0; region < regions; region++) {
    const list = [];
    for (const s of rq.spans(0, effectsPerRegion, KC_EFFECT_LIST_MAX_PER_REQUEST))
      list.push(...readEffects(await ask(link, rq.effectsRequest(region, s.start, s.count, b)), s.count));
    effects.push(list);
  }
  const osIndicator = readOsIndicator(await ask(link, rq.osIndicatorRequest()));
  return { ledCount, regions, effectsPerRegion, ledMap, perKeyType, colors, regionOf, effects, osIndicator };
}

async function readSnapPairs(link: KeychronLink) {
  const count = bounded(
    'Snap Click pairs',
    readByte3(await ask(link, rq.snapClickInfoRequest())),
    MAX_SNAP_PAIRS,
  );
  const pairs = [];
  for (const s of rq.spans(0, count, KC_SNAP_CLICK_MAX_PER_REQUEST))
    pairs.push(
      ...readSnapClick(await ask(link, rq.snapClickRequest(s.start, s.count, { snapPairs: count })), s.count),
    );
  return pairs;
}

/** Reads every setting the board reported having (`features`); `matrix` from its definition bounds the LED map. */
export async function readKeychronSettings(
  link: KeychronLink,
  features: KeychronFeatures,
  matrix: { rows: number; cols: number },
): Promise<KeychronSettings> {
  const reportRate = features.reportRate ? await askIfBuilt(link, rq.reportRateRequest()) : null;
  const language = features.language ? await askIfBuilt(link, rq.languageRequest()) : null;
  const nkro = features.nkro ? await askIfBuilt(link, rq.nkroRequest()) : null;
  const debounce = features.debounce ? await askIfBuilt(link, rq.debounceRequest()) : null;
  return {
    features,
    rgb: features.rgb ? await readRgb(link, matrix) : null,
    snapClick: features.snapClick ? await readSnapPairs(link) : null,
    debounce: debounce && readDebounce(debounce),
    reportRate: reportRate && readReportRate(reportRate),
    nkro: nkro && readByte3(nkro),
    language: language && readByte3(language),
  };
}

/** Consecutive LEDs grouped into spans a request can carry. */
function runs<T>(entries: [number, T][], perRequest: number): { start: number; values: T[] }[] {
  const sorted = [...entries].sort((a, b) => a[0] - b[0]);
  const out: { start: number; values: T[] }[] = [];
  for (const [led, value] of sorted) {
    const last = out.at(-1);
    if (last && last.start + last.values.length === led && last.values.length < perRequest)
      last.values.push(value);
    else out.push({ start: led, values: [value] });
  }
  return out;
}

/** What a Keychron firmware keeps of `patch` (the OS indicator's brightness floor, the asymmetric type's cap). */
export function expectedPatch(patch: KeychronPatch): KeychronPatch {
  if (patch.kind === 'osIndicator')
    return {
      ...patch,
      color: [patch.color[0], patch.color[1], Math.max(patch.color[2], KC_OS_INDICATOR_MIN_V)],
    };
  if (patch.kind === 'debounce' && patch.type === KC_DEBOUNCE_ASYM_EAGER_DEFER_PER_KEY)
    return { ...patch, ms: Math.min(patch.ms, KC_DEBOUNCE_ASYM_MAX_MS) };
  return patch;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes one change and reads its span back. Resolves with the settings as the keyboard now holds them;
 * throws a KeychronRangeError before anything is sent for a change outside the board's bounds, and a
 * KeychronError when the keyboard refuses or holds something else.
 */
export async function writePatch(
  link: KeychronLink,
  settings: KeychronSettings,
  matrix: { rows: number; cols: number },
  patch: KeychronPatch,
): Promise<KeychronSettings> {
  const b: KeychronBounds = boundsOf(settings, matrix, KC_RGB_MODE_MIXED_RGB);
  // Every request is built before the first is sent: a refusal leaves the keyboard untouched.
  const writes = requestsFor(patch, b);
  for (const request of writes) await ask(link, request);
  const holds = await readBack(link, settings, patch, b);
  const wanted = applyPatch(settings, expectedPatch(patch));
  if (!same(holds, wanted))
    throw new KeychronError(`The keyboard does not hold the change it was sent (${patch.kind})`, 'garbled');
  return holds;
}

function requestsFor(patch: KeychronPatch, b: KeychronBounds): number[][] {
  switch (patch.kind) {
    case 'colors':
      return runs(patch.entries, KC_PER_KEY_COLOR_MAX_PER_REQUEST).map((r) =>
        rq.setColorsRequest(r.start, r.values, b),
      );
    case 'regions':
      return runs(patch.entries, KC_REGIONS_SET_MAX_PER_REQUEST).map((r) =>
        rq.setRegionsRequest(r.start, r.values, b),
      );
    case 'effects': {
      if (patch.list.length !== b.effectsPerRegion)
        throw new rq.KeychronRangeError(
          `An effect list has ${b.effectsPerRegion} entries, not ${patch.list.length}`,
        );
      return rq
        .spans(0, patch.list.length, KC_EFFECT_LIST_MAX_PER_REQUEST)
        .map((s) =>
          rq.setEffectsRequest(patch.region, s.start, patch.list.slice(s.start, s.start + s.count), b),
        );
    }
    case 'perKeyType':
      return [rq.setPerKeyTypeRequest(patch.type)];
    case 'osIndicator':
      return [rq.setOsIndicatorRequest(patch.disable, patch.color)];
    case 'snapClick':
      return [rq.setSnapClickRequest(patch.index, [patch.pair], b)];
    case 'debounce':
      return [rq.setDebounceRequest(patch.type, patch.ms)];
    case 'reportRate':
      return [rq.setReportRateRequest(patch.divider)];
    case 'language':
      return [rq.setLanguageRequest(patch.language)];
    case 'nkro':
      return [rq.setNkroRequest(patch.on)];
  }
}

/** The settings with the span `patch` touched read again from the keyboard. */
async function readBack(
  link: KeychronLink,
  s: KeychronSettings,
  patch: KeychronPatch,
  b: KeychronBounds,
): Promise<KeychronSettings> {
  const rgb = s.rgb;
  switch (patch.kind) {
    case 'colors': {
      const entries: [number, Hsv][] = [];
      for (const r of runs(patch.entries, KC_PER_KEY_COLOR_MAX_PER_REQUEST)) {
        const read = readColors(
          await ask(link, rq.colorsRequest(r.start, r.values.length, b)),
          r.values.length,
        );
        read.forEach((c, i) => entries.push([r.start + i, c]));
      }
      return applyPatch(s, { kind: 'colors', entries });
    }
    case 'regions': {
      const entries: [number, number][] = [];
      for (const r of runs(patch.entries, KC_REGIONS_GET_MAX_PER_REQUEST)) {
        const read = readRegions(
          await ask(link, rq.regionsRequest(r.start, r.values.length, b)),
          r.values.length,
        );
        read.forEach((v, i) => entries.push([r.start + i, v]));
      }
      return applyPatch(s, { kind: 'regions', entries });
    }
    case 'effects': {
      const list = [];
      for (const sp of rq.spans(0, b.effectsPerRegion, KC_EFFECT_LIST_MAX_PER_REQUEST))
        list.push(
          ...readEffects(await ask(link, rq.effectsRequest(patch.region, sp.start, sp.count, b)), sp.count),
        );
      return applyPatch(s, { kind: 'effects', region: patch.region, list });
    }
    case 'perKeyType':
      return applyPatch(s, { kind: 'perKeyType', type: readByte3(await ask(link, rq.perKeyTypeRequest())) });
    case 'osIndicator': {
      const os = readOsIndicator(await ask(link, rq.osIndicatorRequest()));
      return rgb ? { ...s, rgb: { ...rgb, osIndicator: os } } : s;
    }
    case 'snapClick': {
      const [pair] = readSnapClick(await ask(link, rq.snapClickRequest(patch.index, 1, b)), 1);
      return applyPatch(s, { kind: 'snapClick', index: patch.index, pair: pair! });
    }
    case 'debounce':
      return { ...s, debounce: readDebounce(await ask(link, rq.debounceRequest())) };
    case 'reportRate':
      return { ...s, reportRate: readReportRate(await ask(link, rq.reportRateRequest())) };
    case 'language':
      return { ...s, language: readByte3(await ask(link, rq.languageRequest())) };
    case 'nkro':
      return { ...s, nkro: readByte3(await ask(link, rq.nkroRequest())) };
  }
}

/** The firmware's saves: RGB to EEPROM (0xA8 0x02) and Snap Click (0xA7 0x0A), each only when asked for. */
export async function saveKeychron(
  link: KeychronLink,
  groups: { rgb: boolean; snapClick: boolean },
): Promise<void> {
  if (groups.rgb) await ask(link, rq.rgbSaveRequest());
  if (groups.snapClick) await ask(link, rq.snapClickSaveRequest());
}
