/**
 * Names from outside (a keyboard's name, its layers' and behaviors' names, a share link's names) made safe to
 * show and to write into any file. Two kinds of character are dangerous there:
 *
 * - Bidirectional controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, U+200E/U+200F/
 *   U+061C marks): "evil\u202Eexe.txt" shows as "eviltxt.exe", and in a written file they reorder what a
 *   reader sees around them (Trojan Source, CVE-2021-42574). They are removed: a name never needs them to read
 *   right — the page shows every name inside its own isolate (`<bdi>`/`dir="auto"`), and files carry the
 *   characters in logical order.
 * - Control characters (C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F, U+2028/U+2029 line and paragraph
 *   separators): they end lines and comments, ring bells, move the cursor. Each C0 control and DEL becomes its
 *   visible Control Picture (U+2400 + code, U+2421 for DEL: "Fn␊2"), so the name still shows that something
 *   was there; the rest become U+FFFD.
 *
 * Everything else (any script, emoji, combining marks) is kept as it is. The result never contains a character
 * this function would change: `safeName(safeName(x)) === safeName(x)`.
 */
export function safeName(name: string): string {
  // Fast path: most names are plain text.
  if (!UNSAFE.test(name)) return name;
  return name.replace(UNSAFE_ALL, replacement);
}

/** True when `name` holds a character `safeName` removes or replaces. */
export function isSafeName(name: string): boolean {
  return !UNSAFE.test(name);
}

const UNSAFE_SOURCE = '[\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069]';
const UNSAFE = new RegExp(UNSAFE_SOURCE);
const UNSAFE_ALL = new RegExp(UNSAFE_SOURCE, 'g');

function replacement(char: string): string {
  const code = char.charCodeAt(0);
  if (code <= 0x1f) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  if (code <= 0x9f || code === 0x2028 || code === 0x2029) return '\ufffd';
  return '';
}
