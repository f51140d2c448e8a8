import { hasEncoderMap } from '../protocol/encoderMap.ts';
import { fewestChunks, keymapBytes } from '../formats/keymapDiff.ts';
import { MacroWriteError, type MacroWritePhase } from '../protocol/macroWriteError.ts';
import { writeMacroBytes } from '../protocol/macroWrite.ts';
import type { ViaCommands } from '../protocol/viaCommands.ts';
import type { KeyboardState } from './keyboardLoader.ts';
import { MACRO_READ_BACK_MISMATCH, verifyMacroBytes } from './macroSave.ts';

/** What a layout load changes: the three parts of a keyboard a layout file carries. */
export interface LayoutSnapshot {
  keymap: number[][];
  encoders: [number, number][][];
  /** The macro buffer's bytes, or null when the keyboard has no macros. */
  macros: Uint8Array | null;
}

/** One write of a load, with what it replaces (so it can be undone) and how to read it back. */
export type LoadStep =
  | { kind: 'macros'; bytes: Uint8Array; previous: Uint8Array; bufferSize: number }
  | { kind: 'keymap'; offset: number; bytes: number[]; previous: number[] }
  | { kind: 'encoder'; layer: number; index: number; clockwise: boolean; code: number; previous: number };

/** A load worked out before anything is written: the steps and the keyboard before and after them. */
export interface LayoutPlan {
  steps: LoadStep[];
  before: LayoutSnapshot;
  after: LayoutSnapshot;
}

/** How far a load got: what was written (confirmed), and which part it stopped in. */
export interface LoadProgress {
  macros: 'unchanged' | 'written' | 'partial';
  keymapWritten: number;
  keymapTotal: number;
  encodersWritten: number;
  encodersTotal: number;
  /** Where it stopped: a write (of the step's kind) or the read-back. */
  stoppedAt: LoadStep['kind'] | 'readBack';
  /** Keys that differ after writing (read-back mismatch), else 0. */
  differingKeys: number;
  /** Whether the keyboard holds exactly what it held before the load (nothing was written). */
  unchanged: boolean;
}

export const snapshotOf = (keyboard: KeyboardState): LayoutSnapshot => ({
  keymap: keyboard.keymap,
  encoders: keyboard.encoders,
  macros: keyboard.macros.supported ? keyboard.macros.bytes : null,
});

const sameBytes = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.from(a).every((x, i) => x === b[i]);

/**
 * Works out the writes that take the keyboard from `before` to `after`: the macro buffer when it changed,
 * the fewest 28-byte keymap writes that cover what differs, the encoder directions that differ (protocol ≥ 10). Pure: nothing
 * is written, so a load that fails its checks never touches the keyboard or the backup.
 */
export function planLayout(
  keyboard: Pick<KeyboardState, 'protocol' | 'macros'>,
  before: LayoutSnapshot,
  after: LayoutSnapshot,
): LayoutPlan {
  const steps: LoadStep[] = [];
  if (after.macros && before.macros && keyboard.macros.supported && !sameBytes(after.macros, before.macros))
    steps.push({
      kind: 'macros',
      bytes: after.macros,
      previous: before.macros,
      bufferSize: keyboard.macros.bufferSize,
    });
  const old = keymapBytes(before.keymap);
  for (const { offset, bytes } of fewestChunks(before.keymap, after.keymap))
    steps.push({ kind: 'keymap', offset, bytes, previous: old.slice(offset, offset + bytes.length) });
  if (hasEncoderMap(keyboard)) {
    for (const [layer, row] of after.encoders.entries()) {
      for (const [index, pair] of row.entries()) {
        const was = before.encoders[layer]?.[index];
        if (!was) continue;
        for (const clockwise of [true, false]) {
          const code = pair[clockwise ? 0 : 1];
          const previous = was[clockwise ? 0 : 1];
          if (code !== previous) steps.push({ kind: 'encoder', layer, index, clockwise, code, previous });
        }
      }
    }
  }
  return { steps, before, after };
}

/** The plan that undoes `steps` of `plan` (all of them by default): each write puts back what it replaced. */
export function inversePlan(plan: LayoutPlan, only?: ReadonlySet<number>): LayoutPlan {
  const steps = plan.steps
    .filter((_, i) => !only || only.has(i))
    .map((step): LoadStep => {
      if (step.kind === 'macros') return { ...step, bytes: step.previous, previous: step.bytes };
      if (step.kind === 'keymap') return { ...step, bytes: step.previous, previous: step.bytes };
      return { ...step, code: step.previous, previous: step.code };
    });
  return { steps, before: plan.after, after: plan.before };
}

