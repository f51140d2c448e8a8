import { QMK_KEYCODES_BASIC, QMK_US_SHIFTED, type QmkKeycodeRow } from './generated/qmkKeycodes.ts';
import { generationFor, type Generation } from './generations.ts';

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

/**
 * The last code QMK 0.0.7 numbers as QMK 0.0.1 and VIA before protocol 11 do (KC_ASSISTANT; the mouse keys
 * after it moved): the first screen's rows stand for every generation up to here.
 */
const SHARED_LAST = 0xc0;

/**
 * The first screen's table: QMK's rows up to 0xFF (basic keys, media, mouse, modifiers), named by QMK alone —
 * enough to draw a keymap of them and the Basic keys. Every other row, the protocol-11 and older tables and
 * VIA's names come with `fullKeycodeTables.ts` (loaded with `allLegends`, which every on-demand pane, dialog
 * and screen awaits, and imported by the on-demand modules that read names).
 */
function firstScreenTable(generation: Generation): KeycodeTable {
  const rows =
    generation === 'v12' ? QMK_KEYCODES_BASIC : QMK_KEYCODES_BASIC.filter(([code]) => code <= SHARED_LAST);
  const entries = fromQmk(rows, () => false);
  const byCode = new Map<number, KeycodeEntry>();
  const byName = new Map<string, number>();
  for (const e of entries) {
    if (!byCode.has(e.code)) byCode.set(e.code, e);
    for (const n of [e.name, ...e.aliases])
      if (!byName.has(n.toUpperCase())) byName.set(n.toUpperCase(), e.code);
  }
  return { generation, byCode, byName, entries };
}

let buildComplete: ((generation: Generation) => KeycodeTable) | null = null;

/** Whether every table holds all its rows (fullKeycodeTables.ts has loaded). */
export const keycodeTablesComplete = (): boolean => buildComplete !== null;

/**
 * Called once, by fullKeycodeTables.ts as it loads: from then on every table is complete. Tables already
 * handed out are completed in place, so a pane's categories or a dialect holding one read every row too.
 */
export function completeKeycodeTables(build: (generation: Generation) => KeycodeTable): void {
  buildComplete = build;
  for (const [generation, table] of cache) Object.assign(table, build(generation));
}

const cache = new Map<Generation, KeycodeTable>();
/**
 * The named keycode table for a protocol (built once per generation): complete once fullKeycodeTables.ts has
 * loaded, the first screen's rows until then (`keycodeTablesComplete`).
 */
export function keycodeTable(protocol: number): KeycodeTable {
  const generation = generationFor(protocol);
  let table = cache.get(generation);
  if (!table) {
    table = buildComplete ? buildComplete(generation) : firstScreenTable(generation);
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
