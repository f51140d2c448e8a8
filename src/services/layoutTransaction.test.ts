import { describe, expect, it } from 'vitest';
import { CMD } from '../protocol/commands.ts';
import { MacroWriteError } from '../protocol/macroWriteError.ts';
import { writeMacroBytes } from '../protocol/macroWrite.ts';
import type { Fault } from '../virtual-keyboard/faults.ts';
import type { KeyboardState } from './keyboardLoader.ts';
import {
  inversePlan,
  LayoutLoadError,
  partialSnapshot,
  planLayout,
  runPlan,
  snapshotOf,
  type LayoutPlan,
  type LayoutSnapshot,
} from './layoutTransaction.ts';
import { MacroSaveError, saveMacros } from './macroSave.ts';
import {
  MACRO_BUFFER,
  macroBytes,
  NEW_MACROS,
  OLD_MACROS,
  testBoard,
} from '../../tests/support/testBoard.ts';

const KC_F13 = 0x0068;
const KC_VOLU = 0x0080;

/** A target that changes macros, three keymap blocks far apart, and one encoder direction. */
function target(keyboard: KeyboardState): LayoutSnapshot {
  const keymap = keyboard.keymap.map((layer) => [...layer]);
  keymap[0]![0] = KC_F13; // block 1
  keymap[1]![5] = KC_F13; // block 3 (layer 1 starts at byte 80)
  keymap[3]![39] = KC_F13; // the last block
  const encoders = keyboard.encoders.map((row) => row.map((p): [number, number] => [...p]));
  encoders[2]![1]![0] = KC_VOLU;
  return { keymap, encoders, macros: macroBytes(NEW_MACROS) };
}

/** The macros the keyboard plays are always a whole set: the old one, the new one, or none at all. */
function expectNoCorruptMacro(played: (string | null)[]) {
  const none = played.every((m) => m === null);
  const old = played.every((m, i) => m === OLD_MACROS[i]);
  const next = played.every((m, i) => m === NEW_MACROS[i]);
  expect(none || old || next, `keyboard plays ${JSON.stringify(played)}`).toBe(true);
}

async function failingLoad(fault: Fault, command: number, after: number) {
  const board = await testBoard();
  const plan = planLayout(board.keyboard, snapshotOf(board.keyboard), target(board.keyboard));
  board.device.faults.inject(fault, { command, after, times: fault.kind === 'drop' ? 3 : 1 });
  const error = await runPlan(board.commands, plan).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LayoutLoadError);
  return { ...board, plan, error: error as LayoutLoadError };
}

describe('macro writes keep the "write in progress" flag raised on failure', () => {
  it('a failed data chunk leaves the flag up: the keyboard plays nothing, not new text with the old tail', async () => {
    const board = await testBoard();
    expect(board.played()).toEqual(OLD_MACROS);
    // flag raise, chunk 0 pass; chunk 1 fails (the firmware applied chunk 0 only).
    board.device.faults.inject({ kind: 'error238' }, { command: CMD.MACRO_SET_BUFFER, after: 2 });
    const error = await writeMacroBytes(
      board.commands,
      macroBytes(NEW_MACROS),
      MACRO_BUFFER,
      macroBytes(OLD_MACROS).length,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MacroWriteError);
    expect((error as MacroWriteError).phase).toBe('data');
    expect(board.firmware.macroBuffer()[MACRO_BUFFER - 1]).toBe(0xff);
    // What the buffer holds is mixed ("hunt…" then "OLD…"), and the firmware refuses to play any of it.
    expect(String.fromCharCode(...board.firmware.macroBuffer().slice(0, 60))).toMatch(/^(hunt)+.*OLD/);
    expect(board.played()).toEqual([null, null, null, null]);
  });

  it('a failure lowering the flag leaves complete data with the flag up', async () => {
    const board = await testBoard();
    // Unplugged just as the flag is lowered: that write never reaches the firmware.
    board.device.faults.inject({ kind: 'unplug' }, { command: CMD.MACRO_SET_BUFFER, after: 4 });
    const error = (await writeMacroBytes(board.commands, macroBytes(NEW_MACROS), MACRO_BUFFER, 70).catch(
      (e: unknown) => e,
    )) as MacroWriteError;
    expect(error.phase).toBe('lower');
    expect(String.fromCharCode(...board.firmware.macroBuffer().slice(0, 60))).toBe(NEW_MACROS[0]);
    expect(board.played()).toEqual([null, null, null, null]);
  });

  it('saveMacros: Retry writes the user’s macros, Put back the previous ones, each read back', async () => {
    const board = await testBoard();
    const previous = board.keyboard.macros.bytes;
    board.device.faults.inject({ kind: 'drop' }, { command: CMD.MACRO_SET_BUFFER, after: 2, times: 3 });
    const error = (await saveMacros(board.commands, board.keyboard.macros, macroBytes(NEW_MACROS)).catch(
      (e: unknown) => e,
    )) as MacroSaveError;
    expect(error).toBeInstanceOf(MacroSaveError);
    expect(error.fault).toMatchObject({ phase: 'data', previous, attempted: macroBytes(NEW_MACROS) });
    expect(board.played()).toEqual([null, null, null, null]);
    const { fault } = error;
    await saveMacros(
      board.commands,
      { ...board.keyboard.macros, bytes: previous },
      fault.attempted,
      fault.dirtyTo,
    );
    expect(board.played()).toEqual(NEW_MACROS);
    await saveMacros(board.commands, { ...board.keyboard.macros, bytes: fault.attempted }, fault.previous);
    expect(board.played()).toEqual(OLD_MACROS);
  });

  it('a read-back that differs is a fault, not a success', async () => {
    const board = await testBoard();
    const real = board.firmware.handleReport.bind(board.firmware);
    // A keyboard that acknowledges the first data chunk without keeping it.
    board.firmware.handleReport = (request: Uint8Array) =>
      request[0] === CMD.MACRO_SET_BUFFER && request[1] === 0 && request[2] === 0
        ? request.slice()
        : real(request);
    const error = (await saveMacros(board.commands, board.keyboard.macros, macroBytes(NEW_MACROS)).catch(
      (e: unknown) => e,
    )) as MacroSaveError;
    expect(error.fault.phase).toBe('verify');
  });
});

