import { z } from '../formats/zod.ts';
import type { LayoutFile } from '../formats/layoutFile.ts';
import { parseKeycode, viaKeycodeText } from '../keycodes/index.ts';
import { macroToScript, stepSize, type MacroStep } from '../macros/macroCodec.ts';
import {
  toMacroFormat,
  VIAL_MAX_DELAY,
  type MacroFormat,
  type MacroFormatLike,
} from '../macros/macroFormat.ts';
import { jsonTextProblem } from '../definitions/definitionText.ts';
import type { VialSection } from './vialSection.ts';
import { isTapDanceKey, vilOrigin, type VilOriginNotice } from './vilOrigin.ts';
import { byteCount } from '../lib/messageTemplate.ts';
import { RefusalError, refusalTable, type Refused } from '../lib/refusal.ts';

/**
 * vial-gui's saved layout (`.vil`, docs/vial-protocol.md "Saved layouts"): JSON with the keymap by
 * [layer][row][col], encoders by [layer][encoder] = [counter-clockwise, clockwise], macros as action lists,
 * tap dance / combo entries as 5-element arrays, key overrides as objects and QMK settings by qsid. Keycodes are
 * Vial's names (QMK names, a few of its own) or numbers. Read here into a Keyloom `.layout.json` for the board
 * it is imported on, so the import takes the same checked, previewed, undoable path as any layout file.
 */

/**
 * How large a .vil is read (issue 33: one of 1 kB with a huge delay looped for minutes, 200,000 tap dance
 * entries took over a minute). vial-gui writes what the board has, and a board has at most 255 layers, rows,
 * columns, encoders, macros and tap dance / combo / key override entries (each a one-byte count or index in
 * Vial's protocol); a macro's actions fit its 16-bit buffer, one byte at least each; the QMK settings table
 * has a few dozen. Real files are 10–60 kB and nest 5 deep.
 */
export const VIL_LIMITS = {
  bytes: 1_000_000,
  depth: 32,
  entries: 255,
  actions: 0xffff,
  settings: 1024,
} as const;

const vilKeycode = z.union([z.string().min(1), z.number().int().min(-1).max(0xffff)]);
const upTo = <T extends z.ZodType>(item: T, max: number = VIL_LIMITS.entries) => z.array(item).max(max);

export const VilFileSchema = z.object({
  version: z.number().int().optional(),
  uid: z.union([z.number(), z.string()]).optional(),
  layout: upTo(upTo(upTo(vilKeycode))).min(1),
  encoder_layout: upTo(upTo(z.array(vilKeycode).min(2).max(2))).optional(),
  layout_options: z.number().int().optional(),
  macro: upTo(
    upTo(upTo(z.union([z.string(), z.number()]), VIL_LIMITS.actions), VIL_LIMITS.actions),
  ).optional(),
  vial_protocol: z.number().int().optional(),
  via_protocol: z.number().int().optional(),
  tap_dance: upTo(z.array(vilKeycode).length(5)).optional(),
  combo: upTo(z.array(vilKeycode).length(5)).optional(),
  key_override: upTo(
    z.object({
      trigger: vilKeycode,
      replacement: vilKeycode,
      layers: z.number().int().min(0).max(0xffff),
      trigger_mods: z.number().int().min(0).max(0xff),
      negative_mod_mask: z.number().int().min(0).max(0xff),
      suppressed_mods: z.number().int().min(0).max(0xff),
      options: z.number().int().min(0).max(0xff),
    }),
  ).optional(),
  settings: z.record(z.string().regex(/^\d+$/), z.number().int().min(0)).optional(),
});

export type VilFile = z.infer<typeof VilFileSchema>;

