import { DEVICE_DISCONNECTED, ViaError } from '../protocol/errors.ts';
import { KeychronError } from '../protocol/keychron/keychronReplies.ts';
import { KeychronRangeError } from '../protocol/keychron/keychronRequests.ts';
import { KeychronWriteFailed } from './keychronWrite.ts';

/**
 * A Keychron failure as the panes word it (keychron.json `problem.*`, four languages): what went wrong, the
 * command it concerns, and after a failed write what the keyboard now holds. `detail` is the English message,
 * kept for the Errors page and tests.
 */
export interface KeychronProblem {
  code: 'unbuilt' | 'refused' | 'garbled' | 'silent' | 'tooMany' | 'outOfRange' | 'disconnected' | 'other';
  command: string;
  /** After a write that reached the keyboard: whether it holds what it held before. */
  outcome?: 'rolledBack' | 'partial' | 'unknown';
  detail: string;
}

/** The problem `error` describes (any thrown value). */
export function problemOf(error: unknown): KeychronProblem {
  if (error instanceof KeychronWriteFailed) return { ...problemOf(error.cause), outcome: error.outcome };
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof KeychronError) {
    return { code: error.kind, command: error.command, detail };
  }
  if (error instanceof KeychronRangeError) return { code: 'outOfRange', command: '', detail };
  if (error instanceof ViaError && detail === DEVICE_DISCONNECTED)
    return { code: 'disconnected', command: '', detail };
  return { code: 'other', command: '', detail };
}
