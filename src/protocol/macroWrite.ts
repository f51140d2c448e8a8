import { chunks } from './bytes.ts';
import { MAX_CHUNK } from './commands.ts';
import { ViaError } from './errors.ts';
import { MacroWriteError, type MacroWritePhase } from './macroWriteError.ts';
import type { ViaCommands } from './viaCommands.ts';

/*
 * Macro buffer writes (via-protocol.md §3.1), apart from ViaCommands: only a macro save or a layout load writes
 * macros, and they load with the panes that do (the first screen only reads them).
 */

/**
 * Writes macro bytes the safe way (§3.1): raise the "write in progress" flag in the last byte, write the
 * data (zero-padding up to `clearTo` so a shorter set leaves no stale tail), then lower the flag. The flag
 * is lowered only after every chunk was acknowledged: after a failed chunk it stays raised, so the
 * firmware ignores the half-written buffer (QMK's via.c plays nothing while it is set) instead of playing
 * new text with the old tail. Throws a MacroWriteError saying how far the write got.
 */
export async function writeMacroBytes(
  commands: Pick<ViaCommands, 'writeMacroBuffer'>,
  data: Uint8Array,
  bufferSize: number,
  clearTo = bufferSize - 1,
): Promise<void> {
  if (data.length > bufferSize - 1)
    throw new ViaError(`Macro size (${data.length}) exceeds buffer size (${bufferSize - 1})`);
  const padded = new Uint8Array(Math.max(data.length, Math.min(clearTo, bufferSize - 1)));
  padded.set(data);
  let phase: MacroWritePhase = 'flag';
  try {
    await commands.writeMacroBuffer(bufferSize - 1, [0xff]);
    phase = 'data';
    for (const [offset, size] of chunks(0, padded.length, MAX_CHUNK)) {
      await commands.writeMacroBuffer(offset, padded.subarray(offset, offset + size));
    }
    phase = 'lower';
    await commands.writeMacroBuffer(bufferSize - 1, [0x00]);
  } catch (error) {
    throw new MacroWriteError(error, phase);
  }
}

/** Reads the "write in progress" flag (the macro buffer's last byte): true while the firmware ignores macros. */
export async function macroWriteFlag(
  commands: Pick<ViaCommands, 'readMacroBuffer'>,
  bufferSize: number,
): Promise<boolean> {
  return (await commands.readMacroBuffer(bufferSize - 1, 1))[0] !== 0;
}