/** Why a .vil is refused (lib/refusal.ts): the page shows `refusals:vil.<name>` in the user's language. */
export const vilRefusals = refusalTable('vil', {
  json: 'Could not import the .vil file: it is not JSON.',
  tooLarge:
    'Could not import the .vil file: it is {{size}} bytes; Keyloom reads .vil files of at most {{max}}.',
  tooDeep: 'Could not import the .vil file: it nests lists and objects more than {{depth}} deep.',
  tooMany:
    'Could not import the .vil file: {{where}} has more than {{limit}} entries, more than a Vial keyboard holds.',
  shape: 'Could not import the .vil file: {{where}} is missing or has the wrong form.',
  delay:
    'Could not import the .vil file: macro M{{macro}} has a delay of {{value}} ms; Vial stores delays of 0 to {{max}} ms.',
  macroSize:
    "Could not import the .vil file: macro M{{macro}} is bigger than the keyboard's whole macro buffer ({{capacity}} bytes).",
  otherKeyboardNamed:
    'This .vil was saved from the {{file}} ({{fileRows}} × {{fileCols}} matrix), not from the {{keyboard}} ({{rows}} × {{cols}}): its keys would land in other places. Import a .vil saved from the {{keyboard}}.',
  otherKeyboard:
    'This .vil was saved from another keyboard (Vial UID {{uid}}, {{fileRows}} × {{fileCols}} matrix), not from the {{keyboard}} ({{rows}} × {{cols}}): its keys would land in other places. Import a .vil saved from the {{keyboard}}.',
});

/** What the .vil import keeps unchanged or cannot take; the Save/Load pane words each one. */
export type VilNotice =
  | VilOriginNotice
  | { kind: 'tapDanceKeys'; names: string[]; count: number; keyboard: string }
  | { kind: 'extraLayers'; inFile: number; onBoard: number }
  | { kind: 'outsideMatrix'; count: number }
  | { kind: 'macroActions'; tags: string[] }
  | { kind: 'layoutOptionsIgnored' };

/** The board the file is imported on. */
export interface VilTarget {
  name: string;
  vendorProductId: number;
  protocol: number;
  rows: number;
  cols: number;
  layerCount: number;
  /** [layer][row*cols+col] now: keys the file leaves out (−1) keep these. */
  keymap: readonly (readonly number[])[];
  encoderCount: number;
  macrosSupported: boolean;
  macroCount: number;
  /** The board's macro format (macros/macroFormat.ts); its VIA protocol's own when left out. */
  macroFormat?: MacroFormat | undefined;
  /** Bytes the board's macros may take (the buffer less its flag byte); 0xFFFF when left out. */
  macroCapacity?: number | undefined;
  /** The board's Vial UID (hex, as KeyboardState.vial.uid), to notice a file made on another board. */
  uid?: string | undefined;
  /** False on a keyboard without Vial (VIA firmware): its tap dance keys (TD) would do nothing. */
  vial?: boolean | undefined;
  /** The name of a keyboard Keyloom knows by its Vial UID (hex), to name the one a file came from. */
  keyboardOfUid?: ((uid: string) => string | null) | undefined;
}

// Names older vial-gui versions wrote (QMK's names before its 2022 renames) and Vial's own short forms.
const OLD_NAMES: Readonly<Record<string, string>> = {
  KC_BSLASH: 'KC_BSLS',
  KC_CAPSLOCK: 'KC_CAPS',
  KC_LANG1: 'KC_LNG1',
  KC_LANG2: 'KC_LNG2',
  KC_LBRACKET: 'KC_LBRC',
  KC_RBRACKET: 'KC_RBRC',
  KC_LCTRL: 'KC_LCTL',
  KC_RCTRL: 'KC_RCTL',
  KC_LSHIFT: 'KC_LSFT',
  KC_RSHIFT: 'KC_RSFT',
  KC_NONUS_BSLASH: 'KC_NUBS',
  KC_NUMLOCK: 'KC_NUM',
  KC_PGDOWN: 'KC_PGDN',
  KC_PSCREEN: 'KC_PSCR',
  KC_SCOLON: 'KC_SCLN',
  KC_SCROLLLOCK: 'KC_SCRL',
  KC__VOLDOWN: 'KC_KB_VOLUME_DOWN',
  KC__VOLUP: 'KC_KB_VOLUME_UP',
};

