import { toMacroFormat, VIAL_MAX_DELAY, type MacroFormat, type MacroFormatLike } from './macroFormat.ts';
import { MacroScriptError } from './macroRefusal.ts';

/** One step of a macro (core.md §3 Macros). */
export type MacroStep =
  | { kind: 'text'; text: string }
  | { kind: 'tap'; keycode: number }
  | { kind: 'down'; keycode: number }
  | { kind: 'up'; keycode: number }
  | { kind: 'delay'; ms: number }
  /**
   * Bytes kept exactly as the keyboard holds them: whatever is neither text QMK types nor a well-formed action
   * (a byte above 0x7F, a control byte, a prefix with an unknown action or cut short …), so every buffer
   * reads back byte for byte.
   */
  | { kind: 'bytes'; bytes: readonly number[] };

// via-protocol.md §3.2; docs/vial-protocol.md "Macros".
const PREFIX = 0x01;
const TAP = 0x01;
const DOWN = 0x02;
const UP = 0x03;
const DELAY = 0x04;
/** Vial ≥ 5 stores keys above 0xFF as `01 05|06|07 lo hi`: the one-byte action plus 4. */
const WIDE = 4;
const DELAY_END = 0x7c;
/** Vial's 16-bit key whose low byte would be 0 (a NUL) is stored as 0xFF00 | high byte. */
const WIDE_ZERO_LOW = 0xff00;

/**
 * The longest delay read from (and written as) one `01 04 digits |` action, in ms. Longer digit runs, and runs
 * with leading zeros, stay bytes so they are written back unchanged.
 */
export const MAX_QMK_DELAY = 999_999_999;
const CANONICAL_DELAY = /^(0|[1-9]\d{0,8})$/;

/** The bytes QMK's send_string types as text (its US-layout table): tab, newline and printable ASCII. */
export function isTypedTextByte(byte: number): boolean {
  return byte === 0x09 || byte === 0x0a || (byte >= 0x20 && byte <= 0x7e);
}

const ACTIONS = { tap: TAP, down: DOWN, up: UP } as const;
/** Text runs are ASCII (isTypedTextByte), so UTF-8 decodes them byte for byte. */
const TEXT = new TextDecoder();
const KINDS = ['tap', 'down', 'up'] as const;

/** An action at `at` and its length, or null when the bytes there are no well-formed action. */
function readAction(m: Uint8Array, at: number, f: MacroFormat): { step: MacroStep; length: number } | null {
  const key = (action: number, keycode: number): MacroStep => ({ kind: KINDS[action - TAP]!, keycode });
  const b = m[at]!;
  if (f.encoding === 'plain')
    return b >= TAP && b <= UP && at + 1 < m.length ? { step: key(b, m[at + 1]!), length: 2 } : null;
  if (b !== PREFIX || at + 1 >= m.length) return null;
  const action = m[at + 1]!;
  if (action >= TAP && action <= UP)
    return at + 2 < m.length ? { step: key(action, m[at + 2]!), length: 3 } : null;
  if (action === DELAY && f.encoding === 'vial')
    return at + 3 < m.length
      ? { step: { kind: 'delay', ms: m[at + 2]! - 1 + (m[at + 3]! - 1) * 255 }, length: 4 }
      : null;
  if (action === DELAY) {
    let end = at + 2;
    while (end < m.length && m[end]! >= 0x30 && m[end]! <= 0x39) end++;
    if (m[end] !== DELAY_END) return null;
    const digits = TEXT.decode(m.subarray(at + 2, end));
    return CANONICAL_DELAY.test(digits)
      ? { step: { kind: 'delay', ms: Number(digits) }, length: end + 1 - at }
      : null;
  }
  if (f.wideKeys && action >= TAP + WIDE && action <= UP + WIDE && at + 3 < m.length) {
    const stored = m[at + 2]! | (m[at + 3]! << 8);
    const keycode = stored > WIDE_ZERO_LOW ? (stored & 0xff) << 8 : stored;
    return { step: key(action - WIDE, keycode), length: 4 };
  }
  return null;
}

/** One macro's bytes (no NUL) → steps that encode back to exactly these bytes. */
function decodeMacro(m: Uint8Array, f: MacroFormat): MacroStep[] {
  const steps: MacroStep[] = [];
  let textFrom = -1;
  let raw: number[] = [];
  const flush = (at: number) => {
    if (textFrom >= 0) steps.push({ kind: 'text', text: TEXT.decode(m.subarray(textFrom, at)) });
    if (raw.length > 0) steps.push({ kind: 'bytes', bytes: raw });
    textFrom = -1;
    raw = [];
  };
  for (let i = 0; i < m.length;) {
    const b = m[i]!;
    if (isTypedTextByte(b)) {
      if (raw.length > 0) flush(i);
      if (textFrom < 0) textFrom = i;
      i++;
      continue;
    }
    const action = readAction(m, i, f);
    if (action) {
      flush(i);
      steps.push(action.step);
      i += action.length;
    } else {
      if (textFrom >= 0) flush(i);
      raw.push(b);
      i++;
    }
  }
  flush(m.length);
  return steps;
}

/**
 * Splits the device's macro buffer into `count` macros as the firmware does (every 0x00 ends one; missing
 * ones are empty) and reads each in the keyboard's format. Text is what QMK types (printable ASCII, tab,
 * newline); anything else that is no well-formed action stays a `bytes` step, so `encodeMacros` gives back
 * the same bytes for every buffer.
 */
export function decodeMacros(bytes: Uint8Array, count: number, format: MacroFormatLike): MacroStep[][] {
  const f = toMacroFormat(format);
  const macros: MacroStep[][] = [];
  let start = 0;
  while (macros.length < count) {
    if (start >= bytes.length) {
      macros.push([]);
      continue;
    }
    const nul = bytes.indexOf(0, start);
    const end = nul < 0 ? bytes.length : nul;
    macros.push(decodeMacro(bytes.subarray(start, end), f));
    start = end + 1;
  }
  return macros;
}

