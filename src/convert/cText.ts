/**
 * Text written into C source (keymap.c), made safe for C's translation phases and QMK's `-Wall -Werror` build:
 * a backslash at a line's end splices the next line into a `//` comment (-Wcomment, and without -Werror the
 * layer's first row vanishes into the comment); `??/` is the trigraph for a backslash (-Wtrigraphs); `*\/`
 * ends a block comment early and `/*` inside one warns; a `"` or `\` ends or bends a string literal.
 */

/** Control, line-separator and bidi-control characters: never written as they are (Trojan Source). */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]/u;

/**
 * A C string literal holding `text` (with its quotes). `\`, `"` and `?` are escaped (`\?` so no `??x` trigraph
 * can form), newline and tab as `\n` `\t`. With `ascii` (SEND_STRING, which types printable ASCII) anything
 * else is left out and returned in `dropped`. Without it (a name in a comment) other ASCII controls are written
 * as three-digit octal (bounded, unlike `\x`), other controls and bidi controls as `\uXXXX`, and the rest of
 * Unicode as it is (GCC reads comments as UTF-8).
 */
export function cStringLiteral(text: string, ascii: boolean): { literal: string; dropped: string } {
  let literal = '';
  let dropped = '';
  for (const ch of text) {
    if (ch === '\\' || ch === '"' || ch === '?') literal += '\\' + ch;
    else if (ch === '\n') literal += '\\n';
    else if (ch === '\t') literal += '\\t';
    else if (ch >= ' ' && ch <= '~') literal += ch;
    else if (ascii) dropped += ch;
    else if (ch.codePointAt(0)! < 0x80) literal += '\\' + ch.codePointAt(0)!.toString(8).padStart(3, '0');
    // Only ever inside a comment: a \u escape there is text, read back by readCommentName.
    else if (CONTROL.test(ch)) literal += '\\u' + ch.codePointAt(0)!.toString(16).padStart(4, '0');
    else literal += ch;
  }
  return { literal: `"${literal}"`, dropped };
}

/** Printable ASCII without `"`, `\` and `?` (a string's quote, a splice or escape, a trigraph's start). */
const PLAIN = /^[\x20-\x7e]*$/;
const SPECIAL = /["\\?]/;

/**
 * A name in a `//` comment: as it is when plain (letters, digits, most punctuation), else as a C string literal
 * (`readCommentName` reads it back), so nothing in it can end the comment, splice the next line or form a
 * trigraph. A name ending in a space is quoted too, so a reader sees where it ends.
 */
export function commentName(name: string): string {
  if (PLAIN.test(name) && !SPECIAL.test(name) && !name.endsWith(' ')) return name;
  return cStringLiteral(name, false).literal;
}

/** The name `commentName` wrote (for tests and readers of Keyloom's keymap.c): a literal is decoded. */
export function readCommentName(text: string): string {
  if (!text.startsWith('"')) return text;
  let out = '';
  for (let i = 1; i < text.length - 1; i++) {
    const ch = text[i]!;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = text[++i]!;
    if (next === 'n') out += '\n';
    else if (next === 't') out += '\t';
    else if (next === 'u') {
      out += String.fromCharCode(parseInt(text.slice(i + 1, i + 5), 16));
      i += 4;
    } else if (/[0-7]/.test(next)) {
      out += String.fromCharCode(parseInt(text.slice(i, i + 3), 8));
      i += 2;
    } else out += next;
  }
  return out;
}

/**
 * One line of a `/* … *\/` block comment: control characters become spaces, `*\/` and `/*` are broken apart, a
 * `??` pair is spaced (no trigraph), and a backslash at the end gets a full stop after it (no line splice).
 */
export function blockCommentLine(text: string): string {
  let line = text.replace(new RegExp(CONTROL.source, 'gu'), ' ');
  while (/\*\/|\/\*|\?\?/.test(line))
    line = line.replace(/\*\//g, '* /').replace(/\/\*/g, '/ *').replace(/\?\?/g, '? ?');
  return line.endsWith('\\') ? line + '.' : line;
}