/**
 * One Vial keycode → text Keyloom's parser reads: numbers as hex, `M3` → `MACRO(3)`, `LT2(KC_A)` →
 * `LT(2,KC_A)`, old QMK names → today's. Text it cannot improve is returned as is (the load lists it unknown).
 */
export function vialKeycodeText(value: string | number): string {
  if (typeof value === 'number') return `0x${(value & 0xffff).toString(16).padStart(4, '0')}`;
  const text = value.trim().replace(/\b[A-Z][A-Z0-9_]*\b/g, (name) => OLD_NAMES[name] ?? name);
  const macro = /^M(\d+)$/.exec(text);
  if (macro) return `MACRO(${macro[1]})`;
  return text.replace(/\bLT(\d+)\(/g, 'LT($1,');
}

/**
 * Reads a `.vil` text into a `.layout.json` for `target` (with its `vial` section) and the notices for the user.
 * Keys the file leaves out (−1, or outside its rows/cols) and layers beyond the board's keep the board's codes;
 * macros become scripts (text, tap, down, up, delay). Refuses, with one clear line, only what is not a .vil.
 */
export function readVilFile(
  text: string,
  target: VilTarget,
): { ok: true; file: LayoutFile; notices: VilNotice[] } | Refused {
  const { refuse } = vilRefusals;
  const size = jsonTextProblem(text, VIL_LIMITS.bytes, VIL_LIMITS.depth);
  if (size)
    return size.subject === 'depth'
      ? refuse('tooDeep', { depth: VIL_LIMITS.depth })
      : refuse('tooLarge', { size: byteCount(size.count), max: byteCount(VIL_LIMITS.bytes) });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse('json');
  }
  const settings = (json as { settings?: unknown } | null)?.settings;
  if (typeof settings === 'object' && settings !== null && Object.keys(settings).length > VIL_LIMITS.settings)
    return refuse('tooMany', { where: 'settings', limit: byteCount(VIL_LIMITS.settings) });
  const parsed = VilFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'layout';
    // A list longer than a Vial keyboard's is refused as too large, not as malformed.
    const limit = issue?.code === 'too_big' ? Number(issue.maximum) : 0;
    if (limit === VIL_LIMITS.entries || limit === VIL_LIMITS.actions)
      return refuse('tooMany', { where, limit: byteCount(limit) });
    return refuse('shape', { where });
  }
  const vil = parsed.data;
  const notices: VilNotice[] = [];
  const board = (code: number) => viaKeycodeText(code, target.protocol);
  const origin = vilOrigin(vil, target);
  if (!origin.ok)
    return origin.code === 'otherKeyboardNamed'
      ? refuse('otherKeyboardNamed', origin.values)
      : refuse('otherKeyboard', origin.values);
  notices.push(...origin.notices);
  if (vil.layout.length > target.layerCount)
    notices.push({ kind: 'extraLayers', inFile: vil.layout.length, onBoard: target.layerCount });
  let outside = 0;
  const tapDance: string[] = [];
  const layers = Array.from({ length: Math.min(vil.layout.length, target.layerCount) }, (_, l) => {
    const rows = vil.layout[l]!;
    rows.forEach((row, r) => {
      if (r >= target.rows) outside += row.filter((c) => c !== -1).length;
      else outside += row.slice(target.cols).filter((c) => c !== -1).length;
    });
    return Array.from({ length: target.rows * target.cols }, (_, i) => {
      const value = rows[Math.floor(i / target.cols)]?.[i % target.cols];
      const kept = board(target.keymap[l]?.[i] ?? 0);
      if (value === undefined || value === -1) return kept;
      const text = vialKeycodeText(value);
      // A keyboard without Vial has no tap dance: the key keeps what it has, and the notice lists it.
      if (target.vial === false && isTapDanceKey(text, target.protocol)) {
        tapDance.push(text);
        return kept;
      }
      return text;
    });
  });
  if (tapDance.length > 0)
    notices.push({
      kind: 'tapDanceKeys',
      names: [...new Set(tapDance)].slice(0, 8),
      count: tapDance.length,
      keyboard: target.name,
    });
  if (outside > 0) notices.push({ kind: 'outsideMatrix', count: outside });
  // The layout options, as vial-gui applies them, go into the file's settings (previewed, then written) when the
  // file is this keyboard's own (its UID); from another keyboard their bits may mean other choices.
  const { ownFile } = origin;
  const options =
    vil.layout_options !== undefined && vil.layout_options >= 0 && vil.layout_options <= 0xffffffff
      ? vil.layout_options
      : null;
  if (options !== null && !ownFile) notices.push({ kind: 'layoutOptionsIgnored' });

  const file: LayoutFile = { name: target.name, vendorProductId: target.vendorProductId, layers };
  if (target.encoderCount > 0 && vil.encoder_layout && vil.encoder_layout.length > 0) {
    // .vil: [layer][encoder] = [ccw, cw]; .layout.json: [encoder][layer] = [ccw, cw].
    file.encoders = Array.from({ length: target.encoderCount }, (_, e) =>
      layers.map((_, l) => {
        const pair = vil.encoder_layout![l]?.[e];
        const side = (v: string | number | undefined) =>
          v === undefined || v === -1 ? 'KC_NO' : vialKeycodeText(v);
        return [side(pair?.[0]), side(pair?.[1])] as [string, string];
      }),
    );
  }
  if (target.macrosSupported && vil.macro) {
    const skipped = new Set<string>();
    const format = target.macroFormat ?? target.protocol;
    try {
      file.macros = Array.from({ length: target.macroCount }, (_, i) =>
        macroScript(vil.macro![i] ?? [], skipped, format, target.macroCapacity, i),
      );
    } catch (e) {
      if (e instanceof RefusalError) return { ok: false, refusal: e.refusal, message: e.message };
      throw e;
    }
    if (skipped.size > 0) notices.push({ kind: 'macroActions', tags: [...skipped] });
  }
  file.vial = vialSectionOf(vil, target.protocol) as unknown;
  if (options !== null && ownFile) file.settings = { layoutOptions: options, values: {} };
  return { ok: true, file, notices };
}

