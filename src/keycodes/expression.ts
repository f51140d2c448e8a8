/** The syntax tree of a keycode expression: `KC_A`, `12`, `0x2C`, `LT(1,KC_SPC)`, `MT(MOD_LCTL|MOD_LSFT,KC_A)`. */
export type KeycodeNode =
  { kind: 'word'; text: string } | { kind: 'call'; name: string; args: KeycodeNode[] };

/** Longest input accepted; real expressions are far shorter, and this bounds work on pasted text. */
export const MAX_EXPRESSION_LENGTH = 256;

/**
 * Parses keycode expression text into a tree; null on any syntax error (unbalanced parentheses, empty
 * arguments, stray characters). Words keep their spelling; callers upper-case as needed.
 */
export function parseExpression(text: string): KeycodeNode | null {
  if (text.length > MAX_EXPRESSION_LENGTH) return null;
  let pos = 0;
  const skipSpace = () => {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
  };
  // A word may hold '|' so that a mod mask `MOD_LCTL | MOD_LSFT` stays one argument.
  const readWord = (): string | null => {
    const start = pos;
    while (pos < text.length && /[A-Za-z0-9_| \t]/.test(text[pos]!)) pos++;
    const word = text.slice(start, pos).trim();
    return word === '' ? null : word;
  };
  const node = (): KeycodeNode | null => {
    skipSpace();
    const word = readWord();
    if (word === null) return null;
    skipSpace();
    if (text[pos] !== '(') return { kind: 'word', text: word };
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(word)) return null;
    pos++;
    const args: KeycodeNode[] = [];
    for (;;) {
      const arg = node();
      if (arg === null) return null;
      args.push(arg);
      skipSpace();
      if (text[pos] === ',') {
        pos++;
        continue;
      }
      if (text[pos] === ')') {
        pos++;
        return { kind: 'call', name: word, args };
      }
      return null;
    }
  };
  const root = node();
  skipSpace();
  return root !== null && pos === text.length ? root : null;
}
