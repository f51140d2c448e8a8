import { parseKeycode, viaKeycodeText } from '../keycodes/index.ts';
import { isTypedTextByte, MAX_QMK_DELAY, stepSize, type MacroStep } from './macroBytes.ts';
import { MacroScriptError } from './macroRefusal.ts';
import { toMacroFormat, VIAL_MAX_DELAY, type MacroFormat, type MacroFormatLike } from './macroFormat.ts';

export {
  decodeMacros,
  encodeMacros,
  isTypedTextByte,
  MAX_QMK_DELAY,
  stepSize,
  type MacroStep,
} from './macroBytes.ts';
export { MacroScriptError } from './macroRefusal.ts';

/**
 * The macro script language (via-protocol.md §3.4, core.md §5 "Macro script syntax"), VIA's grammar plus one
 * form of Keyloom's: `{\x5C}` holds bytes exactly as written (two hex digits each, 01–FF). It stands for what
 * VIA's grammar cannot say — a backslash right before a block (VIA would read `\{` as a brace), bytes that are
 * not text QMK types, an action cut short — so every macro a keyboard holds is a script that reads back to
 * the same bytes (docs/via-compatibility.md "Macros").
 */

export interface ScriptOptions {
  /**
   * Check the script as typed in the editor (core.md §5): only text QMK types (printable ASCII, tab, newline),
   * VIA firmware's 4-digit delays, no hold/release blocks on protocol ≤ 10. Blocks in `held` (their trimmed
   * text between the braces) are what the keyboard already holds: they pass as they are.
   */
  typed?: { held?: ReadonlySet<string> };
  /** The most bytes the macro may take with its NUL; a longer one is refused with the spec's size message. */
  capacity?: number;
}

/** The delay a typed `{…}` may hold on VIA firmware from Nov 2022 to Jan 2025 (4 digits, via-protocol.md §3.2). */
const TYPED_QMK_DELAY_DIGITS = 4;
const BYTES_BLOCK = /^(?:\\x[0-9a-f]{2})+$/i;

const unclosed = () => new MacroScriptError('unclosed');
const invalidKeys = (names: readonly string[]) =>
  new MacroScriptError('keycodes', { names: names.join(', ') }, names.join(', '));
const invalidDelay = (body: string, max: number) =>
  new MacroScriptError('delay', { value: body, max: String(max) }, body);

type Token = { block: false; text: string } | { block: true; body: string } | { block: null };

/**
 * The script as text runs (escapes resolved) and blocks (their trimmed text), in order; an unclosed block ends
 * it with `{ block: null }`. A `{` right after a backslash is a brace (VIA's lookbehind); nothing else is escaped.
 */
function* tokens(script: string): Generator<Token> {
  let at = 0;
  let text = '';
  while (at < script.length) {
    const open = script.indexOf('{', at);
    if (open < 0) break;
    if (open > 0 && script[open - 1] === '\\') {
      text += script.slice(at, open - 1) + '{';
      at = open + 1;
      continue;
    }
    text += script.slice(at, open);
    if (text) yield { block: false, text };
    text = '';
    const close = script.indexOf('}', open);
    if (close < 0) {
      yield { block: null };
      return;
    }
    yield { block: true, body: script.slice(open + 1, close).trim() };
    at = close + 1;
  }
  text += script.slice(at);
  if (text) yield { block: false, text };
}

/** Names in a block, split on the commas outside parentheses (`MT(MOD_LSFT,KC_A),KC_B` is two). */
function splitNames(body: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      names.push(body.slice(from, i).trim());
      from = i + 1;
    }
  }
  names.push(body.slice(from).trim());
  return names;
}

// Name lookups are the slow part of reading and writing scripts; a macro repeats few names, so keep them.
const CACHE_LIMIT = 4096;
const codeCache = new Map<string, number | null>();
const nameCache = new Map<string, string>();
const remember = <K, V>(cache: Map<K, V>, key: K, value: () => V): V => {
  if (cache.has(key)) return cache.get(key)!;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  const v = value();
  cache.set(key, v);
  return v;
};
const keycodeOf = (name: string, protocol: number) =>
  remember(codeCache, `${protocol}:${name}`, () => parseKeycode(name, protocol));
