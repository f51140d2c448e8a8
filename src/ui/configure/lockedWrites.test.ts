import { beforeAll, describe, expect, it, vi } from 'vitest';
import { lockedVialBoard } from '../../../tests/support/lockedVialBoard.ts';
import { CMD } from '../../protocol/commands.ts';
import { checkLayoutForKeyboard, layoutLeavingUnknown } from '../../services/layoutLoad.ts';
import { currentLayout } from '../../services/layoutTransfer.ts';
import { createErrorStore } from '../../state/errorStore.ts';
import { memoryStorage } from '../../state/storage.ts';
import { KEYBOARD_LOCKED, KeyboardLockedError } from '../../state/vialLockRules.ts';
import { macroWriter } from '../../state/macroWriter.ts';
import { loadLayout, retryLayout, type LayoutContext } from '../../state/layoutActions.ts';

const text = (bytes: number[] | null) => bytes && String.fromCharCode(...bytes);
const hi = [{ kind: 'text' as const, text: 'hi' }];

/** A layout file of the board as it is, changed by `change`, checked as the Save + Load pane checks it. */
function layoutOf(
  board: Awaited<ReturnType<typeof lockedVialBoard>>,
  change: (file: ReturnType<typeof currentLayout>) => void,
) {
  const keyboard = board.devices.getState().keyboard!;
  const file = currentLayout(keyboard);
  change(file);
  const checked = checkLayoutForKeyboard(keyboard, JSON.stringify(file), 'vial.layout.json');
  if (!checked.ok) throw new Error(checked.message);
  const layout = layoutLeavingUnknown(keyboard, checked.value);
  if (!layout.ok) throw new Error(layout.message);
  return layout.value;
}

function layoutContext(board: Awaited<ReturnType<typeof lockedVialBoard>>): LayoutContext {
  return {
    devices: board.devices,
    commands: board.commands,
    faults: board.writeFaults,
    storage: memoryStorage(),
    backedUp: new Set(),
    now: () => 1000,
    logError: () => undefined,
  };
}

