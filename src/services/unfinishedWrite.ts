import { keymapBytes } from '../formats/keymapDiff.ts';
import type { MacroWritePhase } from '../protocol/macroWriteError.ts';
import type { KeyboardState } from './keyboardLoader.ts';
import {
  LayoutLoadError,
  snapshotOf,
  withSteps,
  type LayoutFault,
  type LayoutSnapshot,
  type LayoutWriteKind,
  type LoadProgress,
  type LoadStep,
} from './layoutTransaction.ts';
import type { MacroWriteFault } from './macroSave.ts';

/*
 * A write that stopped because the keyboard left (unplugged mid-write) or the page went away is found again when
 * the keyboard is back: what was kept of it is checked against what the keyboard now holds, step by step, so the
 * page names what is really there and Retry / Restore / Put back write exactly what is missing
 * (docs/adr/0012-unfinished-writes.md "After an unplug or a reload").
 */

/** What is kept of a stopped layout write until it is resolved: its steps and where and why it stopped. */
export interface UnfinishedLoad {
  kind: LayoutWriteKind;
  steps: LoadStep[];
  stoppedAt: LoadProgress['stoppedAt'];
  macroPhase: MacroWritePhase | null;
  message: string;
  locked?: boolean;
}

export const unfinishedLoad = (fault: LayoutFault): UnfinishedLoad => ({
  kind: fault.kind,
  steps: fault.error.plan.steps,
  stoppedAt: fault.error.stoppedAt,
  macroPhase: fault.error.macroPhase,
  message: fault.error.message,
  ...(fault.locked && { locked: true }),
});

/** A step as the keyboard holds it: written, not written, half written (macros, flag up), or something else. */
type OnBoard = 'new' | 'old' | 'partial' | 'other';

const same = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.from(a).every((x, i) => x === b[i]);

function onBoard(step: LoadStep, now: LayoutSnapshot, bytes: number[], writing: boolean): OnBoard {
  if (step.kind === 'macros') {
    // With the flag raised the keyboard plays none of them, whatever the buffer holds.
    if (writing) return 'partial';
    if (!now.macros) return 'other';
    return same(now.macros, step.bytes) ? 'new' : same(now.macros, step.previous) ? 'old' : 'other';
  }
  if (step.kind === 'keymap') {
    const held = bytes.slice(step.offset, step.offset + step.bytes.length);
    return same(held, step.bytes) ? 'new' : same(held, step.previous) ? 'old' : 'other';
  }
  const code = now.encoders[step.layer]?.[step.index]?.[step.clockwise ? 0 : 1];
  return code === step.code ? 'new' : code === step.previous ? 'old' : 'other';
}

/** The layout write found again: the fault to show, or why there is none (it finished, or the board moved on). */
export type ResumedLoad = { fault: LayoutFault } | { outcome: 'finished' | 'changedElsewhere' };

/**
 * Checks a kept layout write against the keyboard as just read. Every step must hold either its new bytes
 * (written) or the ones it replaced (not written), else the keyboard was changed elsewhere since and the record
 * no longer says what it holds. The plan is rebuilt around what the keyboard holds now: `before` with every
 * step undone, `after` with every step done, so Retry ends at the file's layout and Restore at the one before.
 */
export function resumeLoad(record: UnfinishedLoad, keyboard: KeyboardState): ResumedLoad {
  const now = snapshotOf(keyboard);
  const bytes = keymapBytes(now.keymap);
  const { writing = false, bufferSize, supported } = keyboard.macros;
  // A macro step is written with the keyboard's own buffer size (the flag's place), and must fit it.
  const fits = (b: Uint8Array) => supported && b.length <= bufferSize - 1;
  if (record.steps.some((s) => s.kind === 'macros' && !(fits(s.bytes) && fits(s.previous))))
    return { outcome: 'changedElsewhere' };
  const steps = record.steps.map((step) => (step.kind === 'macros' ? { ...step, bufferSize } : step));
  const states = steps.map((step) => onBoard(step, now, bytes, writing));
  if (states.includes('other')) return { outcome: 'changedElsewhere' };
  if (states.every((state) => state === 'new')) return { outcome: 'finished' };
  const plan = {
    steps,
    before: withSteps(now, steps, 'previous'),
    after: withSteps(now, steps, 'bytes'),
  };
  const indexes = (keep: (state: OnBoard) => boolean) =>
    states.flatMap((state, index) => (keep(state) ? [index] : []));
  const written = new Set(indexes((state) => state === 'new'));
  const touched = new Set(indexes((state) => state !== 'old'));
  const macroStep = steps.find((step) => step.kind === 'macros');
  const macroPhase: MacroWritePhase | null =
    !macroStep || states[steps.indexOf(macroStep)] !== 'partial'
      ? null
      : same(now.macros ?? [], macroStep.bytes)
        ? 'lower'
        : 'data';
  const error = new LayoutLoadError(
    record.message,
    plan,
    written,
    touched,
    indexes((state) => state !== 'new'),
    record.stoppedAt,
    0,
    macroPhase,
  );
  return {
    fault: {
      kind: record.kind,
      error,
      vendorProductId: keyboard.definition.vendorProductId,
      resumed: true,
      ...(record.locked && { locked: true }),
    },
  };
}

/**
 * The Macros pane's side of a write found again. A raised flag means the keyboard plays no macro: the kept save
 * (Retry / Put back), else a half-written set from a stopped layout load, else a flag nobody here raised (another
 * app, another browser), whose one way out is writing what the keyboard holds. With the flag down the keyboard
 * plays what it holds and nothing is unfinished.
 */
export function resumeMacros(
  kept: MacroWriteFault | null,
  load: LayoutFault | null,
  keyboard: KeyboardState,
): MacroWriteFault | null {
  const { supported, writing, bytes, bufferSize } = keyboard.macros;
  if (!supported || !writing) return null;
  const fits = (b: Uint8Array) => b.length <= bufferSize - 1;
  if (kept && fits(kept.attempted) && fits(kept.previous))
    return {
      ...kept,
      dirtyTo: Math.min(kept.dirtyTo, bufferSize - 1),
      phase: kept.phase === 'lower' ? 'lower' : 'data',
      resumed: true,
    };
  const step = load?.error.plan.steps.find((s) => s.kind === 'macros');
  if (load && step)
    return {
      attempted: step.bytes,
      previous: step.previous,
      dirtyTo: Math.max(step.bytes.length, step.previous.length),
      phase: load.error.macroPhase ?? 'data',
      message: load.error.message,
      resumed: true,
    };
  // Whatever stopped may have reached anywhere in the buffer: a write clears all of it.
  return {
    attempted: bytes,
    previous: bytes,
    dirtyTo: bufferSize - 1,
    phase: 'data',
    message: '',
    found: true,
  };
}
