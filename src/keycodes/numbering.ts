import './fullKeycodeTables.ts';
import { formatKeycode } from './format.ts';
import { viaKeycodeText } from './viaKeycodeText.ts';
import { generationFor } from './generations.ts';
import { parseKeycode } from './parse.ts';
import { parseQmkKeycode, qmkKeycodeTable, qmkKeycodeText, QMK_PROTOCOL } from './qmkNames.ts';
import { keycodeTable } from './tables.ts';

/** Text holding a number (`0x…`, also inside `LCTL(0x00CD)`): a number is not a name, so it is not carried. */
const HAS_HEX = /0x[0-9a-f]/i;

/**
 * The texts a number has in a protocol's numbering, most telling first: Keyloom's name or expression, QMK's and
 * VIA's where they differ, then every other name of the key (one of them may be the one the other table knows).
 */
function namesOf(code: number, protocol: number): string[] {
  const v12 = generationFor(protocol) === 'v12';
  const entry = (v12 ? qmkKeycodeTable() : keycodeTable(protocol)).byCode.get(code);
  const texts = [
    formatKeycode(code, protocol),
    ...(v12 ? [qmkKeycodeText(code)] : []),
    viaKeycodeText(code, protocol),
    ...(entry ? [entry.name, ...entry.aliases] : []),
  ];
  return [...new Set(texts)].filter((t) => !HAS_HEX.test(t));
}

/** Reads a name in a protocol's numbering; QMK's own meaning first where that numbering is today's QMK. */
function read(text: string, protocol: number): number | null {
  if (generationFor(protocol) === 'v12') return parseQmkKeycode(text) ?? parseKeycode(text, protocol);
  return parseKeycode(text, protocol);
}

/**
 * A keycode number from one VIA protocol's numbering to another's, by name and never by number (MO(1) is
 * 0x5101 before protocol 11 and 0x5221 from 12): the number's name or expression in `from` is read in `to`.
 * Same generation: the number itself. Null when nothing names the number in `from` or the name means nothing
 * in `to` (the caller lists it; it is never guessed).
 */
export function convertKeycode(code: number, from: number, to: number): number | null {
  if (generationFor(from) === generationFor(to)) return code;
  for (const text of namesOf(code, from)) {
    const value = read(text, to);
    if (value !== null) return value;
  }
  // A key renamed between the tables but kept at its number (SH_TG → SH_TOGG at 0x56F0): the number's own name
  // in `to` reads back as this key in `from`.
  return namesOf(code, to).some((text) => read(text, from) === code) ? code : null;
}

/** `convertKeycode` into today's QMK numbering. */
export const toQmkNumbering = (code: number, from: number) => convertKeycode(code, from, QMK_PROTOCOL);
