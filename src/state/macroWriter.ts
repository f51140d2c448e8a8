import { macroFormatOf } from '../macros/macroFormat.ts';
import type { StoreApi } from 'zustand/vanilla';
import type { MacroStep } from '../macros/macroCodec.ts';
import type { ErrorState } from './errorStore.ts';
import type { DeviceRuntime } from '../app/DeviceRuntime.ts';

/**
 * Saves a macro set on the selected keyboard and reads it back. The app's copy changes only once the keyboard
 * holds the new set; a save that stops part-way becomes the macro fault (Retry / Put back), and a write after
 * it clears as far as the unfinished one may have reached.
 */
export function macroWriter(runtime: DeviceRuntime, errors: StoreApi<ErrorState>): MacroWriter {
  const writeBytes = async (bytes: Uint8Array): Promise<void> => {
    // The macro save loads with its first use (Macros pane, a fault's Retry / Put back), not with the first screen.
    const { MacroSaveError, saveMacros } = await import('../services/macroSave.ts');
    const devices = runtime.store.getState();
    const keyboard = devices.keyboard;
    const commands = devices.commands();
    if (!keyboard || !commands) throw new Error('Missing hid device in cache');
    const faults = runtime.writeFaults.getState();
    const outstanding = faults.macros;
    try {
      await saveMacros(
        commands,
        keyboard.macros,
        bytes,
        outstanding?.dirtyTo ?? keyboard.macros.bytes.length,
      );
    } catch (error) {
      if (error instanceof MacroSaveError) {
        // Put back must still restore what the keyboard held before the first unfinished save.
        faults.setMacros(outstanding ? { ...error.fault, previous: outstanding.previous } : error.fault);
        errors.getState().logAppError({ message: error.message });
      }
      throw error;
    }
    faults.setMacros(null);
    const current = runtime.store.getState().keyboard;
    if (current) runtime.store.getState().patchKeyboard({ macros: { ...current.macros, bytes } });
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

export interface MacroWriter {
  /** Writes the whole macro set given as steps (the Macros pane's Save). */
  writeMacros(macros: readonly (readonly MacroStep[])[]): Promise<void>;
  /** Writes a macro buffer as it was recorded in a fault (Retry / Put back). */
  writeBytes(bytes: Uint8Array): Promise<void>;
}
