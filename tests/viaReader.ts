/**
 * A test model of how the VIA app turns a layout file's keycode text into a number on a protocol, built from
 * the facts in tests/fixtures/via-keycodes (VIA's tables) and via-protocol.md §4.4; our own code, not VIA's.
 * VIA reads: an exact (case-sensitive) table name; else `FN(digits)` for TO/MO/DF/TG/OSL/TT/CUSTOM/MACRO (any
 * other FN(n) aborts its load); else an advanced expression after upper-casing (MT, LT, LM, layer functions,
 * OSM, CUSTOM, MACRO, or nested modifier wrappers), where anything it cannot parse becomes 0 (KC_NO).
 * `viaRead` returns the number VIA would write, or null where VIA's load would abort.
 */
import { readFileSync } from 'node:fs';
import { VIA_KEYCODES_FILE } from './fixtures/paths.ts';

interface ViaProtocolTable {
  ranges: Record<string, number>;
  names: Record<string, number>;
}

const DATA = JSON.parse(readFileSync(VIA_KEYCODES_FILE, 'utf8')) as {
  protocols: Record<string, ViaProtocolTable>;
};

/** VIA's table for a protocol: 12 and 13 share one; anything else below 10 (or above 13) the oldest. */
export function viaTable(protocol: number): ViaProtocolTable {
  const key = protocol === 13 ? '12' : [10, 11, 12].includes(protocol) ? String(protocol) : '9';
  return DATA.protocols[key]!;
}

const MOD_MASKS: Record<string, number> = {
  MOD_LCTL: 0x01,
  MOD_LSFT: 0x02,
  MOD_LALT: 0x04,
  MOD_LGUI: 0x08,
  MOD_RCTL: 0x11,
  MOD_RSFT: 0x12,
  MOD_RALT: 0x14,
  MOD_RGUI: 0x18,
  MOD_HYPR: 0x0f,
  MOD_MEH: 0x07,
};

const WRAPPERS: Record<string, number> = {
  LCTL: 0x0100, C: 0x0100, LSFT: 0x0200, S: 0x0200, LALT: 0x0400, A: 0x0400,
  LGUI: 0x0800, LCMD: 0x0800, LWIN: 0x0800, G: 0x0800,
  RCTL: 0x1100, RSFT: 0x1200, ALGR: 0x1400, RALT: 0x1400, RCMD: 0x1800, RWIN: 0x1800, RGUI: 0x1800,
  SCMD: 0x0a00, SWIN: 0x0a00, SGUI: 0x0a00, LSG: 0x0a00, LAG: 0x0c00, RSG: 0x1a00, RAG: 0x1c00,
  LCA: 0x0500, LSA: 0x0600, SAGR: 0x1600, RSA: 0x1600, RCS: 0x1300, LCAG: 0x0d00, MEH: 0x0700, HYPR: 0x0f00,
}; // prettier-ignore

const LAYER_FNS: Record<string, string> = {
  TO: '_QK_TO',
  MO: '_QK_MOMENTARY',
  DF: '_QK_DEF_LAYER',
  TG: '_QK_TOGGLE_LAYER',
  OSL: '_QK_ONE_SHOT_LAYER',
  TT: '_QK_LAYER_TAP_TOGGLE',
  CUSTOM: '_QK_KB',
  MACRO: '_QK_MACRO',
};

function mods(text: string): number {
  const parts = text.split('|').map((p) => p.trim());
  if (!parts.every((p) => p in MOD_MASKS)) return 0;
  return parts.reduce((acc, p) => acc | MOD_MASKS[p]!, 0);
}

/** The number VIA loads for `text` on `protocol`, or null where its load would throw. */
export function viaRead(text: string, protocol: number): number | null {
  const { names, ranges } = viaTable(protocol);
  if (Object.hasOwn(names, text)) return names[text]!;
  const layer = /([A-Za-z]+)\((\d+)\)/.exec(text);
  if (layer) {
    const base = LAYER_FNS[layer[1]!];
    if (!base) return null;
    return Math.min(ranges[base]! + Number(layer[2]), ranges[`${base}_MAX`]!);
  }
  const parts = text
    .toUpperCase()
    .split(/\(|\)/)
    .map((p) => p.trim());
  const [head = '', param = ''] = parts;
  const [p1 = '', p2 = ''] = param.split(',').map((s) => s.trim());
  const has = (n: string) => Object.hasOwn(names, n);
  switch (head) {
    case 'MT': {
      const m = mods(p1);
      return m === 0 || !has(p2) ? 0 : ranges._QK_MOD_TAP! | ((m & 0x1f) << 8) | (names[p2]! & 0xff);
    }
    case 'LT': {
      const l = Number.parseInt(p1);
      return l < 0 || !has(p2) ? 0 : ranges._QK_LAYER_TAP! | ((l & 0xf) << 8) | names[p2]!;
    }
    case 'LM': {
      const mask = ranges._QK_LAYER_MOD_MASK!;
      const m = mods(p2);
      const l = Number.parseInt(p1);
      return l < 0 || m === 0 ? 0 : ranges._QK_LAYER_MOD! | ((l & 0xf) << Math.log2(mask + 1)) | (m & mask);
    }
    case 'OSM': {
      const m = mods(param);
      return m === 0 ? 0 : ranges._QK_ONE_SHOT_MOD! | (m & 0xff);
    }
  }
  if (head in LAYER_FNS) return 0; // FN(x) with something other than digits
  if (head in WRAPPERS) {
    const real = parts.filter((p) => p.length > 0);
    let code = 0;
    for (const [i, part] of real.entries()) {
      if (i === real.length - 1) code |= has(part) ? names[part]! : 0;
      else code |= WRAPPERS[part] ?? 0;
    }
    return code;
  }
  return 0;
}

const NAMED = new Map<number, ReadonlySet<number>>();

/** The numbers VIA's table for a protocol names. */
export function namedNumbers(protocol: number): ReadonlySet<number> {
  let set = NAMED.get(protocol);
  if (!set) NAMED.set(protocol, (set = new Set(Object.values(viaTable(protocol).names))));
  return set;
}

/**
 * Whether VIA has any text for a number on a protocol (independently of Keyloom's writer): a table name, a
 * layer/macro/custom index, or an MT/LT/LM/OSM/modifier expression over a named basic key.
 */
export function viaCanWrite(code: number, protocol: number): boolean {
  const { ranges } = viaTable(protocol);
  const named = namedNumbers(protocol);
  if (named.has(code)) return true;
  for (const base of Object.values(LAYER_FNS))
    if (code >= ranges[base]! && code <= ranges[`${base}_MAX`]!) return true;
  const kc = code & 0xff;
  const modBits = (code >> 8) & 0x1f;
  if (code >= 0x0100 && code <= 0x1fff) return (modBits & 0x0f) !== 0 && named.has(kc);
  if (code >= ranges._QK_MOD_TAP! && code <= ranges._QK_MOD_TAP_MAX!)
    return (modBits & 0x0f) !== 0 && named.has(kc);
  if (code >= ranges._QK_LAYER_TAP! && code <= ranges._QK_LAYER_TAP_MAX!) return named.has(kc);
  const mask = ranges._QK_LAYER_MOD_MASK!;
  if (code >= ranges._QK_LAYER_MOD! && code < ranges._QK_LAYER_MOD! + (16 << Math.log2(mask + 1)))
    return (code & mask & 0x0f) !== 0;
  if (code >= ranges._QK_ONE_SHOT_MOD! && code < ranges._QK_ONE_SHOT_MOD! + 0x20) return (code & 0x0f) !== 0;
  return false;
}