describe('writes a locked Vial keyboard refuses ask for the unlock first', () => {
  // The first Vial keyboard loads the code that reads its definition (xz, the compiler): not part of any test.
  beforeAll(() => lockedVialBoard(110_000), 120_000);

  it('a macro save: the dialog opens before any macro write; cancelled, nothing is sent and it says locked', async () => {
    const board = await lockedVialBoard();
    const writer = macroWriter(board.runtime, createErrorStore());
    const saving = writer.writeMacros([hi]);
    await vi.waitFor(() => expect(board.unlock.getState().dialog?.reason).toBe('macros'));
    expect(board.sent).not.toContain(CMD.MACRO_SET_BUFFER);
    board.unlock.getState().cancel();
    const error = await saving.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyboardLockedError);
    expect(error).toMatchObject({ action: 'macros', message: KEYBOARD_LOCKED });
    expect(board.sent).not.toContain(CMD.MACRO_SET_BUFFER);
    // Nothing half-done to name: no fault, and the keyboard plays its macros as before.
    expect(board.writeFaults.getState().macros).toBeNull();
    expect(board.firmware.playMacro(0)).toEqual([]);
  });

  it('a macro save: holding the keys unlocks, then the macros are written and read back', async () => {
    const board = await lockedVialBoard();
    const writer = macroWriter(board.runtime, createErrorStore());
    const saving = writer.writeMacros([hi]);
    await vi.waitFor(() => expect(board.unlock.getState().dialog).not.toBeNull());
    board.vial.holdUnlockKeys(true);
    await saving;
    expect(text(board.firmware.playMacro(0))).toBe('hi');
    expect(board.writeFaults.getState().macros).toBeNull();
  });

  it('a layout load with macros asks before its first write (no macro or keymap write sent), then writes all', async () => {
    const board = await lockedVialBoard();
    const ctx = layoutContext(board);
    const layout = layoutOf(board, (f) => {
      f.macros![0] = 'loaded';
      f.layers[0]![1] = 'KC_Q';
    });
    const loading = loadLayout(ctx, layout);
    await vi.waitFor(() => expect(board.unlock.getState().dialog?.reason).toBe('layout'));
    expect(board.sent).not.toContain(CMD.MACRO_SET_BUFFER);
    expect(board.sent).not.toContain(CMD.DYNAMIC_KEYMAP_SET_BUFFER);
    board.vial.holdUnlockKeys(true);
    expect(await loading).toBe('written');
    expect(text(board.firmware.playMacro(0))).toBe('loaded');
    expect(board.firmware.getKeycode(0, 0, 1)).toBe(0x14);
  });

  it('a layout load with macros whose unlock is cancelled writes nothing and says the keyboard is locked', async () => {
    const board = await lockedVialBoard();
    const ctx = layoutContext(board);
    const before = board.firmware.getKeycode(0, 0, 1);
    const loading = loadLayout(
      ctx,
      layoutOf(board, (f) => {
        f.macros![0] = 'loaded';
        f.layers[0]![1] = 'KC_Q';
      }),
    );
    await vi.waitFor(() => expect(board.unlock.getState().dialog).not.toBeNull());
    board.unlock.getState().cancel();
    await expect(loading).rejects.toMatchObject({ name: 'KeyboardLockedError', action: 'layout' });
    expect(board.firmware.getKeycode(0, 0, 1)).toBe(before);
    expect(board.sent).not.toContain(CMD.DYNAMIC_KEYMAP_SET_BUFFER);
    expect(board.writeFaults.getState().layout).toBeNull();
  });

  it('a layout load without macros or QK_BOOT never asks', async () => {
    const board = await lockedVialBoard();
    const ctx = layoutContext(board);
    expect(
      await loadLayout(
        ctx,
        layoutOf(board, (f) => (f.layers[0]![1] = 'KC_Q')),
      ),
    ).toBe('written');
    expect(board.unlock.getState().lock).toBeNull();
    expect(board.firmware.getKeycode(0, 0, 1)).toBe(0x14);
  });

  it('locked again in the middle of a save (another program): the fault says locked; Retry asks again', async () => {
    const board = await lockedVialBoard();
    board.vial.setUnlocked(true);
    const writer = macroWriter(board.runtime, createErrorStore());
    // The first macro write (raising the flag) is taken; its reply is slow, and meanwhile the board is locked.
    board.device.faults.inject({ kind: 'delay', ms: 200 }, { command: CMD.MACRO_SET_BUFFER });
    const saving = writer.writeMacros([hi]);
    await vi.waitFor(() => expect(board.sent).toContain(CMD.MACRO_SET_BUFFER), { interval: 5 });
    board.vial.setUnlocked(false);
    await expect(saving).rejects.toThrow();
    const fault = board.writeFaults.getState().macros!;
    expect(fault).toMatchObject({ locked: true, message: KEYBOARD_LOCKED, phase: 'verify' });
    // The flag went up before the lock: the keyboard plays no macro, rather than a half-written one.
    expect(board.firmware.playMacro(0)).toBeNull();

    const retry = writer.writeBytes(fault.attempted);
    await vi.waitFor(() => expect(board.unlock.getState().dialog?.reason).toBe('macros'));
    board.vial.holdUnlockKeys(true);
    await retry;
    expect(text(board.firmware.playMacro(0))).toBe('hi');
    expect(board.writeFaults.getState().macros).toBeNull();
  });

  it('Retry of a layout load the lock refused asks for the unlock, then finishes', async () => {
    const board = await lockedVialBoard();
    board.vial.setUnlocked(true);
    const ctx = layoutContext(board);
    board.device.faults.inject({ kind: 'delay', ms: 200 }, { command: CMD.MACRO_SET_BUFFER });
    const loading = loadLayout(
      ctx,
      layoutOf(board, (f) => (f.macros![0] = 'loaded')),
    );
    await vi.waitFor(() => expect(board.sent).toContain(CMD.MACRO_SET_BUFFER), { interval: 5 });
    board.vial.setUnlocked(false);
    expect(await loading).toBe('failed');
    expect(board.writeFaults.getState().layout).toMatchObject({ locked: true });
    const retry = retryLayout(ctx);
    await vi.waitFor(() => expect(board.unlock.getState().dialog?.reason).toBe('layout'));
    board.vial.holdUnlockKeys(true);
    expect(await retry).toBe('written');
    expect(text(board.firmware.playMacro(0))).toBe('loaded');
  });
});
