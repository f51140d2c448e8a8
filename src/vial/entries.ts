import {
  decodeCombo,
  decodeKeyOverride,
  decodeTapDance,
  encodeCombo,
  encodeKeyOverride,
  encodeTapDance,
  DYNAMIC,
  type Combo,
  type KeyOverride,
  type TapDance,
} from '../protocol/vial.ts';
import { KEY_OVERRIDE_OPTION } from './keyOverrideOption.ts';

/**
 * View models of Vial's dynamic entries (tap dance, combos, key overrides) over the codecs in protocol/vial.ts:
 * one table per kind (its get/set sub-commands, codec, empty entry), the modifier bits key overrides use, and
 * the whole set of Vial features a board holds (what Save writes and Load applies).
 */

export type EntryKind = 'tapDance' | 'combo' | 'keyOverride';
export type EntryOf<K extends EntryKind> = K extends 'tapDance'
  ? TapDance
  : K extends 'combo'
    ? Combo
    : KeyOverride;

export interface EntryCodec<K extends EntryKind> {
  get: number;
  set: number;
  decode(bytes: ArrayLike<number>): EntryOf<K>;
  encode(entry: EntryOf<K>): number[];
  empty(): EntryOf<K>;
}

/** Vial's default tapping term for a new tap dance (ms), as QMK's TAPPING_TERM default. */
export const DEFAULT_TAPPING_TERM = 200;

export const ENTRY_CODECS: { [K in EntryKind]: EntryCodec<K> } = {
  tapDance: {
    get: DYNAMIC.TAP_DANCE_GET,
    set: DYNAMIC.TAP_DANCE_SET,
    decode: decodeTapDance,
    encode: encodeTapDance,
    empty: () => ({ onTap: 0, onHold: 0, onDoubleTap: 0, onTapHold: 0, tappingTerm: DEFAULT_TAPPING_TERM }),
  },
  combo: {
    get: DYNAMIC.COMBO_GET,
    set: DYNAMIC.COMBO_SET,
    decode: decodeCombo,
    encode: encodeCombo,
    empty: () => ({ keys: [0, 0, 0, 0], output: 0 }),
  },
  keyOverride: {
    get: DYNAMIC.KEY_OVERRIDE_GET,
    set: DYNAMIC.KEY_OVERRIDE_SET,
    decode: decodeKeyOverride,
    encode: encodeKeyOverride,
    empty: () => ({
      trigger: 0,
      replacement: 0,
      layers: 0xffff,
      triggerMods: 0,
      negativeModMask: 0,
      suppressedMods: 0,
      options:
        KEY_OVERRIDE_OPTION.ACTIVATE_ON_TRIGGER_DOWN | KEY_OVERRIDE_OPTION.ACTIVATE_ON_REQUIRED_MOD_DOWN,
    }),
  },
};

/** Two entries are the same when they encode to the same bytes (what the board would hold). */
export function sameEntry<K extends EntryKind>(kind: K, a: EntryOf<K>, b: EntryOf<K>): boolean {
  const codec = ENTRY_CODECS[kind] as EntryCodec<K>;
  const x = codec.encode(a);
  const y = codec.encode(b);
  return x.every((byte, i) => byte === y[i]);
}

/** True when an entry does nothing (every keycode KC_NO; a key override also when not enabled). */
export function isEmptyEntry<K extends EntryKind>(kind: K, entry: EntryOf<K>): boolean {
  if (kind === 'tapDance') {
    const td = entry as TapDance;
    return td.onTap === 0 && td.onHold === 0 && td.onDoubleTap === 0 && td.onTapHold === 0;
  }
  if (kind === 'combo') {
    const c = entry as Combo;
    return c.output === 0 && c.keys.every((k) => k === 0);
  }
  const ko = entry as KeyOverride;
  return ko.trigger === 0 && ko.replacement === 0 && !keyOverrideEnabled(ko);
}

/** Whether a key override is switched on (its ENABLED option bit). */
export function keyOverrideEnabled(ko: KeyOverride): boolean {
  return (ko.options & KEY_OVERRIDE_OPTION.ENABLED) !== 0;
}

