import { ViaError } from './errors.ts';

// Apart from errors.ts, which the first screen's client imports: only macro writes (on demand) raise it.

/**
 * Where a macro write stopped: raising the flag (nothing written; the flag may or may not be up), writing the
 * data (the buffer is half new, the flag is up so the firmware plays no macro) or lowering the flag (the data
 * is complete but the flag is still up).
 */
export type MacroWritePhase = 'flag' | 'data' | 'lower';

/** A macro write that failed part-way; `cause` is the transport error the user also sees. */
export class MacroWriteError extends ViaError {
  constructor(
    override readonly cause: unknown,
    readonly phase: MacroWritePhase,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), {
      ...(cause instanceof ViaError ? cause.details : {}),
      phase,
    });
    this.name = 'MacroWriteError';
  }
}