const nameOf = (keycode: number, protocol: number) =>
  remember(nameCache, `${protocol}:${keycode}`, () => viaKeycodeText(keycode, protocol));

/** Keycodes for names a macro can store (basic keys; any key from Vial protocol 5); every bad name listed. */
function macroKeys(names: readonly string[], f: MacroFormat): number[] {
  const max = f.wideKeys ? 0xffff : 0xff;
  const codes = names.map((n) => keycodeOf(n, f.protocol));
  const bad = names.filter((_, i) => codes[i] === null || codes[i] === 0 || codes[i]! > max);
  if (bad.length > 0) throw invalidKeys(bad);
  return codes as number[];
}

function blockSteps(body: string, f: MacroFormat, typed: ScriptOptions['typed']): MacroStep[] {
  const held = typed?.held?.has(body) ?? false;
  if (body.startsWith('\\')) {
    const bytes = BYTES_BLOCK.test(body)
      ? body
          .slice(2)
          .split(/\\x/i)
          .map((h) => parseInt(h, 16))
      : [];
    if (bytes.length === 0 || bytes.includes(0)) throw new MacroScriptError('bytes', { bytes: body }, body);
    return [{ kind: 'bytes', bytes }];
  }
  if (/^\d+$/.test(body)) {
    // The plain format has no delays: as in VIA's protocol ≤ 10 validator, digits are no keycode.
    if (f.encoding === 'plain') throw invalidKeys([body]);
    if (f.encoding === 'vial') {
      if (Number(body) > VIAL_MAX_DELAY) throw invalidDelay(body, VIAL_MAX_DELAY);
    } else if (typed && !held && body.length > TYPED_QMK_DELAY_DIGITS) throw invalidDelay(body, 9999);
    else if (Number(body) > MAX_QMK_DELAY) throw invalidDelay(body, MAX_QMK_DELAY);
    return [{ kind: 'delay', ms: Number(body) }];
  }
  if (body[0] === '+' || body[0] === '-') {
    // VIA's protocol ≤ 10 editor knows no hold/release, though the firmware plays it (02/03 kc).
    if (f.encoding === 'plain' && typed && !held) throw invalidKeys([body]);
    const [keycode] = macroKeys([splitNames(body.slice(1))[0]!], f);
    return [{ kind: body[0] === '+' ? 'down' : 'up', keycode: keycode! }];
  }
  const keys = macroKeys(splitNames(body), f);
  if (keys.length === 1) return [{ kind: 'tap', keycode: keys[0]! }];
  return [
    ...keys.map((keycode): MacroStep => ({ kind: 'down', keycode })),
    ...[...keys].reverse().map((keycode): MacroStep => ({ kind: 'up', keycode })),
  ];
}

