import type { StoreApi } from 'zustand/vanilla';
import {
  arrayOf,
  boolean,
  int,
  nullable,
  number,
  object,
  oneOf,
  optional,
  ShapeError,
  string,
  type Reader,
  type ReaderOutput,
} from '../formats/shape.ts';
import type { KeyboardState } from '../services/keyboardLoader.ts';
import type { DeviceState } from './deviceStore.ts';
import type { LazyStore } from './lazyStore.ts';
import type { LayoutFault, LoadStep } from '../services/layoutTransaction.ts';
import type { MacroWriteFault } from '../services/macroSave.ts';
import {
  resumeLoad,
  resumeMacros,
  unfinishedLoad,
  type UnfinishedLoad,
} from '../services/unfinishedWrite.ts';
import type { KeyValueStorage } from './storage.ts';
import { readStored, type ReportBadValue } from './storedValue.ts';
import { UNFINISHED_PREFIX } from './unfinishedWritesKey.ts';
import { createWriteFaultStore, type WriteFaultState } from './writeFaults.ts';

/*
 * The record of a keyboard's unfinished writes in the app's stored values (one key per keyboard, by its
 * vendor/product id), so an unplug in the middle of a write or a page reload does not lose the way back. Loaded
 * with the write-fault store: with the first write that may fail, or a keyboard that left one
 * (state/unfinishedWriteCheck.ts).
 */

/** The app's write-fault store, every fault of which is kept in `storage` for its keyboard until resolved. */
export function createKeptWriteFaults(
  storage: KeyValueStorage,
  report: ReportBadValue,
): StoreApi<WriteFaultState<MacroWriteFault, LayoutFault>> {
  return createWriteFaultStore<MacroWriteFault, LayoutFault>({
    save: (owner, part) => saveUnfinished(storage, owner, part, report),
  });
}

/** Said on the Errors page when a kept layout write no longer matches the keyboard (it was changed elsewhere). */
export const CHANGED_ELSEWHERE =
  'A layout load that did not finish was kept for this keyboard, but the keyboard was changed elsewhere since: the record was dropped';

const byte = int(0, 255);
const bytes = arrayOf(byte, { max: 0xffff });
const PHASES = ['flag', 'data', 'lower', 'verify'] as const;
const WRITE_PHASES = ['flag', 'data', 'lower'] as const;
const STOPS = ['macros', 'keymap', 'encoder', 'readBack'] as const;

const readMacrosStep = object({ bytes, previous: bytes, bufferSize: int(2, 0xffff) });
const readKeymapStep = object({
  offset: int(0, 0xffff),
  bytes: arrayOf(byte, { min: 1, max: 28 }),
  previous: arrayOf(byte, { min: 1, max: 28 }),
});
const readEncoderStep = object({
  layer: int(0, 255),
  index: int(0, 255),
  clockwise: boolean,
  code: int(0, 0xffff),
  previous: int(0, 0xffff),
});

/** One step as stored: the bytes as plain lists (JSON), read back into the plan's types. */
const readStep: Reader<LoadStep> = (value) => {
  const { kind } = object(
    { kind: oneOf(['macros', 'keymap', 'encoder'] as const) },
    { keepOthers: true },
  )(value);
  if (kind === 'macros') {
    const step = readMacrosStep(value);
    return {
      kind,
      bytes: Uint8Array.from(step.bytes),
      previous: Uint8Array.from(step.previous),
      bufferSize: step.bufferSize,
    };
  }
  if (kind === 'keymap') {
    const step = readKeymapStep(value);
    if (step.previous.length !== step.bytes.length)
      throw new ShapeError(['previous'], 'expected as many bytes as the step writes');
    return { kind, ...step };
  }
  return { kind, ...readEncoderStep(value) };
};

const readRecord = object({
  savedAt: number(0),
  layout: optional(
    object({
      kind: oneOf(['load', 'restore', 'undo', 'redo'] as const),
      steps: arrayOf(readStep, { min: 1, max: 0x2000 }),
      stoppedAt: oneOf(STOPS),
      macroPhase: nullable(oneOf(WRITE_PHASES)),
      message: string({ max: 2000 }),
      locked: optional(boolean),
    }),
  ),
  macros: optional(
    object({
      attempted: bytes,
      previous: bytes,
      dirtyTo: int(0, 0xffff),
      phase: oneOf(PHASES),
      message: string({ max: 2000 }),
      locked: optional(boolean),
    }),
  ),
});
type StoredRecord = ReaderOutput<typeof readRecord>;

