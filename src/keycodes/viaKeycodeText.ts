import { formatWith, type Dialect, type Family } from './format.ts';
import { viaNameTable } from './viaTable.ts';

/** The `FN(n)` forms VIA parses; it has no PDF and no tap dance (TD(n) even aborts its load). */
const VIA_FAMILIES: ReadonlySet<Family> = new Set(['TO', 'MO', 'DF', 'TG', 'OSL', 'TT', 'MACRO', 'CUSTOM']);

function viaDialect(protocol: number): Dialect {
  const via = viaNameTable(protocol);
  return {
    name: (code) => via.byCode.get(code) ?? null,
    families: (fn) => VIA_FAMILIES.has(fn),
    hexInWrapper: false,
  };
}

/**
 * Keycode number → the text a layout file holds, which the VIA app reads back to the same number on that
 * protocol: VIA's name where its table has one (QMK's newer names are read, never written), an expression VIA
 * parses (C(KC_C), LT(1,KC_SPC), MT(MOD_LSFT,KC_ESC), MO(2), MACRO(3) …) built only from names VIA knows, and
 * hex `0x….` only where VIA has no text for the number (tap dance, PDF, repeat key …).
 * parseKeycode(viaKeycodeText(c, p), p) === c for every 16-bit c.
 */
export function viaKeycodeText(code: number, protocol: number): string {
  return formatWith(code, protocol, viaDialect(protocol));
}
