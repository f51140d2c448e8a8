import {
  KC_EFFECT_LIST_MAX_PER_REQUEST,
  KC_PER_KEY_COLOR_MAX_PER_REQUEST,
  KC_REGIONS_GET_MAX_PER_REQUEST,
  KC_REGIONS_SET_MAX_PER_REQUEST,
} from '../protocol/keychron/keychronIds.ts';
import {
  KC_DEBOUNCE_ASYM_EAGER_DEFER_PER_KEY,
  KC_DEBOUNCE_ASYM_MAX_MS,
  KC_OS_INDICATOR_MIN_V,
  KC_RGB_MODE_MIXED_RGB,
} from '../qmk/keychronValues.ts';
import {
  KeychronError,
  readByte3,
  readColors,
  readDebounce,
  readEffects,
  readOsIndicator,
  readRegions,
  readReportRate,
  readSnapClick,
} from '../protocol/keychron/keychronReplies.ts';
import * as rq from '../protocol/keychron/keychronRequests.ts';
import {
  applyPatch,
  boundsOf,
  invertPatch,
  type KeychronBounds,
  type KeychronPatch,
  type KeychronSettings,
} from '../qmk/keychronSettings.ts';
import { ask, type KeychronLink } from './keychronAsk.ts';

/**
 * Writing one Keychron change (docs/keychron-protocol.md): every request built and bounds-checked before the
 * first is sent, written, and its span read back. A failure after the first request left puts back what the
 * keyboard held and reads it again, so the app never believes a half-written change: `KeychronWriteFailed` says
 * whether the keyboard is as before ('rolledBack'), holds part of the change ('partial', `holds` is what it
 * holds) or could not be read ('unknown').
 */

/** A write that failed after reaching the keyboard; `cause` is the first failure. */
export class KeychronWriteFailed extends Error {
  constructor(
    override readonly cause: unknown,
    readonly outcome: 'rolledBack' | 'partial' | 'unknown',
    readonly holds: KeychronSettings | null,
  ) {
    super(
      `${cause instanceof Error ? cause.message : String(cause)} (${
        outcome === 'rolledBack'
          ? 'the keyboard holds what it held before'
          : outcome === 'partial'
            ? 'the keyboard holds part of the change'
            : 'what the keyboard holds could not be read back'
      })`,
    );
    this.name = 'KeychronWriteFailed';
  }
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
  // Every request is built before the first is sent: a refusal leaves the keyboard untouched. So is the way
  // back, so a failure halfway can restore what the keyboard held.
  const writes = requestsFor(patch, b);
  const restore = requestsFor(invertPatch(settings, patch), b);
  let sent = false;
  try {
    for (const request of writes) {
      sent = true;
      await ask(link, request);
    }
    const holds = await readBack(link, settings, patch, b);
    const wanted = applyPatch(settings, expectedPatch(patch));
    if (!same(holds, wanted))
      throw new KeychronError(`The keyboard does not hold the change it was sent (${patch.kind})`, 'garbled');
    return holds;
  } catch (error) {
    if (!sent) throw error;
    throw await putBack(link, settings, patch, b, restore, error);
  }
}

/** After a failed write: the old values written again (each tried), then the span read to see what holds. */
async function putBack(
  link: KeychronLink,
  settings: KeychronSettings,
  patch: KeychronPatch,
  b: KeychronBounds,
  restore: number[][],
  cause: unknown,
): Promise<KeychronWriteFailed> {
  for (const request of restore) await ask(link, request).catch(() => undefined);
  try {
    const holds = await readBack(link, settings, patch, b);
    return same(holds, settings)
      ? new KeychronWriteFailed(cause, 'rolledBack', settings)
      : new KeychronWriteFailed(cause, 'partial', holds);
  } catch {
    return new KeychronWriteFailed(cause, 'unknown', null);
  }
}

/** Every request `patch` needs on this board, built and bounds-checked (throws a KeychronRangeError); nothing sent. */
export function patchRequests(
  settings: KeychronSettings,
  matrix: { rows: number; cols: number },
  patch: KeychronPatch,
): number[][] {
  return requestsFor(patch, boundsOf(settings, matrix, KC_RGB_MODE_MIXED_RGB));
}

function requestsFor(patch: KeychronPatch, b: KeychronBounds): number[][] {
  switch (patch.kind) {
    case 'colors':
      return ledWrites(PER_LED.colors, patch.entries, b);
    case 'regions':
      return ledWrites(PER_LED.regions, patch.entries, b);
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

/** The patches holding a value per LED: colours and mixed-RGB regions, written and read run by run. */
type LedPatch = Extract<KeychronPatch, { kind: 'colors' | 'regions' }>;
type LedValue<K extends LedPatch['kind']> = Extract<LedPatch, { kind: K }>['entries'][number][1];

/** How one per-LED setting goes over the wire: at most `setMax` LEDs a write, `getMax` a read. */
interface LedCommands<V> {
  setMax: number;
  set(start: number, values: V[], b: KeychronBounds): number[];
  getMax: number;
  get(start: number, count: number, b: KeychronBounds): number[];
  read(reply: Uint8Array, count: number): V[];
}

const PER_LED: { [K in LedPatch['kind']]: LedCommands<LedValue<K>> } = {
  colors: {
    setMax: KC_PER_KEY_COLOR_MAX_PER_REQUEST,
    set: rq.setColorsRequest,
    getMax: KC_PER_KEY_COLOR_MAX_PER_REQUEST,
    get: rq.colorsRequest,
    read: readColors,
  },
  regions: {
    setMax: KC_REGIONS_SET_MAX_PER_REQUEST,
    set: rq.setRegionsRequest,
    getMax: KC_REGIONS_GET_MAX_PER_REQUEST,
    get: rq.regionsRequest,
    read: readRegions,
  },
};

/** The writes of per-LED values, one per run of neighbouring LEDs (bounds-checked as they are built). */
function ledWrites<V>(commands: LedCommands<V>, entries: [number, V][], b: KeychronBounds): number[][] {
  return runs(entries, commands.setMax).map((r) => commands.set(r.start, r.values, b));
}

/** The LEDs of `written` read again, run by run: [LED, what it holds]. */
async function readLeds<V>(
  link: KeychronLink,
  commands: LedCommands<V>,
  written: [number, V][],
  b: KeychronBounds,
): Promise<[number, V][]> {
  const entries: [number, V][] = [];
  for (const r of runs(written, commands.getMax)) {
    const count = r.values.length;
    commands
      .read(await ask(link, commands.get(r.start, count, b)), count)
      .forEach((v, i) => entries.push([r.start + i, v]));
  }
  return entries;
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
    case 'colors':
      return applyPatch(s, {
        kind: 'colors',
        entries: await readLeds(link, PER_LED.colors, patch.entries, b),
      });
    case 'regions':
      return applyPatch(s, {
        kind: 'regions',
        entries: await readLeds(link, PER_LED.regions, patch.entries, b),
      });
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

/**
 * The firmware's saves: RGB to EEPROM (0xA8 0x02) and Snap Click (0xA7 0x0A), each only when asked for.
 * `onSaved` hears each group the keyboard confirmed, so a failure of the second still counts the first.
 */
export async function saveKeychron(
  link: KeychronLink,
  groups: { rgb: boolean; snapClick: boolean },
  onSaved: (group: 'rgb' | 'snapClick') => void = () => undefined,
): Promise<void> {
  if (groups.rgb) {
    await ask(link, rq.rgbSaveRequest());
    onSaved('rgb');
  }
  if (groups.snapClick) {
    await ask(link, rq.snapClickSaveRequest());
    onSaved('snapClick');
  }
}
