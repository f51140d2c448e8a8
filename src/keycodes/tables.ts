import {
  QMK_KEYCODES_LATEST,
  QMK_KEYCODES_V11,
  QMK_US_SHIFTED,
  type QmkKeycodeRow,
} from './generated/qmkKeycodes.ts';
import { generationFor, rangesFor, type Generation } from './generations.ts';
import { LEGACY_MOUSE_BASE, LEGACY_NAME_ALIASES, LEGACY_NAMED, WT_LIGHTING } from './legacyKeycodes.ts';
import { viaNameTable } from './viaTable.ts';

/** One named keycode of a table. `name` is the canonical (display and save) name. */
export interface KeycodeEntry {
  code: number;
  name: string;
  /** Every other accepted name (QMK aliases, legacy VIA names). */
  aliases: readonly string[];
  /** Short key-face label ('' for keys drawn by name). */
  label: string;
  /** QMK group: basic, media, mouse, modifiers, quantum, rgb, … */
  group: string;
}

export interface KeycodeTable {
  generation: Generation;
  byCode: ReadonlyMap<number, KeycodeEntry>;
  /** Upper-cased name or alias → code. */
  byName: ReadonlyMap<string, number>;
  entries: readonly KeycodeEntry[];
}

/**
 * The canonical name: the shortest `KC_` name for basic keys (KC_ENT over KC_ENTER, as layout files and VIA
 * write them), otherwise the shortest name overall (QK_BOOT over QK_BOOTLOADER). Ties keep QMK's key.
 */
function canonicalName(key: string, aliases: readonly string[]): string {
  // Written as loops: this runs for every row of QMK's table while the first keymap is on its way.
  let shortest: string | null = null;
  let shortestKc: string | null = null;
  for (let i = -1; i < aliases.length; i++) {
    const n = i < 0 ? key : aliases[i]!;
    if (!isTypedName(n)) continue;
    if (n.startsWith('KC_')) {
      if (shortestKc === null || n.length < shortestKc.length) shortestKc = n;
    } else if (shortest === null || n.length < shortest.length) shortest = n;
  }
  return shortestKc ?? shortest ?? key;
}

