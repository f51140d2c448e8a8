import { chunks } from '../protocol/bytes.ts';
import { MAX_CHUNK } from '../protocol/commands.ts';
import { ViaError } from '../protocol/errors.ts';
import { MacroWriteError, type MacroWritePhase } from '../protocol/macroWriteError.ts';
import { macroWriteFlag, writeMacroBytes } from '../protocol/macroWrite.ts';
import type { ViaCommands } from '../protocol/viaCommands.ts';
import { RefusalError } from '../lib/refusal.ts';
import { macroRefusals } from '../macros/macroRefusal.ts';

/** What a macro write leaves behind when it fails, so the pane can say so and offer Retry or Put back. */
export interface MacroWriteFault {
  /** The macro set the user saved (what Retry writes). */
  attempted: Uint8Array;
  /** The macro set the keyboard held before (what "Put back the previous macros" writes). */
  previous: Uint8Array;
  /** How far into the buffer a write may have reached: later writes clear up to here. */
  dirtyTo: number;
  /** flag: stopped raising the flag; data: half-written, flag up; lower: written, flag still up; verify: read-back. */
  phase: MacroWritePhase | 'verify';
  /** The transport's or the read-back's message. */
  message: string;
  /** The read-back found the keyboard locked (Vial): the lock refused the writes. */
  locked?: boolean;
  /**
   * Found when the keyboard loaded with its flag raised and no record of the save that raised it (another app,
   * another browser): `attempted` and `previous` are then both what it holds, and the one way out writes that.
   */
  found?: boolean;
  /** Kept when the save stopped and found again once the keyboard was back (services/unfinishedWrite.ts). */
  resumed?: boolean;
}

export const MACRO_READ_BACK_MISMATCH = 'The keyboard does not hold the macros that were written';

/**
 * Reads back what a macro write put in the buffer (the chunks it wrote, `clearTo` bytes long with zero
 * padding) and the "write in progress" flag; throws when either differs.
 */
export async function verifyMacroBytes(
  commands: ViaCommands,
  data: Uint8Array,
  bufferSize: number,
  clearTo: number,
): Promise<void> {
  const length = Math.max(data.length, Math.min(clearTo, bufferSize - 1));
  for (const [offset, size] of chunks(0, length, MAX_CHUNK)) {
    const read = await commands.readMacroBuffer(offset, size);
    for (let i = 0; i < size; i++) {
      if (read[i] !== (data[offset + i] ?? 0)) throw new ViaError(MACRO_READ_BACK_MISMATCH);
    }
  }
  if (await macroWriteFlag(commands, bufferSize)) throw new ViaError(MACRO_READ_BACK_MISMATCH);
}

/**
 * Writes a macro set and reads it back. On any failure throws a MacroSaveError carrying the fault: the
 * "write in progress" flag is left raised by the write (so the keyboard plays no half-written macro), and
 * the caller keeps both sets in memory until a Retry or a Put back succeeds.
 */
export async function saveMacros(
  commands: ViaCommands,
  macros: { bufferSize: number; bytes: Uint8Array },
  next: Uint8Array,
  dirtyTo = macros.bytes.length,
  /** Told when the write begins and when the read-back does. */
  onPhase: (phase: 'writing' | 'readBack') => void = () => undefined,
): Promise<void> {
  const clearTo = Math.max(dirtyTo, macros.bytes.length);
  const fault = (phase: MacroWriteFault['phase'], message: string): MacroSaveError =>
    new MacroSaveError({
      attempted: next,
      previous: macros.bytes,
      dirtyTo: Math.max(clearTo, next.length),
      phase,
      message,
    });
  // Refused before anything is sent, in the macro readers' words (the Macros pane shows it in the user's
  // language); the protocol's own check below is the last guard, in English.
  if (next.length > macros.bufferSize - 1)
    throw new RefusalError(macroRefusals.refusal('size', { size: next.length, max: macros.bufferSize - 1 }));
  try {
    onPhase('writing');
    await writeMacroBytes(commands, next, macros.bufferSize, clearTo);
  } catch (error) {
    if (error instanceof MacroWriteError) throw fault(error.phase, error.message);
    throw error; // refused before writing (too big): nothing changed on the keyboard
  }
  try {
    onPhase('readBack');
    await verifyMacroBytes(commands, next, macros.bufferSize, clearTo);
  } catch (error) {
    throw fault('verify', error instanceof Error ? error.message : String(error));
  }
}

/** A failed macro save: `fault` says what the keyboard holds and what to write to recover. */
export class MacroSaveError extends Error {
  constructor(readonly fault: MacroWriteFault) {
    super(fault.message);
    this.name = 'MacroSaveError';
  }
}
