/**
 * Reads QMK's keycode specification files (hjson, `data/constants/keycodes/`) and merges them the way QMK's
 * own tooling does: to build version X, load every version ≤ X oldest first; fragments of one type
 * (`_basic`, `_midi`, …) merge first, base files form their own group; `"!delete!"` removes a key, `"!reset!"`
 * (as a dict key, or an array's first element) replaces instead of merging.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Hjson from 'hjson';

export interface QmkKeycode {
  code: number;
  key: string;
  label?: string;
  aliases: string[];
  group?: string;
}

type Json = unknown;

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Deep-merges `patch` into `base` with QMK's `!delete!` / `!reset!` markers. Returns a new value. */
export function mergeQmk(base: Json, patch: Json): Json {
  if (Array.isArray(patch)) {
    return patch[0] === '!reset!' ? patch.slice(1) : patch;
  }
  if (!isObject(patch)) return patch;
  const reset = '!reset!' in patch;
  const out: Record<string, Json> = reset || !isObject(base) ? {} : { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (key === '!reset!') continue;
    if (value === '!delete!') delete out[key];
    else out[key] = mergeQmk(out[key], value);
  }
  return out;
}

const FILE = /^keycodes_(\d+)\.(\d+)\.(\d+)(_[a-z_]+)?\.hjson$/;

function versionKey(v: string): number {
  const [a, b, c] = v.split('.').map(Number);
  return a! * 1_000_000 + b! * 1000 + c!;
}

/** Every version present in `dir`, oldest first. */
export function qmkVersions(dir: string): string[] {
  const versions = new Set<string>();
  for (const f of readdirSync(dir)) {
    const m = FILE.exec(f);
    if (m) versions.add(`${m[1]}.${m[2]}.${m[3]}`);
  }
  return [...versions].sort((a, b) => versionKey(a) - versionKey(b));
}

/** The merged keycode list of QMK version `version`, sorted by code. */
export function loadQmkKeycodes(dir: string, version: string): QmkKeycode[] {
  const merged = loadMerged(dir, version);
  const keycodes = isObject(merged) && isObject(merged.keycodes) ? merged.keycodes : {};
  return Object.entries(keycodes)
    .filter(([, v]) => isObject(v) && typeof v.key === 'string')
    .map(([hex, v]) => {
      const entry = v as { key: string; label?: string; aliases?: string[]; group?: string };
      return {
        code: parseInt(hex, 16),
        key: entry.key,
        ...(entry.label !== undefined ? { label: entry.label } : {}),
        aliases: entry.aliases ?? [],
        ...(entry.group !== undefined ? { group: entry.group } : {}),
      };
    })
    .sort((a, b) => a.code - b.code);
}

/** The merged ranges of QMK version `version`: `define` (QK_MOD_TAP …) → first code and size − 1. */
export function loadQmkRanges(
  dir: string,
  version: string,
): { define: string; start: number; span: number }[] {
  const merged = loadMerged(dir, version);
  const ranges = isObject(merged) && isObject(merged.ranges) ? merged.ranges : {};
  return Object.entries(ranges).flatMap(([key, v]) => {
    const m = /^0x([0-9a-f]+)\/0x([0-9a-f]+)$/i.exec(key);
    const define = isObject(v) && typeof v.define === 'string' ? v.define : null;
    return m && define ? [{ define, start: parseInt(m[1]!, 16), span: parseInt(m[2]!, 16) }] : [];
  });
}

function loadMerged(dir: string, version: string): Json {
  const groups = new Map<string, Json>();
  const files = readdirSync(dir)
    .map((f) => ({ f, m: FILE.exec(f) }))
    .filter((x): x is { f: string; m: RegExpExecArray } => x.m !== null)
    .map(({ f, m }) => ({ f, version: `${m[1]}.${m[2]}.${m[3]}`, type: m[4] ?? '' }))
    .filter((x) => versionKey(x.version) <= versionKey(version))
    .sort((a, b) => versionKey(a.version) - versionKey(b.version) || a.f.localeCompare(b.f));
  for (const { f, type } of files) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    if (text.trim() === '') continue;
    groups.set(type, mergeQmk(groups.get(type), Hjson.parse(text) as Json));
  }
  let merged: Json = {};
  for (const type of [...groups.keys()].sort()) merged = mergeQmk(merged, groups.get(type));
  return merged;
}

/** The US layout's shifted-symbol aliases, e.g. `S(KC_GRAVE)` → KC_TILD '~'. */
export function loadUsShiftedAliases(
  dir: string,
): { base: string; key: string; label: string; aliases: string[] }[] {
  const data = Hjson.parse(readFileSync(path.join(dir, 'extras', 'keycodes_us_0.0.1.hjson'), 'utf8')) as {
    aliases: Record<string, { key: string; label?: string; aliases?: string[] }>;
  };
  return Object.entries(data.aliases).flatMap(([expr, v]) => {
    const m = /^S\((KC_[A-Z0-9_]+)\)$/.exec(expr);
    return m ? [{ base: m[1]!, key: v.key, label: v.label ?? '', aliases: v.aliases ?? [] }] : [];
  });
}