// Left-hand modifier keycodes by QMK's 5-bit mod bit (Ctrl, Shift, Alt, GUI); right-hand ones are 4 higher.
const MOD_KEYS = [0xe0, 0xe1, 0xe2, 0xe3];
/** The longest delay one action holds in VIA's format for firmware from Nov 2022 to Jan 2025 (4 digits). */
const MAX_QMK_BLOCK_DELAY = 9999;

/** Actions left out that the notice names; more show as one '…'. */
const MAX_SKIPPED_NAMED = 20;

/**
 * A Vial macro keycode as the keys a macro step holds: a basic key as itself; on a board storing 16-bit keys
 * (Vial protocol ≥ 5, as vial-gui writes them there) any key; else a modifier-wrapped key (`LCTL(KC_C)`) as its
 * modifiers around the key; anything else null (the board's macros cannot hold it).
 */
function macroKeys(value: string | number, f: MacroFormat): { mods: number[]; key: number } | null {
  const code = parseKeycode(vialKeycodeText(value), f.protocol);
  if (code === null || code === 0) return null;
  if (code <= 0xff || f.wideKeys) return { mods: [], key: code };
  if (code > 0x1fff || (code & 0xff) === 0) return null;
  const mods = code >> 8;
  const right = mods & 0x10 ? 4 : 0;
  return { mods: MOD_KEYS.filter((_, bit) => mods & (1 << bit)).map((k) => k + right), key: code & 0xff };
}