/** Capitals, digits and underscores, but not only underscores (_______) nor only X's (XXXXXXX). */
function isTypedName(n: string): boolean {
  let onlyUnderscores = true;
  let onlyX = true;
  for (let i = 0; i < n.length; i++) {
    const c = n.charCodeAt(i);
    if (!((c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f)) return false;
    if (c !== 0x5f) onlyUnderscores = false;
    if (c !== 0x58) onlyX = false;
  }
  return n.length > 0 && !onlyUnderscores && !onlyX;
}

export function fromQmk(
  rows: readonly QmkKeycodeRow[],
  skip: (row: QmkKeycodeRow) => boolean,
): KeycodeEntry[] {
  const entries: KeycodeEntry[] = [];
  for (const row of rows) {
    const [code, key, label, aliases, group] = row;
    // SAFE_RANGE marks where user keycodes start; it is not a key.
    if (key === 'SAFE_RANGE' || skip(row)) continue;
    const name = canonicalName(key, aliases);
    entries.push({
      code,
      name,
      aliases: (aliases.length > 0 ? [key, ...aliases] : [key]).filter((n) => n !== name),
      label: label ?? '',
      group: group ?? 'other',
    });
  }
  return entries;
}

const LEGACY_MOUSE_ORDER = [
  'UP',
  'DOWN',
  'LEFT',
  'RIGHT',
  'BTN1',
  'BTN2',
  'BTN3',
  'BTN4',
  'BTN5',
  'WH_UP',
  'WH_DOWN',
  'WH_LEFT',
  'WH_RIGHT',
  'ACCEL0',
  'ACCEL1',
  'ACCEL2',
];

function legacyEntries(): KeycodeEntry[] {
  // Basic keys are numbered as in QMK 0.0.1 except mouse keys, which sat at 0xF0–0xFF before protocol 11.
  const basic = fromQmk(QMK_KEYCODES_V11, ([code, , , , group]) => code > 0xff || group === 'mouse');
  const mouse = fromQmk(QMK_KEYCODES_V11, ([, , , , group]) => group !== 'mouse').flatMap((e) => {
    const suffix = [e.name, ...e.aliases]
      .map((n) => /^KC_MS_(.+)$/.exec(n)?.[1])
      .find((s) => s && LEGACY_MOUSE_ORDER.includes(s));
    const index = suffix ? LEGACY_MOUSE_ORDER.indexOf(suffix) : -1;
    return index < 0 ? [] : [{ ...e, code: LEGACY_MOUSE_BASE + index }];
  });
  const named = [
    // Backlight and RGB keys belong to the Lighting category, as their QMK groups do from protocol 11.
    ...LEGACY_NAMED.map((r) => ({
      r,
      group: r[1].startsWith('BL_') ? 'backlight' : r[1].startsWith('RGB_') ? 'rgb' : 'quantum',
    })),
    ...WT_LIGHTING.map((r) => ({ r, group: 'wt_lighting' })),
  ].map(({ r: [code, name], group }) => ({ code, name, aliases: [] as string[], label: '', group }));
  return [...basic, ...mouse, ...named];
}

function v11Entries(): KeycodeEntry[] {
  const entries = fromQmk(QMK_KEYCODES_V11, ([, , , , group]) => group === 'macro');
  entries.push(
    { code: 0x7700, name: 'FN_MO13', aliases: [], label: '', group: 'quantum' },
    { code: 0x7701, name: 'FN_MO23', aliases: [], label: '', group: 'quantum' },
  );
  return entries;
}

function v12Entries(): KeycodeEntry[] {
  // QK_MACRO_n and QK_KB_n are written MACRO(n) and CUSTOM(n); their QMK names stay accepted as aliases.
  return fromQmk(QMK_KEYCODES_LATEST, () => false).map((e) => {
    if (e.code === 0x7c77) return { ...e, aliases: [...e.aliases, 'FN_MO13'] };
    if (e.code === 0x7c78) return { ...e, aliases: [...e.aliases, 'FN_MO23'] };
    return e;
  });
}

function buildTable(generation: Generation): KeycodeTable {
  const entries = generation === 'v12' ? v12Entries() : generation === 'v11' ? v11Entries() : legacyEntries();
  const byCode = new Map<number, KeycodeEntry>();
  // VIA's names come first, with the numbers VIA's table for this protocol gives them: a layout file VIA wrote
  // keeps every key's number (MI_C on protocol 12 is VIA's 0x7110, not QMK 0.0.2's 0x7103).
  const byName = new Map<string, number>(viaNameTable(PROTOCOL_OF[generation]).byName);
  addWtLightingAsCustom(byName, generation);
  const name = (n: string, code: number) => {
    const upper = n.toUpperCase();
    if (!byName.has(upper)) byName.set(upper, code);
  };
  for (const e of entries) {
    if (!byCode.has(e.code)) byCode.set(e.code, e);
    name(e.name, e.code);
    for (const alias of e.aliases) name(alias, e.code);
  }
  // Legacy VIA names (RESET, KC_NLCK …) resolve wherever their modern name exists in this table.
  for (const [legacy, modern] of Object.entries(LEGACY_NAME_ALIASES)) {
    const code = byName.get(modern);
    if (code !== undefined && !byName.has(legacy)) byName.set(legacy, code);
  }
  if (generation !== 'legacy') addRenamedV11Names(name, byCode);
  return { generation, byCode, byName, entries: [...byCode.values()].sort((a, b) => a.code - b.code) };
}

const PROTOCOL_OF: Record<Generation, number> = { legacy: 10, v11: 11, v12: 12 };

/**
 * WT lighting names (BR_INC … S2_DEC) that VIA wrote for protocol ≤ 10 boards: from protocol 11 the same keys
 * are the keyboard's own keycodes QK_KB_0… in the same order (wilba.tech's firmware), i.e. CUSTOM(n).
 */
function addWtLightingAsCustom(byName: Map<string, number>, generation: Generation) {
  if (generation === 'legacy') return;
  const custom = rangesFor(PROTOCOL_OF[generation]).custom.base;
  for (const [code, name] of WT_LIGHTING) {
    if (!byName.has(name)) byName.set(name, custom + (code - WT_LIGHTING[0]![0]));
  }
}

/**
 * Names from QMK 0.0.1 that later versions renamed but kept at the same number (RGB_TOG → UG_TOGG at 0x7820)
 * still resolve, but only where the newer table still has a key at that number, so a key that moved
 * (OUT_AUTO) is never sent to its old number.
 */
function addRenamedV11Names(
  name: (n: string, code: number) => void,
  byCode: ReadonlyMap<number, KeycodeEntry>,
) {
  for (const [code, key, , aliases] of QMK_KEYCODES_V11) {
    if (!byCode.has(code)) continue;
    name(key, code);
    for (const alias of aliases) name(alias, code);
  }
}

const cache = new Map<Generation, KeycodeTable>();
/** The named keycode table for a protocol (built once per generation). */
export function keycodeTable(protocol: number): KeycodeTable {
  const generation = generationFor(protocol);
  let table = cache.get(generation);
  if (!table) {
    table = buildTable(generation);
    cache.set(generation, table);
  }
  return table;
}

/** US shifted symbols: name → [shifted basic key name, label]; e.g. KC_TILD → ['KC_GRAVE', '~']. */
export const SHIFTED_SYMBOLS: ReadonlyMap<string, { base: string; label: string }> = new Map(
  QMK_US_SHIFTED.flatMap(([base, key, label, aliases]) =>
    [key, ...aliases].map((n) => [n, { base, label }] as const),
  ),
);
