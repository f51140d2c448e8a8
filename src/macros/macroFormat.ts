import { PROTOCOL, VIAL_VERSION } from '../qmk/protocolVersions.ts';

/**
 * How a keyboard stores a macro's actions in its buffer (via-protocol.md §3.2, docs/vial-protocol.md "Macros"):
 * - `plain`: VIA protocol ≤ 10 and Vial protocol 0–1: `01|02|03 kc` tap/down/up, no delays;
 * - `qmk`: VIA protocol ≥ 11: `01 01|02|03 kc`, delays `01 04 digits 7C` (ASCII decimal, then '|');
 * - `vial`: Vial protocol ≥ 2: `01 01|02|03 kc`, delays `01 04 d0 d1` with ms = (d0 − 1) + (d1 − 1) × 255,
 *   and from Vial protocol 5 keys above 0xFF as `01 05|06|07 lo hi`.
 */
export type MacroEncoding = 'plain' | 'qmk' | 'vial';

export interface MacroFormat {
  encoding: MacroEncoding;
  /** The VIA protocol whose keycode numbering names the keys (KeyboardState.protocol). */
  protocol: number;
  /** Keys above 0xFF can be stored (Vial protocol ≥ 5's extended actions). */
  wideKeys: boolean;
}

/** A format, or a VIA protocol number standing for that protocol's own format. */
export type MacroFormatLike = MacroFormat | number;

/** The longest delay Vial's two delay bytes hold: (255 − 1) + (255 − 1) × 255 ms. */
export const VIAL_MAX_DELAY = 254 + 254 * 255;

/** The macro format of a VIA keyboard speaking `protocol`. */
export function viaMacroFormat(protocol: number): MacroFormat {
  return { encoding: protocol >= PROTOCOL.MACRO_DELAYS ? 'qmk' : 'plain', protocol, wideKeys: false };
}

export function toMacroFormat(format: MacroFormatLike): MacroFormat {
  return typeof format === 'number' ? viaMacroFormat(format) : format;
}

/**
 * The macro format a keyboard reads: a Vial keyboard's follows its Vial protocol (whatever VIA protocol it
 * reports), its keys are named in the numbering it uses; any other keyboard's follows its VIA protocol.
 */
export function macroFormatOf(keyboard: {
  protocol: number;
  vial?: { protocol: number } | undefined;
}): MacroFormat {
  const { vial, protocol } = keyboard;
  if (!vial) return viaMacroFormat(protocol);
  return {
    encoding: vial.protocol >= VIAL_VERSION.ADVANCED_MACROS ? 'vial' : 'plain',
    protocol,
    wideKeys: vial.protocol >= VIAL_VERSION.EXTENDED_MACROS,
  };
}

/** Whether the format stores delays. */
export function hasDelays(format: MacroFormatLike): boolean {
  return toMacroFormat(format).encoding !== 'plain';
}