/**
 * Vial macro actions → a Keyloom macro script (macros/macroCodec.ts) for a board of `format`: text, taps,
 * presses and releases, delays (one block each on a Vial board; blocks of at most 9,999 ms in VIA's format,
 * for the firmware that reads 4 digits; none in the plain format, which stores no delays). An action the board
 * cannot hold is left out and its tag added to `skipped`. Throws a RefusalError for a delay Vial could not
 * have stored (0–65,024 ms), and once the macro is bigger than `capacity` bytes, before building further.
 */
export function macroScript(
  actions: readonly (readonly (string | number)[])[],
  skipped: Set<string>,
  format: MacroFormatLike,
  capacity = 0xffff,
  index = 0,
): string {
  const f = toMacroFormat(format);
  // The notice names a few; a file of 100,000 different unknown actions would otherwise be a page of them.
  const skip = (what: string) => {
    if (skipped.size < MAX_SKIPPED_NAMED) skipped.add(what);
    else skipped.add('…');
  };
  const steps: MacroStep[] = [];
  let size = 1;
  const add = (step: MacroStep) => {
    size += stepSize(step, f);
    if (size > capacity)
      throw new RefusalError(
        vilRefusals.refusal('macroSize', { macro: index, capacity: byteCount(capacity) }),
      );
    steps.push(step);
  };
  for (const [tag, ...args] of actions) {
    if (tag === 'text') {
      add({ kind: 'text', text: String(args[0] ?? '') });
      continue;
    }
    if (tag === 'delay') {
      const ms = args[0];
      if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > VIAL_MAX_DELAY)
        throw new RefusalError(
          vilRefusals.refusal('delay', { macro: index, value: String(ms).slice(0, 24), max: VIAL_MAX_DELAY }),
        );
      if (f.encoding === 'plain') skip('delay');
      else if (f.encoding === 'vial') add({ kind: 'delay', ms });
      else
        for (let left = ms; left > 0; left -= MAX_QMK_BLOCK_DELAY)
          add({ kind: 'delay', ms: Math.min(left, MAX_QMK_BLOCK_DELAY) });
      continue;
    }
    if (tag !== 'tap' && tag !== 'down' && tag !== 'up') {
      skip(String(tag).slice(0, 40));
      continue;
    }
    for (const arg of args) {
      const keys = macroKeys(arg, f);
      if (!keys) {
        skip(`${tag} ${String(arg).slice(0, 40)}`);
        continue;
      }
      const downs = keys.mods.map((keycode): MacroStep => ({ kind: 'down', keycode }));
      const ups = keys.mods.toReversed().map((keycode): MacroStep => ({ kind: 'up', keycode }));
      if (tag !== 'up') downs.forEach(add);
      add({ kind: tag, keycode: keys.key });
      if (tag !== 'down') ups.forEach(add);
    }
  }
  return macroToScript(steps, f);
}

function vialSectionOf(vil: VilFile, protocol: number): VialSection {
  const name = (v: string | number) => {
    const text = vialKeycodeText(v);
    // Names the board's protocol knows are written as the rest of a saved file writes them.
    const code = parseKeycode(text, protocol);
    return code === null ? text : viaKeycodeText(code, protocol);
  };
  return {
    tapDance: (vil.tap_dance ?? []).map(([onTap, onHold, onDoubleTap, onTapHold, term]) => ({
      onTap: name(onTap!),
      onHold: name(onHold!),
      onDoubleTap: name(onDoubleTap!),
      onTapHold: name(onTapHold!),
      tappingTerm: typeof term === 'number' ? Math.min(Math.max(term, 0), 0xffff) : 0,
    })),
    combos: (vil.combo ?? []).map((c) => ({ keys: c.slice(0, 4).map(name), output: name(c[4]!) })),
    keyOverrides: (vil.key_override ?? []).map((ko) => ({
      trigger: name(ko.trigger),
      replacement: name(ko.replacement),
      layers: ko.layers,
      triggerMods: ko.trigger_mods,
      negativeModMask: ko.negative_mod_mask,
      suppressedMods: ko.suppressed_mods,
      options: ko.options,
    })),
    settings: { ...(vil.settings ?? {}) },
  };
}
