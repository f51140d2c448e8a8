import {
  KC_EFFECT_LIST_MAX_PER_REQUEST,
  KC_PER_KEY_COLOR_MAX_PER_REQUEST,
  KC_REGIONS_GET_MAX_PER_REQUEST,
  KC_SNAP_CLICK_MAX_PER_REQUEST,
} from '../protocol/keychron/keychronIds.ts';
import {
  KeychronError,
  readByte3,
  readColors,
  readDfuInfo,
  readDebounce,
  readDefaultLayer,
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
import * as rq from '../protocol/keychron/keychronRequests.ts';
import type { KeychronFeatures, KeychronRgb, KeychronSettings } from '../qmk/keychronSettings.ts';
import { ask, askIfBuilt, type KeychronLink } from './keychronAsk.ts';

/**
 * A Keychron board's settings over the device's request queue (docs/keychron-protocol.md). Reading asks what
 * the board has first (0xA2, 0xA7 0x01), then only the groups it reported, each span bounded by the board's own
 * counts and the firmware's per-request limits. A change (`writePatch`) writes the least requests and reads the
 * same span back: the keyboard must hold what a Keychron firmware makes of the request, or a KeychronError
 * says what it holds instead. Saving is the firmware's: RGB (0xA8 0x02) and Snap Click (0xA7 0x0A) stay in
 * RAM until `saveKeychron`; debounce, report rate and language are stored at once.
 */

export type { KeychronLink } from './keychronAsk.ts';
export { expectedPatch, KeychronWriteFailed, saveKeychron, writePatch } from './keychronWrite.ts';

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

function bounded(what: string, n: number, max: number, command: string): number {
  if (n > max)
    throw new KeychronError(`The keyboard reports ${n} ${what}, more than ${max}`, 'tooMany', command);
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
  // Every LED of a Keychron RGB board sits under a key of its matrix; a count past the matrix's positions is
  // not a board's answer, and believing it would send reads past its colour table.
  const ledCount = bounded(
    'LEDs',
    readByte3(await ask(link, rq.ledCountRequest())),
    matrix.rows * matrix.cols,
    'A8 05',
  );
  const info = readMixedInfo(await ask(link, rq.mixedInfoRequest()));
  const regions = bounded('mixed-RGB regions', info.regions, MAX_REGIONS, 'A8 0B');
  const effectsPerRegion = bounded('effects per region', info.effectsPerRegion, MAX_EFFECTS, 'A8 0B');
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
    throw new KeychronError(`The keyboard reports a region outside its ${regions}`, 'garbled', 'A8 0C');
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
    'A7 07',
  );
  const pairs = [];
  for (const s of rq.spans(0, count, KC_SNAP_CLICK_MAX_PER_REQUEST))
    pairs.push(
      ...readSnapClick(await ask(link, rq.snapClickRequest(s.start, s.count, { snapPairs: count })), s.count),
    );
  return pairs;
}

/**
 * The default layer (0xA3: where the Mac/Windows switch stands), or null when the board does not answer it: it is
 * shown, never written, so a board without it only shows less (a later state-notify report still fills it in).
 */
export async function readKeychronDefaultLayer(link: KeychronLink): Promise<number | null> {
  try {
    return readDefaultLayer(await ask(link, rq.defaultLayerRequest()));
  } catch {
    return null;
  }
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