/** The keyboard's parts after a plan, as a patch for the device store. */
export function patchFor(snapshot: LayoutSnapshot, keyboard: KeyboardState): Partial<KeyboardState> {
  return {
    keymap: snapshot.keymap,
    encoders: snapshot.encoders,
    ...(snapshot.macros && keyboard.macros.supported
      ? { macros: { ...keyboard.macros, bytes: snapshot.macros } }
      : {}),
  };
}

/**
 * A load that stopped: which steps were confirmed written, which the keyboard may or may not have taken
 * (`touched`: they were sent), which still need writing (`pending`), and the transport's message.
 */
export class LayoutLoadError extends Error {
  constructor(
    message: string,
    readonly plan: LayoutPlan,
    readonly written: ReadonlySet<number>,
    readonly touched: ReadonlySet<number>,
    readonly pending: readonly number[],
    readonly stoppedAt: LoadStep['kind'] | 'readBack',
    readonly differingKeys = 0,
    readonly macroPhase: MacroWritePhase | null = null,
  ) {
    super(message);
    this.name = 'LayoutLoadError';
  }

  /** What the keyboard holds now, counted for the message the page shows. */
  progress(): LoadProgress {
    const { steps } = this.plan;
    const count = (kind: LoadStep['kind'], set?: ReadonlySet<number>) =>
      steps.filter((s, i) => s.kind === kind && (!set || set.has(i))).length;
    const macroIndex = steps.findIndex((s) => s.kind === 'macros');
    return {
      macros:
        macroIndex < 0 || !this.touched.has(macroIndex)
          ? 'unchanged'
          : this.written.has(macroIndex)
            ? 'written'
            : 'partial',
      keymapWritten: count('keymap', this.written),
      keymapTotal: count('keymap'),
      encodersWritten: count('encoder', this.written),
      encodersTotal: count('encoder'),
      stoppedAt: this.stoppedAt,
      differingKeys: this.differingKeys,
      unchanged: this.touched.size === 0 || (this.written.size === 0 && this.macroPhase === 'flag'),
    };
  }
}

/** What a stopped layout write was doing: a load, putting the previous layout back, or undo/redo of a load. */
export type LayoutWriteKind = 'load' | 'restore' | 'undo' | 'redo';

/** A layout write that stopped part-way: the pane names the keyboard's state and offers Retry and Restore. */
export interface LayoutFault {
  kind: LayoutWriteKind;
  error: LayoutLoadError;
  vendorProductId: number;
  /** The read-back found the keyboard locked (Vial): the lock is why, and the message says so. */
  locked?: boolean;
  /** Kept when the write stopped and found again once the keyboard was back (services/unfinishedWrite.ts). */
  resumed?: boolean;
}

export const READ_BACK_MISMATCH = (count: number) =>
  `The keyboard did not keep the loaded layout: ${count} key${count === 1 ? '' : 's'} differ after writing.`;

async function writeStep(commands: ViaCommands, step: LoadStep, dirtyTo: number): Promise<void> {
  if (step.kind === 'macros') {
    await writeMacroBytes(commands, step.bytes, step.bufferSize, Math.max(dirtyTo, step.previous.length));
  } else if (step.kind === 'keymap') {
    await commands.writeKeymapBuffer(step.offset, step.bytes);
  } else {
    await commands.setEncoder(step.layer, step.index, step.clockwise, step.code);
  }
}

/** Reads back one step; returns how many keys differ (macros or an encoder direction count as one). */
async function readBackStep(commands: ViaCommands, step: LoadStep, dirtyTo: number): Promise<number> {
  if (step.kind === 'macros') {
    try {
      await verifyMacroBytes(commands, step.bytes, step.bufferSize, Math.max(dirtyTo, step.previous.length));
      return 0;
    } catch (error) {
      if (error instanceof Error && error.message === MACRO_READ_BACK_MISMATCH) return 1;
      throw error;
    }
  }
  if (step.kind === 'keymap') {
    const read = await commands.readKeymapBuffer(step.offset, step.bytes.length);
    let differing = 0;
    for (let i = 0; i < step.bytes.length; i += 2)
      if (read[i] !== step.bytes[i] || read[i + 1] !== step.bytes[i + 1]) differing++;
    return differing;
  }
  return (await commands.encoder(step.layer, step.index, step.clockwise)) === step.code ? 0 : 1;
}