/** UTF-8 length of a text step, without encoding it. */
function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** The bytes one step takes in the format (0 for a delay the format cannot hold: it is left out). */
export function stepSize(step: MacroStep, format: MacroFormatLike): number {
  const f = toMacroFormat(format);
  switch (step.kind) {
    case 'text':
      return utf8Length(step.text);
    case 'bytes':
      return step.bytes.length;
    case 'delay':
      return f.encoding === 'plain' ? 0 : f.encoding === 'vial' ? 4 : 3 + String(step.ms).length;
    default:
      return f.encoding === 'plain' ? 2 : step.keycode > 0xff ? 4 : 3;
  }
}

/** Grows as bytes are added; no spread into `push`, so any size is written in a loop. */
class ByteWriter {
  private buffer = new Uint8Array(256);
  length = 0;
  add(...bytes: number[]): void {
    for (const b of bytes) this.addOne(b);
  }
  addAll(bytes: ArrayLike<number>): void {
    for (let i = 0; i < bytes.length; i++) this.addOne(bytes[i]!);
  }
  private addOne(byte: number): void {
    if (this.length === this.buffer.length) {
      const next = new Uint8Array(this.buffer.length * 2);
      next.set(this.buffer);
      this.buffer = next;
    }
    this.buffer[this.length++] = byte;
  }
  bytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

function writeStep(out: ByteWriter, step: MacroStep, f: MacroFormat, encoder: TextEncoder): void {
  switch (step.kind) {
    case 'text':
      out.addAll(encoder.encode(step.text));
      return;
    case 'bytes':
      out.addAll(step.bytes);
      return;
    case 'delay':
      if (f.encoding === 'vial') {
        if (!Number.isInteger(step.ms) || step.ms < 0 || step.ms > VIAL_MAX_DELAY)
          throw new MacroScriptError('delay', { value: step.ms, max: VIAL_MAX_DELAY }, String(step.ms));
        out.add(PREFIX, DELAY, (step.ms % 255) + 1, Math.floor(step.ms / 255) + 1);
      } else if (f.encoding === 'qmk') {
        if (!Number.isInteger(step.ms) || step.ms < 0 || step.ms > MAX_QMK_DELAY)
          throw new MacroScriptError('delay', { value: step.ms, max: MAX_QMK_DELAY }, String(step.ms));
        out.add(PREFIX, DELAY);
        out.addAll(encoder.encode(String(step.ms)));
        out.add(DELAY_END);
      }
      // The plain format has no delays: the firmware could not wait (via-protocol.md §3.2).
      return;
    default: {
      const { keycode } = step;
      const action = ACTIONS[step.kind];
      if (!Number.isInteger(keycode) || keycode <= 0 || keycode > (f.wideKeys ? 0xffff : 0xff))
        throw new MacroScriptError('keycodes', { names: `0x${keycode.toString(16)}` });
      if (f.encoding === 'plain') out.add(action, keycode);
      else if (keycode <= 0xff) out.add(PREFIX, action, keycode);
      else {
        const stored = (keycode & 0xff) === 0 ? WIDE_ZERO_LOW | (keycode >> 8) : keycode;
        out.add(PREFIX, action + WIDE, stored & 0xff, stored >> 8);
      }
    }
  }
}

export { macroSizeMessage } from './macroRefusal.ts';

/**
 * The bytes a macro set takes in a buffer: `full` with every macro NUL-terminated, `least` without the NULs at
 * its end (those of empty macros after the last one with steps, and that one's own). A keyboard holds the set
 * when `least` fits its capacity (the buffer less its last byte): that last byte, the "write in progress" flag,
 * is 0 after every write and ends the last macro, and the buffer's end ends every macro after it, as the
 * firmware reads them (`decodeMacros`). VIA writes full buffers this way; a set read from one comes back whole.
 */
export function macroSetSize(
  macros: readonly (readonly MacroStep[])[],
  format: MacroFormatLike,
): { full: number; least: number } {
  const f = toMacroFormat(format);
  let full = 0;
  let least = 0;
  for (const steps of macros) {
    let size = 0;
    for (const step of steps) size += stepSize(step, f);
    full += size + 1;
    // Only a macro with bytes of its own moves the end: the NULs of trailing empty macros can be left out.
    if (size > 0) least = full - 1;
  }
  return { full, least };
}

/**
 * Encodes macros into buffer bytes, each NUL-terminated, in the keyboard's format. With `capacity` (the buffer
 * less its flag byte), a set that would not fit even without its final NULs (`macroSetSize`) is refused before
 * anything is built: "Macro size (N) exceeds buffer size (M)"; NULs beyond the capacity are left out (the flag
 * byte and the buffer's end stand for them). Throws on a key or delay the format cannot store (delays are left
 * out in the plain format, which has none).
 */
export function encodeMacros(
  macros: readonly (readonly MacroStep[])[],
  format: MacroFormatLike,
  capacity?: number,
): Uint8Array {
  const f = toMacroFormat(format);
  if (capacity !== undefined) {
    const { full, least } = macroSetSize(macros, f);
    if (least > capacity) throw new MacroScriptError('size', { size: full, max: capacity });
  }
  const out = new ByteWriter();
  const encoder = new TextEncoder();
  for (const steps of macros) {
    for (const step of steps) writeStep(out, step, f, encoder);
    out.add(0);
  }
  const bytes = out.bytes();
  return capacity !== undefined && bytes.length > capacity ? bytes.slice(0, capacity) : bytes;
}
