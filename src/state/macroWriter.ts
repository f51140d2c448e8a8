import { macroFormatOf } from '../macros/macroFormat.ts';
import type { StoreApi } from 'zustand/vanilla';
import type { MacroStep } from '../macros/macroCodec.ts';
import type { ErrorState } from './errorStore.ts';
import type { DeviceState } from './deviceStore.ts';
import type { KeptWriteFaults } from './unfinishedWriteCheck.ts';
import type { VialUnlockState } from './vialUnlockStore.ts';

/**
 * Saves a macro set on the selected keyboard and reads it back. The app's copy changes only once the keyboard
 * holds the new set; a save that stops part-way becomes the macro fault (Retry / Put back), and a write after
 * it clears as far as the unfinished one may have reached.
 */
export function macroWriter(
  runtime: MacroWriterContext,
  errors: StoreApi<ErrorState>,
  /** Told when the write begins and when its read-back does (state/deviceJobs.ts). */
  onPhase?: (phase: 'writing' | 'readBack') => void,
): MacroWriter {
  const writeBytes = async (bytes: Uint8Array): Promise<void> => {
    // The macro save loads with its first use (Macros pane, a fault's Retry / Put back), not with the first screen.
    const [{ MacroSaveError, saveMacros }, rules] = await Promise.all([
      import('../services/macroSave.ts'),
      import('./vialLockRules.ts'),
    ]);
    const devices = runtime.store.getState();
    const keyboard = devices.keyboard;
    const commands = devices.commands();
    const path = devices.selectedPath;
    if (!keyboard || !commands) throw new Error('Missing hid device in cache');
    // A locked Vial keyboard answers macro writes as if it took them and keeps nothing: unlock first.
    if (
      rules.macrosNeedUnlock(keyboard) &&
      !(await (await runtime.vialUnlock()).getState().ensureUnlocked('macros'))
    )
      throw new rules.KeyboardLockedError('macros');
    const owner = keyboard.definition.vendorProductId;
    const store = await runtime.writeFaults.load();
    const faults = store.getState();
    const outstanding = faults.owner === owner ? faults.macros : null;
    try {
      await saveMacros(
        commands,
        keyboard.macros,
        bytes,
        outstanding?.dirtyTo ?? keyboard.macros.bytes.length,
        onPhase,
      );
    } catch (error) {
      if (error instanceof MacroSaveError) {
        // The lock refused it (the board was locked again meanwhile): say that, not what the read-back found.
        const locked = error.fault.phase === 'verify' && (await rules.lockedNow(keyboard, commands.client));
        const fault = {
          ...error.fault,
          // Put back must still restore what the keyboard held before the first unfinished save.
          ...(outstanding && { previous: outstanding.previous }),
          ...(locked && { message: rules.KEYBOARD_LOCKED, locked }),
        };
        store.getState().setMacros(fault, owner);
        errors.getState().logAppError({ message: fault.message });
      }
      throw error;
    }
    store.getState().setMacros(null, owner);
    // The app's copy follows only while the same keyboard is selected (it may have been unplugged meanwhile).
    const current = runtime.store.getState();
    if (current.keyboard && current.selectedPath === path)
      current.patchKeyboard({ macros: { ...current.keyboard.macros, bytes, writing: false } });
  };
  return {
    writeBytes,
    // Encoded for the selected keyboard's protocol; a set too big for its buffer is refused before any write.
    // (The codec loads with the Macros pane, which is the only caller: the first screen does without it.)
    writeMacros: async (macros) => {
      const keyboard = runtime.store.getState().keyboard;
      if (!keyboard) throw new Error('Missing hid device in cache');
      const { encodeMacros } = await import('../macros/macroCodec.ts');
      // A Vial keyboard's macro format follows its Vial protocol (macros/macroFormat.ts); the buffer's last
      // byte is the "write in progress" flag.
      return writeBytes(encodeMacros(macros, macroFormatOf(keyboard), keyboard.macros.bufferSize - 1));
    },
  };
}

/** What a macro save needs of the app (the device runtime has it). */
export interface MacroWriterContext {
  store: StoreApi<DeviceState>;
  writeFaults: KeptWriteFaults;
  vialUnlock(): Promise<StoreApi<VialUnlockState>>;
}

export interface MacroWriter {
  /** Writes the whole macro set given as steps (the Macros pane's Save). */
  writeMacros(macros: readonly (readonly MacroStep[])[]): Promise<void>;
  /** Writes a macro buffer as it was recorded in a fault (Retry / Put back). */
  writeBytes(bytes: Uint8Array): Promise<void>;
}