export interface RunOptions {
  /** Steps still to write (all by default); a Retry passes the ones a failed run left. */
  pending?: readonly number[];
  /** Steps written before (a Retry's earlier run): read back with the others. */
  written?: ReadonlySet<number>;
  /** Steps sent earlier whose outcome is unknown (kept for Restore). */
  touched?: ReadonlySet<number>;
  /** Called once, just before the first write (the moment to take a backup). */
  onWriteStart?(): void;
  /** How far macro writes may already have reached in the buffer (a Retry after a half-written set). */
  macroDirtyTo?: number;
  /** Called before the first write and after each step written, then likewise for each step read back. */
  onProgress?(phase: 'writing' | 'readBack', done: number, total: number): void;
}

/**
 * Runs a plan as one transaction: writes the pending steps in order, then reads back every step of the plan
 * (only the chunks and entries written, never the whole keymap). Any failure stops at once and throws a
 * LayoutLoadError saying exactly what was written; a half-written macro set keeps its "write in progress"
 * flag raised, so the keyboard plays no macro until a Retry or a Restore completes.
 */
export async function runPlan(
  commands: ViaCommands,
  plan: LayoutPlan,
  options: RunOptions = {},
): Promise<void> {
  const pending = options.pending ?? plan.steps.map((_, i) => i);
  const written = new Set(options.written ?? []);
  const touched = new Set([...(options.touched ?? []), ...written]);
  const dirtyTo = options.macroDirtyTo ?? 0;
  if (pending.length > 0) options.onWriteStart?.();
  const report = options.onProgress ?? (() => undefined);
  if (pending.length > 0) report('writing', 0, pending.length);
  for (const [position, index] of pending.entries()) {
    const step = plan.steps[index]!;
    touched.add(index);
    try {
      await writeStep(commands, step, dirtyTo);
    } catch (error) {
      throw new LayoutLoadError(
        error instanceof Error ? error.message : String(error),
        plan,
        written,
        touched,
        pending.slice(position),
        step.kind,
        0,
        error instanceof MacroWriteError ? error.phase : null,
      );
    }
    written.add(index);
    report('writing', position + 1, pending.length);
  }
  let differingKeys = 0;
  const mismatched: number[] = [];
  report('readBack', 0, plan.steps.length);
  for (const [index, step] of plan.steps.entries()) {
    let differing: number;
    try {
      differing = await readBackStep(commands, step, dirtyTo);
    } catch (error) {
      throw new LayoutLoadError(
        error instanceof Error ? error.message : String(error),
        plan,
        written,
        touched,
        [],
        'readBack',
      );
    }
    if (differing > 0) {
      mismatched.push(index);
      differingKeys += differing;
    }
    report('readBack', index + 1, plan.steps.length);
  }
  if (mismatched.length > 0) {
    const kept = new Set([...written].filter((i) => !mismatched.includes(i)));
    throw new LayoutLoadError(
      READ_BACK_MISMATCH(differingKeys),
      plan,
      kept,
      touched,
      mismatched,
      'readBack',
      differingKeys,
    );
  }
}

/** Whether a snapshot's keymap equals another's (used to skip a load that changes nothing). */
export const sameKeymap = (a: LayoutSnapshot, b: LayoutSnapshot) =>
  sameBytes(keymapBytes(a.keymap), keymapBytes(b.keymap));

/**
 * The keyboard as far as a stopped plan got: `before` with the steps in `applied` done. Used to keep the
 * app's copy close to the keyboard (a step that was sent but not confirmed counts as done: firmware
 * applies a write even when its reply is lost), so a later Restore or load writes what it must.
 */
export function partialSnapshot(plan: LayoutPlan, applied: ReadonlySet<number>): LayoutSnapshot {
  return withSteps(
    plan.before,
    plan.steps.filter((_, index) => applied.has(index)),
    'bytes',
  );
}

/** `base` with each of `steps` written: its new bytes (`bytes`) or the ones it replaced (`previous`). */
export function withSteps(
  base: LayoutSnapshot,
  steps: readonly LoadStep[],
  side: 'bytes' | 'previous',
): LayoutSnapshot {
  const bytes = keymapBytes(base.keymap);
  const encoders = base.encoders.map((row) => row.map((pair): [number, number] => [...pair]));
  let macros = base.macros;
  for (const step of steps) {
    if (step.kind === 'macros') macros = side === 'bytes' ? step.bytes : step.previous;
    // A loop, not splice(..., ...bytes): a whole keymap step would overflow the call's arguments.
    else if (step.kind === 'keymap') step[side].forEach((b, i) => (bytes[step.offset + i] = b));
    else
      encoders[step.layer]![step.index]![step.clockwise ? 0 : 1] =
        side === 'bytes' ? step.code : step.previous;
  }
  let at = 0;
  const keymap = base.keymap.map((layer) =>
    layer.map(() => {
      const code = (bytes[at]! << 8) | bytes[at + 1]!;
      at += 2;
      return code;
    }),
  );
  return { keymap, encoders, macros };
}