const charName = (c: string) =>
  c === ' ' || /[\p{L}\p{N}\p{P}\p{S}]/u.test(c)
    ? c
    : `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Refuses text QMK cannot type (typed scripts), listing each character once. */
function checkTypedText(text: string): void {
  const bad = new Set<string>();
  for (const c of text) if (c.length > 1 || !isTypedTextByte(c.charCodeAt(0))) bad.add(c);
  if (bad.size === 0) return;
  const list = [...bad].slice(0, 10).map(charName).join(' ');
  throw new MacroScriptError('text', { chars: list }, list);
}

/**
 * Script text → steps. Throws a MacroScriptError with the validator's message on an unclosed or empty block, an
 * invalid keycode, a delay the format cannot hold, malformed `{\x…}` bytes, a NUL, or (with `capacity`) a
 * macro too big for the buffer — counted as it goes, so no steps are kept past the capacity.
 * Without `typed` it reads what the keyboard or a file holds; text outside ASCII is stored as UTF-8.
 */
export function scriptToMacro(
  script: string,
  format: MacroFormatLike,
  options: ScriptOptions = {},
): MacroStep[] {
  const f = toMacroFormat(format);
  const capacity = options.capacity ?? Infinity;
  const steps: MacroStep[] = [];
  let size = 1; // the NUL that ends it
  const emit = (step: MacroStep) => {
    size += stepSize(step, f);
    if (size <= capacity) steps.push(step);
  };
  for (const token of tokens(script)) {
    if (token.block === null) throw unclosed();
    if (token.block) {
      if (token.body === '') throw new MacroScriptError('empty');
      for (const step of blockSteps(token.body, f, options.typed)) emit(step);
      continue;
    }
    if (options.typed) checkTypedText(token.text);
    else if (token.text.includes('\0')) throw new MacroScriptError('nul', {}, 'U+0000');
    emit({ kind: 'text', text: token.text });
  }
  if (size > capacity) throw new MacroScriptError('size', { size, max: capacity });
  return steps;
}

/** The text between the braces of each block of a script, trimmed (unclosed or not). */
export function scriptBlocks(script: string): string[] {
  const bodies: string[] = [];
  for (const token of tokens(script)) if (token.block) bodies.push(token.body);
  return bodies;
}

/**
 * The keycode names inside a script's `{}` blocks (`{KC_A}`, `{+KC_LSFT}`, `{KC_LCTL,KC_C}`), delays, bytes
 * and escaped `\{` left out: what a layout check looks up before anything is written.
 */
export function macroKeycodeNames(script: string): string[] {
  return scriptBlocks(script)
    .filter((body) => !/^\d+$/.test(body) && !body.startsWith('\\'))
    .flatMap((body) => splitNames(body.replace(/^[+-]/, '')))
    .filter((n) => n !== '');
}

const hex2 = (b: number) => b.toString(16).toUpperCase().padStart(2, '0');
const bytesBody = (bytes: readonly number[]) => bytes.map((b) => `\\x${hex2(b)}`).join('');
const bytesBlock = (bytes: readonly number[]) => `{${bytesBody(bytes)}}`;
const BACKSLASH = 0x5c;

/**
 * Macro steps → script text: `{KC_X}` taps, `{+KC_X}`/`{-KC_X}` down/up, `{KC_A,KC_B}` a chord (a run of downs
 * released in reverse), `{500}` delays, `\{` for a brace, `{\x…}` bytes. Keys are written with VIA's names, so a
 * layout file's macros load in the VIA app too; `scriptToMacro` reads it back to the same bytes.
 */
export function macroToScript(steps: readonly MacroStep[], format: MacroFormatLike): string {
  const f = toMacroFormat(format);
  const name = (k: number) => nameOf(k, f.protocol);
  let out = '';
  const block = (body: string) => {
    // A backslash of text right before a block would escape its brace: such backslashes are written as bytes.
    let k = 0;
    while (out.charCodeAt(out.length - 1 - k) === BACKSLASH) k++;
    if (k > 0) out = out.slice(0, -k) + bytesBlock(new Array<number>(k).fill(BACKSLASH));
    out += `{${body}}`;
  };
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    if (s.kind === 'text') out += s.text.replaceAll('{', '\\{');
    else if (s.kind === 'bytes') block(bytesBody(s.bytes));
    else if (s.kind === 'tap') block(name(s.keycode));
    else if (s.kind === 'delay') block(String(s.ms));
    else if (s.kind === 'down') {
      let j = i;
      while (steps[j]?.kind === 'down') j++;
      const downs = steps.slice(i, j) as { keycode: number }[];
      const ups = steps.slice(j, j + downs.length);
      const chord =
        downs.length > 1 &&
        ups.length === downs.length &&
        ups.every((u, k) => u.kind === 'up' && u.keycode === downs[downs.length - 1 - k]!.keycode);
      if (chord) {
        block(downs.map((d) => name(d.keycode)).join(','));
        i = j + downs.length - 1;
      } else block(`+${name(s.keycode)}`);
    } else block(`-${name(s.keycode)}`);
  }
  return out;
}
