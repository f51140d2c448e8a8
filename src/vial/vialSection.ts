import { z } from '../formats/zod.ts';
import { parseKeycode, viaKeycodeText } from '../keycodes/index.ts';
import type { Combo, KeyOverride, TapDance } from '../protocol/vial.ts';
import type { VialFeatures } from './entries.ts';
import { checkSettingValue, isKnownSetting } from './qmkSettings.ts';
import { LAYOUT_REFUSAL_TEXT } from '../formats/layoutRefusal.ts';

/**
 * The optional `vial` object of a `.layout.json` (docs/vial-layout-files.md): tap dance, combos, key overrides
 * and QMK settings, keycodes written as the rest of the file writes them (VIA's text, hex where VIA has none).
 * VIA's importer reads only the keys it knows, so the extra object does not change how VIA loads the file;
 * files without it load exactly as before.
 */

const u16 = z.number().int().min(0).max(0xffff);
const u8 = z.number().int().min(0).max(0xff);
const keycode = z.string().min(1);

export const VialSectionSchema = z.object({
  tapDance: z
    .array(
      z.object({
        onTap: keycode,
        onHold: keycode,
        onDoubleTap: keycode,
        onTapHold: keycode,
        tappingTerm: u16,
      }),
    )
    .optional(),
  combos: z.array(z.object({ keys: z.array(keycode).min(1).max(4), output: keycode })).optional(),
  keyOverrides: z
    .array(
      z.object({
        trigger: keycode,
        replacement: keycode,
        layers: u16,
        triggerMods: u8,
        negativeModMask: u8,
        suppressedMods: u8,
        options: u8,
      }),
    )
    .optional(),
  /** QMK setting values by qsid (decimal string keys, as JSON objects need). */
  settings: z.record(z.string().regex(/^\d+$/), z.number().int().min(0)).optional(),
});

export type VialSection = z.infer<typeof VialSectionSchema>;

export const VIAL_SECTION_INVALID = LAYOUT_REFUSAL_TEXT.vialInvalid;

/** Builds the `vial` object for a board's features now. */
export function buildVialSection(features: VialFeatures, protocol: number): VialSection {
  const name = (code: number) => viaKeycodeText(code, protocol);
  return {
    tapDance: features.tapDance.map((td) => ({
      onTap: name(td.onTap),
      onHold: name(td.onHold),
      onDoubleTap: name(td.onDoubleTap),
      onTapHold: name(td.onTapHold),
      tappingTerm: td.tappingTerm,
    })),
    combos: features.combos.map((c) => ({ keys: c.keys.map(name), output: name(c.output) })),
    keyOverrides: features.keyOverrides.map((ko) => ({
      ...ko,
      trigger: name(ko.trigger),
      replacement: name(ko.replacement),
    })),
    settings: Object.fromEntries(Object.entries(features.settings).map(([qsid, v]) => [qsid, v])),
  };
}

/** Something in the file the board cannot take; the rest still loads. The pane words each one. */
export type VialNotice =
  | { kind: 'featureMissing'; feature: 'tapDance' | 'combo' | 'keyOverride' | 'settings'; count: number }
  | { kind: 'tooMany'; feature: 'tapDance' | 'combo' | 'keyOverride'; inFile: number; onBoard: number }
  | { kind: 'settingsSkipped'; qsids: number[] }
  | { kind: 'unknownNames'; feature: 'tapDance' | 'combo' | 'keyOverride'; index: number; names: string[] };

/** What the board has, to fit a file's section to it. */
export interface VialCapabilities {
  protocol: number;
  counts: { tapDance: number; combos: number; keyOverrides: number };
  /** qsids the firmware reported. */
  settings: readonly number[];
}

/** The file's features fitted to the board: entries by index (absent = leave as the board has it). */
export interface FittedVialFeatures {
  tapDance: Map<number, TapDance>;
  combos: Map<number, Combo>;
  keyOverrides: Map<number, KeyOverride>;
  settings: Map<number, number>;
  notices: VialNotice[];
}

/** Reads an unknown value as a section; null (and nothing else) when it is malformed. */
export function parseVialSection(value: unknown): VialSection | null {
  const parsed = VialSectionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Fits a section to a board: entries beyond the board's count, every entry of a feature the board lacks, and
 * settings it does not report (or values out of their range) are left out with a notice; an entry naming a
 * keycode unknown on the board's protocol is left as the board has it, with the names. Pure; writes nothing.
 */
export function fitVialSection(section: VialSection, board: VialCapabilities): FittedVialFeatures {
  const notices: VialNotice[] = [];
  const code = (name: string, unknown: string[]) => {
    const value = parseKeycode(name.trim(), board.protocol);
    if (value === null) unknown.push(name);
    return value ?? 0;
  };
  const fit = <T, E>(
    feature: 'tapDance' | 'combo' | 'keyOverride',
    entries: readonly T[] | undefined,
    onBoard: number,
    read: (entry: T, unknown: string[]) => E,
  ): Map<number, E> => {
    const out = new Map<number, E>();
    const list = entries ?? [];
    if (list.length === 0) return out;
    if (onBoard === 0) {
      notices.push({ kind: 'featureMissing', feature, count: list.length });
      return out;
    }
    if (list.length > onBoard) notices.push({ kind: 'tooMany', feature, inFile: list.length, onBoard });
    list.slice(0, onBoard).forEach((entry, index) => {
      const unknown: string[] = [];
      const value = read(entry, unknown);
      if (unknown.length > 0) notices.push({ kind: 'unknownNames', feature, index, names: unknown });
      else out.set(index, value);
    });
    return out;
  };
  const tapDance = fit('tapDance', section.tapDance, board.counts.tapDance, (td, u) => ({
    onTap: code(td.onTap, u),
    onHold: code(td.onHold, u),
    onDoubleTap: code(td.onDoubleTap, u),
    onTapHold: code(td.onTapHold, u),
    tappingTerm: td.tappingTerm,
  }));
  const combos = fit('combo', section.combos, board.counts.combos, (c, u) => {
    const keys = [0, 1, 2, 3].map((i) => (c.keys[i] === undefined ? 0 : code(c.keys[i], u)));
    return { keys: keys as Combo['keys'], output: code(c.output, u) };
  });
  const keyOverrides = fit('keyOverride', section.keyOverrides, board.counts.keyOverrides, (ko, u) => ({
    ...ko,
    trigger: code(ko.trigger, u),
    replacement: code(ko.replacement, u),
  }));
  const settings = new Map<number, number>();
  const fileSettings = Object.entries(section.settings ?? {}).map(([k, v]) => [Number(k), v] as const);
  if (fileSettings.length > 0 && board.settings.length === 0)
    notices.push({ kind: 'featureMissing', feature: 'settings', count: fileSettings.length });
  else {
    const reported = new Set(board.settings);
    const skipped: number[] = [];
    for (const [qsid, value] of fileSettings) {
      if (reported.has(qsid) && isKnownSetting(qsid) && checkSettingValue(qsid, value) === null)
        settings.set(qsid, value);
      else skipped.push(qsid);
    }
    if (skipped.length > 0) notices.push({ kind: 'settingsSkipped', qsids: skipped });
  }
  return { tapDance, combos, keyOverrides, settings, notices };
}