/**
 * Whether writing an entry puts QK_BOOT (`boot`, in the board's numbering) where it would act — a tap dance's
 * four actions, a combo's output, a key override's replacement — which Vial firmware accepts only unlocked (as
 * vial-gui asks for the unlock before such a write).
 */
export function entryNeedsUnlock<K extends EntryKind>(kind: K, entry: EntryOf<K>, boot: number): boolean {
  if (kind === 'tapDance') {
    const td = entry as TapDance;
    return [td.onTap, td.onHold, td.onDoubleTap, td.onTapHold].includes(boot);
  }
  if (kind === 'combo') return (entry as Combo).output === boot;
  return (entry as KeyOverride).replacement === boot;
}

/** QMK's 8-bit modifier mask as key overrides use it: bit 0 Left Control … bit 7 Right GUI. */
export const MOD_BITS = [
  'leftControl',
  'leftShift',
  'leftAlt',
  'leftGui',
  'rightControl',
  'rightShift',
  'rightAlt',
  'rightGui',
] as const;
export type ModName = (typeof MOD_BITS)[number];

/** Key override option bits in the order the pane lists them (ENABLED is its own switch). */
export const KEY_OVERRIDE_OPTIONS = [
  ['activateOnTriggerDown', KEY_OVERRIDE_OPTION.ACTIVATE_ON_TRIGGER_DOWN],
  ['activateOnRequiredModDown', KEY_OVERRIDE_OPTION.ACTIVATE_ON_REQUIRED_MOD_DOWN],
  ['activateOnNegativeModUp', KEY_OVERRIDE_OPTION.ACTIVATE_ON_NEGATIVE_MOD_UP],
  ['oneMod', KEY_OVERRIDE_OPTION.ONE_MOD],
  ['noReregisterTrigger', KEY_OVERRIDE_OPTION.NO_REREGISTER_TRIGGER],
  ['noUnregisterOnOtherKeyDown', KEY_OVERRIDE_OPTION.NO_UNREGISTER_ON_OTHER_KEY_DOWN],
] as const;

/** Key overrides can be limited to layers 0–15 (a 16-bit mask). */
export const KEY_OVERRIDE_LAYERS = 16;

/**
 * The layers of a key override's 16-bit mask at or above `layerCount`: set bits for layers the keyboard does not
 * have (Vial's default mask is 0xFFFF, "every layer", on a board of any size). They do nothing on this keyboard,
 * but a write keeps them: the pane shows them rather than dropping them unseen.
 */
export function layersBeyond(mask: number, layerCount: number): number[] {
  const out: number[] = [];
  for (let layer = Math.max(0, layerCount); layer < KEY_OVERRIDE_LAYERS; layer++)
    if ((mask & (1 << layer)) !== 0) out.push(layer);
  return out;
}

/** Ascending layer numbers as runs: [4, 5, 6, 9] → "4–6, 9". */
export function layerRuns(layers: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < layers.length;) {
    let j = i;
    while (j + 1 < layers.length && layers[j + 1] === layers[j]! + 1) j++;
    runs.push(j > i ? `${layers[i]}–${layers[j]}` : String(layers[i]));
    i = j + 1;
  }
  return runs.join(', ');
}

/** `mask` with `bit` set or cleared (for the 8-bit mods, the options byte and the 16-bit layer mask). */
export function toggleBit(mask: number, bit: number, on: boolean): number {
  return (on ? mask | (1 << bit) : mask & ~(1 << bit)) >>> 0;
}

/** Everything Vial-specific a board holds, as Save writes it and Load applies it. */
export interface VialFeatures {
  tapDance: TapDance[];
  combos: Combo[];
  keyOverrides: KeyOverride[];
  /** QMK setting values by qsid. */
  settings: Record<number, number>;
}

export const NO_VIAL_FEATURES: VialFeatures = { tapDance: [], combos: [], keyOverrides: [], settings: {} };
