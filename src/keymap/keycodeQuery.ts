import { formatKeycode } from '../keycodes/format.ts';
import { rangesFor } from '../keycodes/generations.ts';
import { keycodeLabel } from '../keycodes/labels.ts';
import { parseKeycode } from '../keycodes/parse.ts';
import type { MacroStep } from '../macros/macroCodec.ts';

/** What a key face reads for a keycode: its legend and its full name. */
export type LegendOf = (code: number) => { label: string; title: string };

/** A search for QMK keycodes, as the Find box reads it. */
export interface KeycodeQuery {
  /** The keycode the text names, when it names one (then only it, and composite keys around it, match). */
  code: number | null;
  matches(code: number): boolean;
  /** Whether a macro presses a matching key, or (for a text search) types the text. */
  matchesMacro(steps: readonly MacroStep[]): boolean;
}

/** Text searches shorter than this match whole legends only, so one letter does not match every name. */
const MIN_PARTIAL = 3;

/**
 * Reads Find's text for a protocol's numbering. A keycode name or expression (KC_SPC, SPC, a, LT(1,KC_A),
 * 0x5221) finds that keycode and the modifier, mod-tap and layer-tap keys that tap its basic key (KC_A also finds
 * LCTL(KC_A) and LT(1,KC_A)); other text finds keys whose name contains it, whose legend is it, or whose full
 * name contains it (from three letters: 'vol' finds both volume keys). Null for blank text.
 */
export function keycodeQuery(
  text: string,
  protocol: number,
  legendOf: LegendOf = (code) => keycodeLabel(code, protocol),
): KeycodeQuery | null {
  const query = text.trim();
  if (query === '') return null;
  const code =
    parseKeycode(query, protocol) ?? (/^\w+$/.test(query) ? parseKeycode(`KC_${query}`, protocol) : null);
  const lower = query.toLowerCase();
  const tapped = tappedBasic(protocol);
  const matches =
    code !== null
      ? (c: number) => c === code || (code >= 0x04 && code <= 0xff && tapped(c) === code)
      : (c: number) => {
          if (formatKeycode(c, protocol).toLowerCase().includes(lower)) return true;
          const legend = legendOf(c);
          return (
            legend.label.toLowerCase() === lower ||
            (lower.length >= MIN_PARTIAL && legend.title.toLowerCase().includes(lower))
          );
        };
  return {
    code,
    matches,
    matchesMacro: (steps) =>
      steps.some((s) =>
        s.kind === 'text'
          ? code === null && s.text.toLowerCase().includes(lower)
          : (s.kind === 'tap' || s.kind === 'down' || s.kind === 'up') && matches(s.keycode),
      ),
  };
}

/** The basic key a modifier-wrapped, mod-tap or layer-tap keycode taps; null for every other keycode. */
function tappedBasic(protocol: number): (code: number) => number | null {
  const { modTap, layerTap } = rangesFor(protocol);
  return (code) =>
    (code >= 0x0100 && code <= 0x1fff) ||
    (code >= modTap && code < modTap + 0x2000) ||
    (code >= layerTap && code < layerTap + 0x1000)
      ? code & 0xff
      : null;
}