const storedStep = (step: LoadStep) =>
  step.kind === 'macros'
    ? { ...step, bytes: [...step.bytes], previous: [...step.previous] }
    : step.kind === 'keymap'
      ? { ...step, bytes: [...step.bytes], previous: [...step.previous] }
      : step;

const storedLoad = (load: UnfinishedLoad) => ({ ...load, steps: load.steps.map(storedStep) });

type KeptMacros = Omit<MacroWriteFault, 'attempted' | 'previous'> & {
  attempted: ArrayLike<number>;
  previous: ArrayLike<number>;
};
const storedMacros = ({ attempted, previous, dirtyTo, phase, message, locked }: KeptMacros) => ({
  attempted: Array.from(attempted),
  previous: Array.from(previous),
  dirtyTo,
  phase,
  message,
  ...(locked && { locked }),
});

/** The kept record of a keyboard, or null (none, or a bad one: dropped and reported). */
export function readUnfinished(
  storage: KeyValueStorage,
  owner: number,
  report?: ReportBadValue,
): StoredRecord | null {
  return readStored(storage, UNFINISHED_PREFIX + owner, readRecord, report);
}

/**
 * Keeps (or, with null, forgets) a part of a keyboard's record. A fault found at load with no record behind it
 * is not kept: the keyboard itself says so at every load. Storage that is full or blocked keeps nothing; the
 * fault then lasts as long as the page.
 */
export function saveUnfinished(
  storage: KeyValueStorage,
  owner: number,
  faults: { macros?: MacroWriteFault | null; layout?: LayoutFault | null },
  report?: ReportBadValue,
  now = Date.now(),
): void {
  const kept = readUnfinished(storage, owner, report);
  const macros =
    faults.macros === undefined
      ? kept?.macros && storedMacros(kept.macros)
      : faults.macros && !faults.macros.found && storedMacros(faults.macros);
  const layout =
    faults.layout === undefined
      ? kept?.layout && storedLoad(kept.layout)
      : faults.layout && storedLoad(unfinishedLoad(faults.layout));
  const record = { ...(macros && { macros }), ...(layout && { layout }) };
  try {
    if (!macros && !layout) storage.removeItem(UNFINISHED_PREFIX + owner);
    else storage.setItem(UNFINISHED_PREFIX + owner, JSON.stringify({ savedAt: now, ...record }));
  } catch {
    // Full or blocked storage: the fault is still shown on this page.
  }
}

/**
 * A keyboard has just loaded: names what its record (and its macro flag) say is unfinished, checked against what
 * it holds now (services/unfinishedWrite.ts), and keeps only what still stands. Nothing is named when another
 * keyboard was selected meanwhile.
 */
export async function resumeUnfinished(
  keyboard: KeyboardState,
  devices: StoreApi<DeviceState>,
  kept: LazyStore<WriteFaultState<MacroWriteFault, LayoutFault>>,
  storage: KeyValueStorage,
  report: ReportBadValue,
): Promise<void> {
  const faults = await kept.load();
  const owner = keyboard.definition.vendorProductId;
  if (devices.getState().keyboard?.definition.vendorProductId !== owner) return;
  const record = readUnfinished(storage, owner, report);
  let layout: LayoutFault | null = null;
  if (record?.layout) {
    const resumed = resumeLoad(record.layout, keyboard);
    if ('fault' in resumed) layout = resumed.fault;
    else if (resumed.outcome === 'changedElsewhere') report(CHANGED_ELSEWHERE);
  }
  const macros = resumeMacros(
    record?.macros
      ? {
          ...record.macros,
          attempted: Uint8Array.from(record.macros.attempted),
          previous: Uint8Array.from(record.macros.previous),
        }
      : null,
    layout,
    keyboard,
  );
  if (record) saveUnfinished(storage, owner, { macros, layout }, report);
  // Faults this page recorded itself for the keyboard are the fresher ones.
  const shown = faults.getState();
  if (shown.owner === owner && (shown.macros || shown.layout)) return;
  if (macros || layout) shown.restore(owner, { macros, layout });
}
