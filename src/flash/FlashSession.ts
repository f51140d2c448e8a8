import { flashRefusals, flashStepRefusals, type FlashRefusalName, type FlashStep } from './flashRefusals.ts';
import type { Refusal } from '../lib/refusal.ts';

export type FlashPhase = 'erase' | 'write' | 'verify' | 'start';

/** Progress in bytes of the current phase. */
export interface FlashProgress {
  phase: FlashPhase;
  done: number;
  total: number;
}

export interface FlashOptions {
  onProgress?: (progress: FlashProgress) => void;
  /** Cancels between blocks while that is safe (the bootloader stays, the keyboard can be flashed again). */
  signal?: AbortSignal;
  /** Waits (the bootloader's poll timeouts, retries); injected so tests run without real time. */
  sleep?: (ms: number) => Promise<void>;
}

/** What a flash did. */
export interface FlashOutcome {
  /** Bytes written. */
  written: number;
  /** Bytes read back and found equal, or null where the bootloader cannot read back (HalfKay, UF2). */
  verified: number | null;
}

/**
 * Where a failed flash left the keyboard: `untouched` (nothing erased or written: the old firmware still runs
 * after a restart) or `incomplete` (erased or part written: it stays in its bootloader until flashed again;
 * the bootloader itself is never written, so it always can be).
 */
export type FlashedState = 'untouched' | 'incomplete';

/** A flash that failed: the problem, where it left the keyboard, how far it got. */
export class FlashFailure extends Error {
  constructor(
    readonly problem: Refusal,
    readonly keyboardState: FlashedState,
    readonly written: number,
  ) {
    super(problem.code);
    this.name = 'FlashFailure';
  }
}

/** A problem raised inside a client; the session turns it into a `FlashFailure` with the keyboard's state. */
export class FlashStepError extends Error {
  constructor(readonly problem: Refusal) {
    super(problem.code);
    this.name = 'FlashStepError';
  }
}

/** Throws `name` of the flash table; a `step` is placed as its own refusal (worded in the page's language). */
export const fail = (
  name: FlashRefusalName,
  { step, ...values }: { step?: FlashStep } & Record<string, string | number> = {},
): never => {
  throw new FlashStepError(
    flashRefusals.refusal(name, {
      ...values,
      ...(step !== undefined && { step: flashStepRefusals.refusal(step) }),
    }),
  );
};

/** A rejected browser call (a WebUSB transfer, a HID report): the device went away. */
export const disconnected = (step: FlashStep): never => fail('disconnected', { step });

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One flash: tracks whether anything was changed yet, the bytes written, progress and cancellation, and turns
 * whatever a client throws into a `FlashFailure`.
 */
export class FlashSession {
  touched = false;
  written = 0;
  readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: FlashOptions) {
    this.sleep = options.sleep ?? realSleep;
  }

  progress(phase: FlashPhase, done: number, total: number): void {
    this.options.onProgress?.({ phase, done, total });
  }

  /** Throws `cancelled` when the user asked to stop; call only where stopping is safe. */
  checkpoint(): void {
    if (this.options.signal?.aborted) fail('cancelled');
  }

  /** Marks the flash as having changed the chip (an erase or a write went out). */
  touch(): void {
    this.touched = true;
  }

  async run(body: () => Promise<number | null>): Promise<FlashOutcome> {
    try {
      const verified = await body();
      return { written: this.written, verified };
    } catch (error) {
      // Anything else is a fault in Keyloom, not the device: it goes up unchanged.
      if (!(error instanceof FlashStepError)) throw error;
      throw new FlashFailure(error.problem, this.touched ? 'incomplete' : 'untouched', this.written);
    }
  }
}
