// The composite keycodes' legends come with the full tables: whatever reads every name reads those too.
import './compositeLegend.ts';
import { QMK_KEYCODES_LATEST, QMK_KEYCODES_V11 } from './generated/qmkKeycodesMore.ts';
import { rangesFor, type Generation } from './generations.ts';
import { LEGACY_MOUSE_BASE, LEGACY_NAME_ALIASES, LEGACY_NAMED, WT_LIGHTING } from './legacyKeycodes.ts';
import { completeKeycodeTables, fromQmk, type KeycodeEntry, type KeycodeTable } from './tables.ts';
import { viaNameTable } from './viaTable.ts';

/*
 * Every keycode table in full: QMK's rows above 0xFF, QMK 0.0.1's numbering (protocol 11) and the older one,
 * VIA's names first. The first screen draws with QMK's rows up to 0xFF (tables.ts); this module completes the
 * tables as it loads — with `allLegends` (every on-demand pane, dialog and screen awaits it, a keymap that
 * needs more rows waits for it before it shows, and it is prefetched once the first keymap is drawn), or
 * imported by on-demand code that reads names (parsing, autocomplete, numbering, the keycodes barrel).
 */

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

completeKeycodeTables(buildTable);

/** For `import` by on-demand modules that read keycode names: importing this module completes the tables. */
export const KEYCODE_TABLES_COMPLETE = true;
