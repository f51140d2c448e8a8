import type { MacroStep } from './macroCodec.ts';

/** A key event captured while recording: the keycode it maps to, and when (ms). */
export interface RecordedEvent {
  keycode: number;
  type: 'down' | 'up';
  time: number;
}

/** Delays typed in the record view: digits only, more than 0 and less than 100000 ms (core.md §5). */
export const MAX_DELAY_EXCLUSIVE = 100_000;
export function parseDelay(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const ms = Number(text);
  return ms > 0 && ms < MAX_DELAY_EXCLUSIVE ? ms : null;
}

const KC_ENTER = 0x28;
const KC_LSHIFT = 0xe1;
const KC_RSHIFT = 0xe5;

/**
 * Recorded events as steps: each event a down or up, with the time between events as a delay when delays are
 * recorded (and the firmware supports them). Repeats (a down for a key already down) are dropped.
 */
export function eventsToSteps(events: readonly RecordedEvent[], recordDelays: boolean): MacroStep[] {
  const steps: MacroStep[] = [];
  const held = new Set<number>();
  let last: number | null = null;
  for (const e of events) {
    if (e.type === 'down' ? held.has(e.keycode) : !held.has(e.keycode)) continue;
    if (e.type === 'down') held.add(e.keycode);
    else held.delete(e.keycode);
    const gap = last === null ? 0 : Math.round(e.time - last);
    if (recordDelays && gap > 0) steps.push({ kind: 'delay', ms: Math.min(gap, MAX_DELAY_EXCLUSIVE - 1) });
    steps.push({ kind: e.type, keycode: e.keycode });
    last = e.time;
  }
  return steps;
}

/** The characters a basic keycode types on a US layout, unshifted and shifted. */
function character(keycode: number, shifted: boolean): string | null {
  if (keycode >= 0x04 && keycode <= 0x1d) {
    const c = String.fromCharCode(97 + keycode - 0x04);
    return shifted ? c.toUpperCase() : c;
  }
  const pairs: Record<number, [string, string]> = {
    0x1e: ['1', '!'],
    0x1f: ['2', '@'],
    0x20: ['3', '#'],
    0x21: ['4', '$'],
    0x22: ['5', '%'],
    0x23: ['6', '^'],
    0x24: ['7', '&'],
    0x25: ['8', '*'],
    0x26: ['9', '('],
    0x27: ['0', ')'],
    0x2c: [' ', ' '],
    0x2d: ['-', '_'],
    0x2e: ['=', '+'],
    0x2f: ['[', '{'],
    0x30: [']', '}'],
    0x31: ['\\', '|'],
    0x33: [';', ':'],
    0x34: ["'", '"'],
    0x35: ['`', '~'],
    0x36: [',', '<'],
    0x37: ['.', '>'],
    0x38: ['/', '?'],
  };
  const pair = pairs[keycode];
  return pair ? pair[shifted ? 1 : 0] : null;
}

/**
 * Smart optimisation after recording: a down straight followed by its up becomes a tap, and runs of typed
 * characters (with Shift held or not) become text, so a recording reads like what the user typed.
 */
export function smartOptimize(steps: readonly MacroStep[]): MacroStep[] {
  // Pass 1: down X, up X → tap X.
  const taps: MacroStep[] = [];
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    const next = steps[i + 1];
    if (s.kind === 'down' && next?.kind === 'up' && next.keycode === s.keycode) {
      taps.push({ kind: 'tap', keycode: s.keycode });
      i++;
    } else taps.push(s);
  }
  // Pass 2: characters typed (Shift held around some) → text.
  const out: MacroStep[] = [];
  let shift = false;
  let pendingShift: MacroStep[] = [];
  // While Ctrl, Alt or GUI is held, a tap is a shortcut, not typing: it stays a tap.
  const modifiers = new Set<number>();
  const pushText = (text: string) => {
    const last = out.at(-1);
    if (last?.kind === 'text') out[out.length - 1] = { kind: 'text', text: last.text + text };
    else out.push({ kind: 'text', text });
  };
  for (const s of taps) {
    const isShift =
      (s.kind === 'down' || s.kind === 'up') && (s.keycode === KC_LSHIFT || s.keycode === KC_RSHIFT);
    if (isShift && s.kind === 'down') {
      shift = true;
      pendingShift = [s];
      continue;
    }
    if (isShift && s.kind === 'up') {
      // A Shift that shifted only characters disappears into the text; otherwise it stays.
      if (pendingShift.length > 0) out.push(...pendingShift, s);
      shift = false;
      pendingShift = [];
      continue;
    }
    if ((s.kind === 'down' || s.kind === 'up') && s.keycode >= 0xe0 && s.keycode <= 0xe7) {
      if (s.kind === 'down') modifiers.add(s.keycode);
      else modifiers.delete(s.keycode);
    }
    const char = s.kind === 'tap' && modifiers.size === 0 ? character(s.keycode, shift) : null;
    if (char !== null) {
      pendingShift = [];
      pushText(char);
    } else {
      out.push(...pendingShift, s);
      pendingShift = [];
    }
  }
  out.push(...pendingShift);
  return out;
}

/** 'Tap Enter at end of macro' (a macro editor setting). */
export function withEnterAtEnd(steps: readonly MacroStep[]): MacroStep[] {
  return [...steps, { kind: 'tap', keycode: KC_ENTER }];
}
