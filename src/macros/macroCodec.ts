import { parseKeycode, viaKeycodeText } from '../keycodes/index.ts';

/** One step of a macro (core.md §3 Macros). */
export type MacroStep =
  | { kind: 'text'; text: string }
  | { kind: 'tap'; keycode: number }
  | { kind: 'down'; keycode: number }
  | { kind: 'up'; keycode: number }
  | { kind: 'delay'; ms: number };

const PREFIX = 0x01;
const TAP = 0x01;
const DOWN = 0x02;
const UP = 0x03;
const DELAY = 0x04;
const DELAY_END = 0x7c;
const V11 = 11;

/**
 * Splits the device's macro buffer into `count` macros (§3.3): NUL ends a macro; protocol ≥ 11 uses the
 * `01 action` prefix (with `01 04 digits |` delays), older firmware plain `01|02|03 keycode`. Bytes of
 * text are UTF-8, so text typed in any script survives a round trip through the device.
 */
export function decodeMacros(bytes: Uint8Array, count: number, protocol: number): MacroStep[][] {
  const macros: MacroStep[][] = [];
  let i = 0;
  const decoder = new TextDecoder();
  while (macros.length < count) {
    const steps: MacroStep[] = [];
    let text: number[] = [];
    const flush = () => {
      if (text.length) steps.push({ kind: 'text', text: decoder.decode(Uint8Array.from(text)) });
      text = [];
    };
    while (i < bytes.length && bytes[i] !== 0) {
      const b = bytes[i]!;
      if (protocol >= V11 && b === PREFIX) {
        flush();
        const action = bytes[i + 1];
        if (action === DELAY) {
          let j = i + 2;
          let digits = '';
          while (j < bytes.length && bytes[j] !== DELAY_END && bytes[j] !== 0)
            digits += String.fromCharCode(bytes[j++]!);
          steps.push({ kind: 'delay', ms: Number(digits) || 0 });
          i = bytes[j] === DELAY_END ? j + 1 : j;
          continue;
        }
        const keycode = bytes[i + 2] ?? 0;
        if (action === TAP) steps.push({ kind: 'tap', keycode });
        else if (action === DOWN) steps.push({ kind: 'down', keycode });
        else if (action === UP) steps.push({ kind: 'up', keycode });
        i += 3;
      } else if (protocol < V11 && (b === TAP || b === DOWN || b === UP)) {
        flush();
        const keycode = bytes[i + 1] ?? 0;
        steps.push({ kind: b === TAP ? 'tap' : b === DOWN ? 'down' : 'up', keycode });
        i += 2;
      } else {
        text.push(b);
        i++;
      }
    }
    flush();
    macros.push(steps);
    i++; // the terminator
  }
  return macros;
}

/** Encodes macros into buffer bytes, each NUL-terminated. Delays are dropped below protocol 11 (unsupported). */
export function encodeMacros(macros: readonly (readonly MacroStep[])[], protocol: number): Uint8Array {
  const out: number[] = [];
  const encoder = new TextEncoder();
  for (const steps of macros) {
    for (const step of steps) {
      if (step.kind === 'text') out.push(...encoder.encode(step.text));
      else if (step.kind === 'delay') {
        if (protocol >= V11)
          out.push(
            PREFIX,
            DELAY,
            ...[...String(Math.min(step.ms, 9999))].map((c) => c.charCodeAt(0)),
            DELAY_END,
          );
      } else {
        const action = step.kind === 'tap' ? TAP : step.kind === 'down' ? DOWN : UP;
        out.push(...(protocol >= V11 ? [PREFIX, action] : [action]), step.keycode & 0xff);
      }
    }
    out.push(0);
  }
  return Uint8Array.from(out);
}

/**
 * Macro steps → script text: `{KC_X}` taps, `{+KC_X}`/`{-KC_X}` down/up, `{500}` delays, `\{` for a brace.
 * Keys are written with VIA's names, so a layout file's macros load in the VIA app too.
 */
