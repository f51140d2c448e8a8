import { z } from '../formats/zod.ts';
import type { LayoutFile } from '../formats/layoutFile.ts';
import { parseKeycode, viaKeycodeText } from '../keycodes/index.ts';
import type { VialSection } from './vialSection.ts';

/**
 * vial-gui's saved layout (`.vil`, docs/vial-protocol.md "Saved layouts"): JSON with the keymap by
 * [layer][row][col], encoders by [layer][encoder] = [counter-clockwise, clockwise], macros as action lists,
 * tap dance / combo entries as 5-element arrays, key overrides as objects and QMK settings by qsid. Keycodes are
 * Vial's names (QMK names, a few of its own) or numbers. Read here into a Keyloom `.layout.json` for the board
 * it is imported on, so the import takes the same checked, previewed, undoable path as any layout file.
 */

const vilKeycode = z.union([z.string().min(1), z.number().int().min(-1).max(0xffff)]);

export const VilFileSchema = z.object({
  version: z.number().int().optional(),
  uid: z.union([z.number(), z.string()]).optional(),
  layout: z.array(z.array(z.array(vilKeycode))).min(1),
  encoder_layout: z.array(z.array(z.array(vilKeycode).min(2).max(2))).optional(),
  layout_options: z.number().int().optional(),
  macro: z.array(z.array(z.array(z.union([z.string(), z.number()])))).optional(),
  vial_protocol: z.number().int().optional(),
  via_protocol: z.number().int().optional(),
  tap_dance: z.array(z.array(vilKeycode).length(5)).optional(),
  combo: z.array(z.array(vilKeycode).length(5)).optional(),
  key_override: z
    .array(
      z.object({
        trigger: vilKeycode,
        replacement: vilKeycode,
        layers: z.number().int().min(0).max(0xffff),
        trigger_mods: z.number().int().min(0).max(0xff),
        negative_mod_mask: z.number().int().min(0).max(0xff),
        suppressed_mods: z.number().int().min(0).max(0xff),
        options: z.number().int().min(0).max(0xff),
      }),
    )
    .optional(),
  settings: z.record(z.string().regex(/^\d+$/), z.number().int().min(0)).optional(),
});

export type VilFile = z.infer<typeof VilFileSchema>;

export const VIL_ERRORS = {
  json: 'Could not import the .vil file: it is not JSON.',
  shape: (where: string) => `Could not import the .vil file: ${where} is missing or has the wrong form.`,
} as const;

/** What the .vil import keeps unchanged or cannot take; the Save/Load pane words each one. */
export type VilNotice =
  | { kind: 'otherUid'; fileUid: string }
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
  /** The board's Vial UID (hex, as KeyboardState.vial.uid), to notice a file made on another board. */
  uid?: string | undefined;
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

// vial-gui writes the 64-bit UID as a JSON number, which JSON.parse rounds to a double: compare as doubles.
const uidNumber = (uid: string | number): number =>
  typeof uid === 'number'
    ? uid
    : /^(0x)?[0-9a-f]{1,16}$/i.test(uid)
      ? Number(BigInt(`0x${uid.replace(/^0x/i, '')}`))
      : NaN;
const uidText = (uid: string | number): string =>
  typeof uid === 'number'
    ? BigInt(Math.trunc(Math.max(0, uid)))
        .toString(16)
        .padStart(16, '0')
    : uid;

/**
 * Reads a `.vil` text into a `.layout.json` for `target` (with its `vial` section) and the notices for the user.
 * Keys the file leaves out (−1, or outside its rows/cols) and layers beyond the board's keep the board's codes;
 * macros become scripts (text, tap, down, up, delay). Refuses, with one clear line, only what is not a .vil.
 */
