import type { StoreApi } from 'zustand/vanilla';
import type { ParsedLayout } from '../formats/layoutFile.ts';
import type { KeyboardState } from '../services/keyboardLoader.ts';
import {
  inversePlan,
  LayoutLoadError,
  partialSnapshot,
  patchFor,
  planLayout,
  runPlan,
  snapshotOf,
  type LayoutFault,
  type LayoutPlan,
  type LayoutSnapshot,
  type LayoutWriteKind,
} from '../services/layoutTransaction.ts';
import { currentLayout, layoutSnapshot } from '../services/layoutTransfer.ts';
import type { CommandState } from './commands.ts';
import type { DeviceState } from './deviceStore.ts';
import { saveBackup } from './layoutBackup.ts';
import type { KeyValueStorage } from './storage.ts';
import { lockedNow } from './vialLockRules.ts';
import type { WriteFaults } from './writeFaults.ts';

export type { LayoutFault, LayoutWriteKind, WriteFaults };

export interface LayoutContext {
  devices: StoreApi<DeviceState>;
  commands: StoreApi<CommandState>;
  faults: WriteFaults;
  storage: KeyValueStorage;
  /** Keyboards (vendor/product ids) whose backup was taken in this session: later loads keep it. */
  backedUp: Set<number>;
  now(): number;
  logError(message: string): void;
  /** Told how far a write has got: each step written, then each step read back (state/deviceJobs.ts). */
  onProgress?(phase: 'writing' | 'readBack', done: number, total: number): void;
}

export type LayoutOutcome = 'written' | 'unchanged' | 'failed';

// One layout write at a time per keyboard session: a load asked for while an undo is still writing is planned
// only after it finished, against what the keyboard then holds (never against a copy about to change).
const chains = new WeakMap<object, Promise<unknown>>();
function serial<T>(ctx: LayoutContext, job: () => Promise<T>): Promise<T> {
  const next = (chains.get(ctx.faults) ?? Promise.resolve()).catch(() => undefined).then(job);
  chains.set(ctx.faults, next);
  return next;
}

function keyboardOf(ctx: LayoutContext): KeyboardState {
  const keyboard = ctx.devices.getState().keyboard;
  if (!keyboard) throw new Error('Missing hid device in cache');
  return keyboard;
}

/**
 * Runs a plan (or what is left of one) and keeps the app's copy, the undo history and the fault store in
 * step with the keyboard. Never throws a LayoutLoadError: a stopped write becomes the layout fault.
 */
async function run(
  ctx: LayoutContext,
  plan: LayoutPlan,
  kind: LayoutWriteKind,
  resume?: LayoutLoadError,
): Promise<LayoutOutcome> {
  const device = ctx.devices.getState().commands();
  const keyboard = keyboardOf(ctx);
  const path = ctx.devices.getState().selectedPath;
  if (!device) throw new Error('Missing hid device in cache');
  const vpid = keyboard.definition.vendorProductId;
  // A locked Vial keyboard refuses macro writes and stores QK_BOOT as 0xFFFF: the unlock comes first.
  await ctx.commands.getState().unlockFor(plan.before, plan.after, {
    macros: plan.steps.some((step) => step.kind === 'macros'),
  });
  // The app's copy follows only while the same keyboard is selected (it may have been unplugged meanwhile).
  const patch = (snapshot: LayoutSnapshot) => {
    const state = ctx.devices.getState();
    if (state.selectedPath === path && state.keyboard)
      state.patchKeyboard(patchFor(snapshot, state.keyboard));
  };
  try {
    await runPlan(device, plan, {
      ...(resume ? { pending: resume.pending, written: resume.written, touched: resume.touched } : {}),
      ...(ctx.onProgress && { onProgress: ctx.onProgress }),
      // The backup is the layout before the session's first load, taken only once writing begins.
      onWriteStart: () => {
        if (kind !== 'load' || ctx.backedUp.has(vpid)) return;
        saveBackup(
          ctx.storage,
          currentLayout({ ...keyboard, ...patchFor(plan.before, keyboard) }),
          ctx.now(),
        );
        ctx.backedUp.add(vpid);
      },
    });
  } catch (error) {
    if (!(error instanceof LayoutLoadError)) throw error;
    const applied = new Set([...error.touched, ...error.written]);
    patch(partialSnapshot(plan, applied));
    // A read-back that found nothing changed on a locked Vial keyboard: the lock refused the writes.
    const locked = error.stoppedAt === 'readBack' && (await lockedNow(keyboard, device.client));
    ctx.faults.getState().setLayout({ kind, error, vendorProductId: vpid, ...(locked && { locked }) }, vpid);
    // Half-written macros (flag still up) also show in the Macros pane, with its Retry / Put back.
    const macroStep = plan.steps.find((step) => step.kind === 'macros');
    if (macroStep && error.progress().macros === 'partial')
      ctx.faults.getState().setMacros(
        {
          attempted: macroStep.bytes,
          previous: macroStep.previous,
          dirtyTo: Math.max(macroStep.bytes.length, macroStep.previous.length),
          phase: error.macroPhase ?? 'data',
          message: error.message,
        },
        vpid,
      );
    ctx.logError(error.message);
    return 'failed';
  }
  patch(plan.after);
  ctx.faults.getState().setLayout(null, vpid);
  if (plan.steps.some((step) => step.kind === 'macros')) ctx.faults.getState().setMacros(null, vpid);
  return plan.steps.length > 0 ? 'written' : 'unchanged';
}