export function macroToScript(steps: readonly MacroStep[], protocol: number): string {
  const name = (k: number) => viaKeycodeText(k, protocol);
  let out = '';
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    if (s.kind === 'text') out += s.text.replace(/\{/g, '\\{');
    else if (s.kind === 'tap') out += `{${name(s.keycode)}}`;
    else if (s.kind === 'delay') out += `{${s.ms}}`;
    else if (s.kind === 'down') {
      // A run of downs released in reverse order is a chord.
      let j = i;
      while (steps[j]?.kind === 'down') j++;
      const downs = steps.slice(i, j) as { keycode: number }[];
      const ups = steps.slice(j, j + downs.length);
      const chord =
        downs.length > 1 &&
        ups.length === downs.length &&
        ups.every((u, k) => u.kind === 'up' && u.keycode === downs[downs.length - 1 - k]!.keycode);
      if (chord) {
        out += `{${downs.map((d) => name(d.keycode)).join(',')}}`;
        i = j + downs.length - 1;
      } else out += `{+${name(s.keycode)}}`;
    } else out += `{-${name(s.keycode)}}`;
  }
  return out;
}

/** Script text → steps; throws a clear message on an unclosed or empty block, or an unknown keycode. */
export function scriptToMacro(script: string, protocol: number): MacroStep[] {
  const steps: MacroStep[] = [];
  let text = '';
  const flush = () => {
    if (text) steps.push({ kind: 'text', text });
    text = '';
  };
  const basic = (name: string) => {
    const code = parseKeycode(name.trim(), protocol);
    if (code === null || code > 0xff || code === 0)
      throw new Error(`Whoops! Invalid keycodes detected inside {}: ${name.trim()}`);
    return code;
  };
  for (let i = 0; i < script.length; i++) {
    const c = script[i]!;
    if (c === '\\' && script[i + 1] === '{') {
      text += '{';
      i++;
    } else if (c === '{') {
      const end = script.indexOf('}', i);
      if (end < 0) throw new Error("Looks like a keycode block - {} - is unclosed! Are you missing an '}'?");
      const body = script.slice(i + 1, end).trim();
      if (body === '')
        throw new Error(
          "Sorry, I can't handle empty {}. Fill them up with keycodes or use \\{} to tell the macro to literally type {}",
        );
      flush();
      if (/^\d+$/.test(body) && protocol >= V11) {
        if (body.length >= 5)
          throw new Error(`Invalid delay: ${body}. Please use a delay value of 9999 or less.`);
        steps.push({ kind: 'delay', ms: Number(body) });
      } else if (body.startsWith('+') || body.startsWith('-')) {
        steps.push({ kind: body[0] === '+' ? 'down' : 'up', keycode: basic(body.slice(1).split(',')[0]!) });
      } else {
        const keys = body.split(',').map(basic);
        if (keys.length === 1) steps.push({ kind: 'tap', keycode: keys[0]! });
        else {
          keys.forEach((keycode) => steps.push({ kind: 'down', keycode }));
          [...keys].reverse().forEach((keycode) => steps.push({ kind: 'up', keycode }));
        }
      }
      i = end;
    } else text += c;
  }
  flush();
  return steps;
}

/**
 * The keycode names inside a script's `{}` blocks (`{KC_A}`, `{+KC_LSFT}`, `{KC_LCTL,KC_C}`), delays and
 * escaped `\{` left out: what a layout check looks up before anything is written.
 */
export function macroKeycodeNames(script: string): string[] {
  const names: string[] = [];
  for (let i = 0; i < script.length; i++) {
    if (script[i] === '\\' && script[i + 1] === '{') {
      i++;
      continue;
    }
    if (script[i] !== '{') continue;
    const end = script.indexOf('}', i);
    if (end < 0) break;
    const body = script
      .slice(i + 1, end)
      .trim()
      .replace(/^[+-]/, '');
    if (!/^\d+$/.test(body))
      names.push(
        ...body
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n !== ''),
      );
    i = end;
  }
  return names;
}