export function readVilFile(
  text: string,
  target: VilTarget,
): { ok: true; file: LayoutFile; notices: VilNotice[] } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: VIL_ERRORS.json };
  }
  const parsed = VilFileSchema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'layout';
    return { ok: false, message: VIL_ERRORS.shape(where) };
  }
  const vil = parsed.data;
  const notices: VilNotice[] = [];
  const board = (code: number) => viaKeycodeText(code, target.protocol);
  if (target.uid !== undefined && vil.uid !== undefined && uidNumber(vil.uid) !== uidNumber(target.uid))
    notices.push({ kind: 'otherUid', fileUid: uidText(vil.uid) });
  if (vil.layout.length > target.layerCount)
    notices.push({ kind: 'extraLayers', inFile: vil.layout.length, onBoard: target.layerCount });
  let outside = 0;
  const layers = Array.from({ length: Math.min(vil.layout.length, target.layerCount) }, (_, l) => {
    const rows = vil.layout[l]!;
    rows.forEach((row, r) => {
      if (r >= target.rows) outside += row.filter((c) => c !== -1).length;
      else outside += row.slice(target.cols).filter((c) => c !== -1).length;
    });
    return Array.from({ length: target.rows * target.cols }, (_, i) => {
      const value = rows[Math.floor(i / target.cols)]?.[i % target.cols];
      return value === undefined || value === -1 ? board(target.keymap[l]?.[i] ?? 0) : vialKeycodeText(value);
    });
  });
  if (outside > 0) notices.push({ kind: 'outsideMatrix', count: outside });
  if (vil.layout_options !== undefined && vil.layout_options !== -1)
    notices.push({ kind: 'layoutOptionsIgnored' });

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
    file.macros = Array.from({ length: target.macroCount }, (_, i) =>
      macroScript(vil.macro![i] ?? [], skipped, target.protocol),
    );
    if (skipped.size > 0) notices.push({ kind: 'macroActions', tags: [...skipped] });
  }
  file.vial = vialSectionOf(vil, target.protocol) as unknown;
  return { ok: true, file, notices };
}

// Left-hand modifier keycodes by QMK's 5-bit mod bit (Ctrl, Shift, Alt, GUI); right-hand ones are 4 higher.
const MOD_KEYS = [0xe0, 0xe1, 0xe2, 0xe3];
/** The longest delay one `{…}` block of a macro script holds (ms). */
const MAX_SCRIPT_DELAY = 9999;

/**
 * A Vial macro keycode as script key names: a basic key as itself, a modifier-wrapped key (`LCTL(KC_C)`, which
 * Vial macros may hold since protocol 5) as its modifiers around the key, anything else null (not in a script).
 */
function macroKeys(value: string | number, protocol: number): { mods: string[]; key: string } | null {
  const code = parseKeycode(vialKeycodeText(value), protocol);
  if (code === null || code === 0) return null;
  if (code <= 0xff) return { mods: [], key: viaKeycodeText(code, protocol) };
  if (code > 0x1fff || (code & 0xff) === 0) return null;
  const mods = code >> 8;
  const right = mods & 0x10 ? 4 : 0;
  const held = MOD_KEYS.filter((_, bit) => mods & (1 << bit)).map((k) => viaKeycodeText(k + right, protocol));
  return { mods: held, key: viaKeycodeText(code & 0xff, protocol) };
}

/**
 * Vial macro actions → a Keyloom macro script (`{KC_A}` tap, `{+KC_A}`/`{-KC_A}`, `{100}`, `\{` for a brace).
 * Long delays become several blocks (a block holds at most 9999 ms); an action Keyloom cannot express is left
 * out and its tag added to `skipped`.
 */
export function macroScript(
  actions: readonly (readonly (string | number)[])[],
  skipped: Set<string>,
  protocol: number,
): string {
  let out = '';
  for (const [tag, ...args] of actions) {
    if (tag === 'text') {
      out += String(args[0] ?? '').replace(/\{/g, '\\{');
      continue;
    }
    if (tag === 'delay' && typeof args[0] === 'number') {
      for (let left = Math.max(0, Math.round(args[0])); left > 0; left -= MAX_SCRIPT_DELAY)
        out += `{${Math.min(left, MAX_SCRIPT_DELAY)}}`;
      continue;
    }
    if (tag !== 'tap' && tag !== 'down' && tag !== 'up') {
      skipped.add(String(tag));
      continue;
    }
    for (const arg of args) {
      const keys = macroKeys(arg, protocol);
      if (!keys) {
        skipped.add(`${tag} ${String(arg)}`);
        continue;
      }
      const down = keys.mods.map((m) => `{+${m}}`).join('');
      const up = [...keys.mods]
        .reverse()
        .map((m) => `{-${m}}`)
        .join('');
      if (tag === 'tap') out += keys.mods.length > 0 ? `${down}{${keys.key}}${up}` : `{${keys.key}}`;
      else if (tag === 'down') out += `${down}{+${keys.key}}`;
      else out += `{-${keys.key}}${up}`;
    }
  }
  return out;
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
