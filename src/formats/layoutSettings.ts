import type { LoadResult } from './layoutFile.ts';
import { LAYOUT_REFUSAL_TEXT, refuse } from './layoutRefusal.ts';

/**
 * What Keyloom adds to a layout file beside VIA's keymap, macros and encoders (the `settings` object): the
 * keyboard's packed layout options and its v3 menu or v2 lighting values, keyed as the keyboard's state keeps
 * them ("channel:valueId:args…" for menus, "valueId" for v2 lighting). The backup taken before a flash has it,
 * so everything a firmware update resets can be put back; VIA ignores it.
 */
export interface LayoutSettings {
  layoutOptions: number | null;
  values: Record<string, number[]>;
}

/** At most this many values (a v3 board with per-key colours has a few hundred). */
const MAX_VALUES = 4096;
const KEY = /^\d{1,3}(?::\d{1,3}){0,6}$/;

export const SETTINGS_INVALID = LAYOUT_REFUSAL_TEXT.settingsInvalid;

/** Checks a file's `settings` object: null when the file has none; a refusal names the whole file. */
export function readLayoutSettings(value: unknown): LoadResult<LayoutSettings | null> {
  if (value === undefined) return { ok: true, value: null };
  const bad = refuse('settingsInvalid');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return bad;
  const { layoutOptions = null, values = {} } = value as Record<string, unknown>;
  if (layoutOptions !== null && !(Number.isInteger(layoutOptions) && (layoutOptions as number) >= 0))
    return bad;
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return bad;
  const entries = Object.entries(values);
  if (entries.length > MAX_VALUES) return bad;
  for (const [key, bytes] of entries)
    if (
      !KEY.test(key) ||
      !Array.isArray(bytes) ||
      bytes.length === 0 ||
      bytes.length > 32 ||
      !bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)
    )
      return bad;
  return {
    ok: true,
    value: {
      layoutOptions: layoutOptions as number | null,
      values: Object.fromEntries(entries) as Record<string, number[]>,
    },
  };
}

/** What the keyboard holds now, to compare a file's settings with. */
export interface SettingsNow {
  /** null: the keyboard has no layout options (or they could not be read). */
  layoutOptions: number | null;
  values: Record<string, number[]>;
}

export interface SettingsChanges {
  /** The packed layout options to write, or null when they are the same (or the keyboard has none). */
  layoutOptions: { from: number; to: number } | null;
  /** Keys of values the file sets differently. */
  values: string[];
  /** Keys of values the keyboard does not have (its firmware or definition dropped them): not restored. */
  missing: string[];
  /** The file has layout options and the keyboard has none. */
  layoutOptionsMissing: boolean;
}

/** How a file's settings differ from the keyboard's: what a load would write, and what it cannot. */
export function settingsChanges(settings: LayoutSettings, now: SettingsNow): SettingsChanges {
  const values: string[] = [];
  const missing: string[] = [];
  for (const [key, bytes] of Object.entries(settings.values)) {
    const current = now.values[key];
    if (!current) missing.push(key);
    else if (current.length !== bytes.length || current.some((b, i) => b !== bytes[i])) values.push(key);
  }
  const to = settings.layoutOptions;
  const from = now.layoutOptions;
  return {
    layoutOptions: to !== null && from !== null && to !== from ? { from, to } : null,
    values,
    missing,
    layoutOptionsMissing: to !== null && from === null,
  };
}

export const hasSettingsChanges = (c: SettingsChanges): boolean =>
  c.layoutOptions !== null || c.values.length > 0;

/** The `settings` object of a layout file's text, checked (a text that is not JSON has none: the file check says why). */
export function settingsOfFileText(text: string): LoadResult<LayoutSettings | null> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: true, value: null };
  }
  return readLayoutSettings((json as { settings?: unknown } | null)?.settings);
}
