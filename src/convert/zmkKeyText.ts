import { ZMK_KEYS } from './generated/zmkKeys.ts';
import { ZMK_MODS } from '../zmk/hidUsage.ts';

/** keys.h's preferred name of each value (generated/zmkKeys.ts: the shortest name ZMK does not deprecate). */
const NAME_BY_VALUE = new Map<number, string>(ZMK_KEYS.map(([value, name]) => [value, name]));

/**
 * ZMK's modifier functions (dt-bindings/zmk/modifiers.h: `LC(x)` is `APPLY_MODS(MOD_LCTL, x)`), innermost
 * last: `LC(LA(X))` for Left Control + Left Alt.
 */
const MOD_FUNCTIONS: readonly [number, string][] = [
  [ZMK_MODS.LCTL, 'LC'],
  [ZMK_MODS.LSFT, 'LS'],
  [ZMK_MODS.LALT, 'LA'],
  [ZMK_MODS.LGUI, 'LG'],
  [ZMK_MODS.RCTL, 'RC'],
  [ZMK_MODS.RSFT, 'RS'],
  [ZMK_MODS.RALT, 'RA'],
  [ZMK_MODS.RGUI, 'RG'],
];

/**
 * A `hid_usage` parameter as ZMK's keys.h names it: the value's own name (`EXCL` for LS(N1)), else the key's
 * name inside modifier functions (`LC(LS(T))`; a shifted name is kept inside the others: `LC(EXCL)`). null
 * when keys.h names neither (the caller writes the number, which ZMK takes as it is).
 */
export function zmkUsageText(value: number): string | null {
  const exact = NAME_BY_VALUE.get(value);
  if (exact) return exact;
  const mods = value >>> 24;
  const base = value & 0xffffff;
  if (mods === 0) return null;
  const shifted = mods & ZMK_MODS.LSFT ? NAME_BY_VALUE.get(((ZMK_MODS.LSFT << 24) | base) >>> 0) : undefined;
  const inner = shifted ?? NAME_BY_VALUE.get(base);
  if (!inner) return null;
  const rest = shifted ? mods & ~ZMK_MODS.LSFT : mods;
  let text = inner;
  for (let i = MOD_FUNCTIONS.length - 1; i >= 0; i--) {
    const [bit, name] = MOD_FUNCTIONS[i]!;
    if (rest & bit) text = `${name}(${text})`;
  }
  return text;
}

/** A number as devicetree text: decimal up to 255, else hex (a usage reads better as 0x70004). */
export function cellNumber(value: number): string {
  return value <= 0xff ? String(value) : '0x' + value.toString(16);
}

const VALUE_BY_NAME = new Map<string, number>(
  ZMK_KEYS.flatMap(([value, ...names]) => names.map((name) => [name, value] as const)),
);
const MOD_BY_FUNCTION = new Map(MOD_FUNCTIONS.map(([bit, name]) => [name, bit]));
/** Longest text read: a key inside all eight modifier functions is under 60 characters. */
const MAX_TEXT = 120;

/**
 * A key typed as a .keymap writes it: a keys.h name (`N1`, `EXCL`, `C_VOL_UP`), inside modifier functions
 * (`LC(LS(T))`), or a number (`0x70004`). `unknownName`: the name keys.h does not give (or the text is no such
 * form), with that name.
 */
export function readZmkUsageText(
  text: string,
): { ok: true; value: number } | { ok: false; unknownName: string } {
  const trimmed = text.trim();
  if (trimmed.length > MAX_TEXT) return { ok: false, unknownName: trimmed.slice(0, 20) + '…' };
  const call = /^([A-Z]{2})\s*\((.*)\)$/.exec(trimmed);
  const bit = call ? MOD_BY_FUNCTION.get(call[1]!) : undefined;
  if (call && bit !== undefined) {
    const inner = readZmkUsageText(call[2]!);
    return inner.ok ? { ok: true, value: (inner.value | (bit << 24)) >>> 0 } : inner;
  }
  if (/^0x[0-9a-f]{1,8}$/i.test(trimmed)) return { ok: true, value: parseInt(trimmed.slice(2), 16) };
  const value = VALUE_BY_NAME.get(trimmed);
  return value === undefined ? { ok: false, unknownName: trimmed } : { ok: true, value };
}

/** keys.h's names and the modifier functions (`LS(`) starting with `prefix` (any case), shortest first. */
export function zmkUsageSuggestions(prefix: string, limit = 12): { name: string; value: number }[] {
  const query = prefix.trim().toUpperCase();
  if (query === '') return [];
  const functions = MOD_FUNCTIONS.filter(([, name]) => name.startsWith(query)).map(([, name]) => ({
    name: `${name}(`,
    value: -1,
  }));
  const names = [...VALUE_BY_NAME]
    .filter(([name]) => name.startsWith(query))
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => a.name.length - b.name.length || a.name.localeCompare(b.name));
  return [...functions, ...names].slice(0, limit);
}
