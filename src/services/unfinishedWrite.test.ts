import { describe, expect, it } from 'vitest';
import type { KeyboardState } from './keyboardLoader.ts';
import { partialSnapshot, patchFor, planLayout, snapshotOf, type LayoutPlan } from './layoutTransaction.ts';
import { macroBytes, NEW_MACROS, testBoard } from '../../tests/support/testBoard.ts';
import { resumeLoad, resumeMacros, type UnfinishedLoad } from './unfinishedWrite.ts';

/** A load of the test board changing keys in three keymap blocks, one encoder and the macros; nothing written. */
async function planned() {
  const { keyboard } = await testBoard();
  const after = snapshotOf(keyboard);
  after.keymap = after.keymap.map((layer, l) =>
    layer.map((code, i) => (i % 14 === 0 && l < 2 ? 0x68 : code)),
  );
  after.encoders = after.encoders.map((row, l) =>
    row.map((pair, e): [number, number] => (l === 0 && e === 0 ? [0xa9, pair[1]] : pair)),
  );
  after.macros = macroBytes(NEW_MACROS);
  const plan = planLayout(keyboard, snapshotOf(keyboard), after);
  const record: UnfinishedLoad = {
    kind: 'load',
    steps: plan.steps,
    stoppedAt: 'keymap',
    macroPhase: null,
    message: 'The keyboard was disconnected',
  };
  /** The keyboard as read after the steps in `applied` reached it (and its macro flag as given). */
  const readAs = (applied: number[], writing = false): KeyboardState => {
    const patch = patchFor(partialSnapshot(plan, new Set(applied)), keyboard);
    return {
      ...keyboard,
      ...patch,
      macros: { ...keyboard.macros, ...patch.macros, ...(writing && { writing }) },
    };
  };
  return { keyboard, plan, record, readAs };
}

const kinds = (plan: LayoutPlan) => plan.steps.map((s) => s.kind);

describe('a stopped layout write found again when its keyboard is back', () => {
  it('names what the keyboard holds, step by step: written, pending, and where it stopped', async () => {
    const { plan, record, readAs } = await planned();
    expect(kinds(plan)).toEqual(['macros', 'keymap', 'keymap', 'keymap', 'keymap', 'keymap', 'encoder']);
    const resumed = resumeLoad(record, readAs([0, 1, 2]));
    if (!('fault' in resumed)) throw new Error(`expected a fault, got ${resumed.outcome}`);
    const { error } = resumed.fault;
    expect(resumed.fault).toMatchObject({ kind: 'load', resumed: true });
    expect([...error.written]).toEqual([0, 1, 2]);
    expect(error.pending).toEqual([3, 4, 5, 6]);
    expect(error.progress()).toMatchObject({
      macros: 'written',
      keymapWritten: 2,
      keymapTotal: 5,
      stoppedAt: 'keymap',
      unchanged: false,
    });
    // Rebuilt around the keyboard as read: before = nothing applied, after = everything applied.
    expect(error.plan.before).toEqual(snapshotOf(readAs([])));
    expect(error.plan.after).toEqual(snapshotOf(readAs([0, 1, 2, 3, 4, 5, 6])));
  });

  it('a raised macro flag makes the macros half written whatever the buffer holds (phase data)', async () => {
    const { record, readAs } = await planned();
    const resumed = resumeLoad(record, readAs([1], true));
    if (!('fault' in resumed)) throw new Error('expected a fault');
    expect(resumed.fault.error.progress().macros).toBe('partial');
    expect(resumed.fault.error.macroPhase).toBe('data');
    expect(resumed.fault.error.pending).toContain(0);
  });

  it('every step on the keyboard: it finished after all; a key changed elsewhere: the record no longer holds', async () => {
    const { record, readAs, keyboard } = await planned();
    expect(resumeLoad(record, readAs([0, 1, 2, 3, 4, 5, 6]))).toEqual({ outcome: 'finished' });
    const elsewhere = readAs([0, 1]);
    elsewhere.keymap = elsewhere.keymap.map((layer, l) => (l === 0 ? [0x1234, ...layer.slice(1)] : layer));
    expect(resumeLoad(record, elsewhere)).toEqual({ outcome: 'changedElsewhere' });
    // A macro step that cannot fit this keyboard's buffer is not written with a stored size.
    const tooBig = {
      ...record,
      steps: record.steps.map((s) =>
        s.kind === 'macros' ? { ...s, bytes: new Uint8Array(keyboard.macros.bufferSize) } : s,
      ),
    };
    expect(resumeLoad(tooBig, readAs([]))).toEqual({ outcome: 'changedElsewhere' });
  });
});

describe('the Macros pane side', () => {
  it('flag down: nothing unfinished; flag up: the kept save, else the load’s macros, else what the keyboard holds', async () => {
    const { keyboard, readAs, record } = await planned();
    const kept = {
      attempted: macroBytes(NEW_MACROS),
      previous: keyboard.macros.bytes,
      dirtyTo: 60,
      phase: 'verify' as const,
      message: 'No reply from the keyboard',
    };
    expect(resumeMacros(kept, null, readAs([]))).toBeNull();
    expect(resumeMacros(kept, null, readAs([], true))).toMatchObject({
      ...kept,
      phase: 'data',
      resumed: true,
    });
    const load = resumeLoad(record, readAs([0], true));
    if (!('fault' in load)) throw new Error('expected a fault');
    expect(resumeMacros(null, load.fault, readAs([0], true))).toMatchObject({
      attempted: macroBytes(NEW_MACROS),
      resumed: true,
    });
    const found = resumeMacros(null, null, readAs([], true))!;
    expect(found).toMatchObject({ found: true, dirtyTo: keyboard.macros.bufferSize - 1 });
    expect(found.attempted).toEqual(keyboard.macros.bytes);
  });
});