describe('layout load as a transaction', () => {
  it('plans macros first, then the keymap blocks that differ, then encoder directions', async () => {
    const { keyboard } = await testBoard();
    const plan = planLayout(keyboard, snapshotOf(keyboard), target(keyboard));
    expect(plan.steps.map((s) => s.kind)).toEqual(['macros', 'keymap', 'keymap', 'keymap', 'encoder']);
  });

  it('1 key different = 1 write + 1 read', async () => {
    const board = await testBoard();
    const next = board.keyboard.keymap.map((l) => [...l]);
    next[2]![17] = KC_F13;
    const plan = planLayout(board.keyboard, snapshotOf(board.keyboard), {
      ...snapshotOf(board.keyboard),
      keymap: next,
    });
    await runPlan(board.commands, plan);
    expect(board.reports()).toBe(2);
    expect(board.firmware.getKeycode(2, 1, 7)).toBe(KC_F13);
  });

  it('two keys either side of a 28-byte line = 1 write + 1 read, as a layer operation writes them', async () => {
    const board = await testBoard();
    const next = board.keyboard.keymap.map((l) => [...l]);
    next[0]![13] = KC_F13; // bytes 26–27
    next[0]![14] = KC_F13; // bytes 28–29
    const plan = planLayout(board.keyboard, snapshotOf(board.keyboard), {
      ...snapshotOf(board.keyboard),
      keymap: next,
    });
    expect(plan.steps.map((s) => s.kind === 'keymap' && [s.offset, s.bytes.length])).toEqual([[26, 28]]);
    await runPlan(board.commands, plan);
    expect(board.reports()).toBe(2);
    expect(board.eepromKeymap()).toEqual(next);
  });

  it('writes everything and reads back only what it wrote', async () => {
    const board = await testBoard();
    const next = target(board.keyboard);
    const plan = planLayout(board.keyboard, snapshotOf(board.keyboard), next);
    let backupTaken = 0;
    await runPlan(board.commands, plan, { onWriteStart: () => backupTaken++ });
    expect(backupTaken).toBe(1);
    expect(board.eepromKeymap()).toEqual(next.keymap);
    expect(board.eepromEncoders()).toEqual(next.encoders);
    expect(board.played()).toEqual(NEW_MACROS);
    // macros: flag + 3 chunks + flag, read 3 chunks + flag; keymap 3 + 3; encoder 1 + 1.
    expect(board.reports()).toBe(5 + 4 + 6 + 2);
  });

  it('a plan with nothing to write takes no backup', async () => {
    const board = await testBoard();
    let backupTaken = 0;
    const same = snapshotOf(board.keyboard);
    await runPlan(board.commands, planLayout(board.keyboard, same, same), {
      onWriteStart: () => backupTaken++,
    });
    expect(backupTaken).toBe(0);
  });

  const phases: [
    string,
    Command,
    { kind: LayoutLoadError['stoppedAt']; macros: string; keymap: number; encoders: number },
  ][] = [
    [
      'raising the macro flag',
      [CMD.MACRO_SET_BUFFER, 0],
      { kind: 'macros', macros: 'partial', keymap: 0, encoders: 0 },
    ],
    [
      'a macro chunk',
      [CMD.MACRO_SET_BUFFER, 2],
      { kind: 'macros', macros: 'partial', keymap: 0, encoders: 0 },
    ],
    [
      'keymap block 1',
      [CMD.DYNAMIC_KEYMAP_SET_BUFFER, 0],
      { kind: 'keymap', macros: 'written', keymap: 0, encoders: 0 },
    ],
    [
      'keymap block 3 of 3',
      [CMD.DYNAMIC_KEYMAP_SET_BUFFER, 2],
      { kind: 'keymap', macros: 'written', keymap: 2, encoders: 0 },
    ],
    [
      'an encoder',
      [CMD.DYNAMIC_KEYMAP_SET_ENCODER, 0],
      { kind: 'encoder', macros: 'written', keymap: 3, encoders: 0 },
    ],
    [
      'the read-back',
      [CMD.DYNAMIC_KEYMAP_GET_BUFFER, 1],
      { kind: 'readBack', macros: 'written', keymap: 3, encoders: 1 },
    ],
  ];
  type Command = [command: number, after: number];

  for (const [name, [command, after], expected] of phases) {
    it(`a fault at ${name}: says what was written; Retry finishes; no corrupt macro is ever live`, async () => {
      const board = await failingLoad({ kind: 'drop' }, command, after);
      const progress = board.error.progress();
      expect(progress).toMatchObject({
        stoppedAt: expected.kind,
        macros: expected.macros,
        keymapWritten: expected.keymap,
        keymapTotal: 3,
        encodersWritten: expected.encoders,
        encodersTotal: 1,
      });
      expectNoCorruptMacro(board.played());
      await runPlan(board.commands, board.plan, {
        pending: board.error.pending,
        written: board.error.written,
        touched: board.error.touched,
      });
      expect(board.eepromKeymap()).toEqual(board.plan.after.keymap);
      expect(board.eepromEncoders()).toEqual(board.plan.after.encoders);
      expect(board.played()).toEqual(NEW_MACROS);
    });

    it(`a fault at ${name}: Restore puts back exactly the layout before, verified by read-back`, async () => {
      const board = await failingLoad({ kind: 'error238' }, command, after);
      const sent = new Set([...board.error.touched, ...board.error.written]);
      const back: LayoutPlan = {
        ...inversePlan(board.plan, sent),
        before: partialSnapshot(board.plan, sent),
        after: board.plan.before,
      };
      board.resetCount();
      await runPlan(board.commands, back);
      expect(board.eepromKeymap()).toEqual(board.plan.before.keymap);
      expect(board.eepromEncoders()).toEqual(board.plan.before.encoders);
      expect(board.played()).toEqual(OLD_MACROS);
      expect(board.reports()).toBeGreaterThan(0);
    });
  }

  it('the read-back covers macros and encoders: a keyboard that drops them is caught', async () => {
    for (const ignored of [CMD.DYNAMIC_KEYMAP_SET_ENCODER, CMD.MACRO_SET_BUFFER]) {
      const board = await testBoard();
      const real = board.firmware.handleReport.bind(board.firmware);
      board.firmware.handleReport = (request: Uint8Array) =>
        request[0] === ignored && !(request[0] === CMD.MACRO_SET_BUFFER && request[2] === MACRO_BUFFER - 1)
          ? request.slice()
          : real(request);
      const plan = planLayout(board.keyboard, snapshotOf(board.keyboard), target(board.keyboard));
      const error = (await runPlan(board.commands, plan).catch((e: unknown) => e)) as LayoutLoadError;
      expect(error).toBeInstanceOf(LayoutLoadError);
      expect(error.stoppedAt).toBe('readBack');
      expect(error.differingKeys).toBe(1);
      expect(error.pending.map((i) => plan.steps[i]!.kind)).toEqual([
        ignored === CMD.MACRO_SET_BUFFER ? 'macros' : 'encoder',
      ]);
    }
  });
});