/** Moves the keyboard to a snapshot (undo and redo of a load), planned against the app's copy now. */
function moveTo(ctx: LayoutContext, target: LayoutSnapshot, kind: 'undo' | 'redo'): Promise<void> {
  return serial(ctx, async () => {
    const keyboard = keyboardOf(ctx);
    const outcome = await run(ctx, planLayout(keyboard, snapshotOf(keyboard), target), kind);
    if (outcome === 'failed') throw new Error(ctx.faults.getState().layout?.error.message ?? 'failed');
  });
}

/**
 * Loads a checked layout as one transaction and one undoable step. Everything is worked out before the
 * first write (a macro that does not encode throws here, with nothing written and the backup untouched).
 */
export function loadLayout(ctx: LayoutContext, layout: ParsedLayout): Promise<LayoutOutcome> {
  return serial(ctx, async () => {
    const keyboard = keyboardOf(ctx);
    const plan = planLayout(keyboard, snapshotOf(keyboard), layoutSnapshot(keyboard, layout));
    const outcome = await run(ctx, plan, 'load');
    if (outcome === 'written') recordUndo(ctx, plan);
    return outcome;
  });
}

function recordUndo(ctx: LayoutContext, plan: LayoutPlan): void {
  ctx.commands.getState().record({
    kind: 'step',
    label: 'layout-load',
    undo: () => moveTo(ctx, plan.before, 'undo'),
    redo: () => moveTo(ctx, plan.after, 'redo'),
  });
}

/** Retry: writes what the stopped run left (the failed step onwards, or what read back wrong), then reads back. */
export function retryLayout(ctx: LayoutContext): Promise<LayoutOutcome> {
  return serial(ctx, async () => {
    const fault = ctx.faults.getState().layout;
    if (!fault) return 'unchanged';
    const outcome = await run(ctx, fault.error.plan, fault.kind, fault.error);
    if (outcome === 'written' && fault.kind === 'load') recordUndo(ctx, fault.error.plan);
    return outcome;
  });
}

/**
 * Restore: puts back what the stopped run may have changed (every step it sent, with the values they
 * replaced), read back like any write. A Restore that stops is itself a fault, retried the same way.
 */
export function restoreLayout(ctx: LayoutContext): Promise<LayoutOutcome> {
  return serial(ctx, async () => {
    const fault = ctx.faults.getState().layout;
    if (!fault) return 'unchanged';
    const { plan, touched, written } = fault.error;
    const sent = new Set([...touched, ...written]);
    const back = inversePlan(plan, sent);
    return run(ctx, { ...back, before: partialSnapshot(plan, sent), after: plan.before }, 'restore');
  });
}
