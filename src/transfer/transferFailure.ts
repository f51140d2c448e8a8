import { ViaError } from '../protocol/errors.ts';
import { TRANSFER } from './frames.ts';
import type { TransferLink } from './links.ts';

/**
 * Where a failed transfer left the keyboard, so the page can say it (issue #18.6):
 * - `untouched`: the keyboard refused or never answered the opening frame and was told to stop; nothing of the
 *   new content was written.
 * - `stopped`: part of the content went out, then the keyboard was told to stop (226); it left its receiving
 *   state and keeps what it had before (firmware) or its factory content (screen, lighting).
 * - `unknown`: the stop could not be sent (unplugged, port lost): the keyboard may still be waiting for data
 *   until it is restarted.
 */
export type KeyboardTransferState = 'untouched' | 'stopped' | 'unknown';

/** A transfer that failed: the link's own message (e.g. 'No reply from the keyboard'), plus where it stopped. */
export class TransferFailure extends ViaError {
  constructor(
    cause: unknown,
    readonly keyboardState: KeyboardTransferState,
    /** Bytes the keyboard had accepted when it failed. */
    readonly sent: number,
    readonly total: number,
  ) {
    const message = cause instanceof Error ? cause.message : String(cause);
    super(message, { ...(cause instanceof ViaError ? cause.details : {}), keyboardState, sent, total });
    this.name = 'TransferFailure';
  }
}

/**
 * Best effort: tells the keyboard to leave its receiving state (226). Over HID the VIA client waits for the
 * echo (with its retries); over serial the stop is written without waiting, as the vendor's app does. Never
 * throws: true when the stop went out (and, over HID, was answered).
 */
export async function sendStop(link: TransferLink): Promise<boolean> {
  try {
    await link.send(TRANSFER.CANCEL, [], link.kind === 'hid');
    return true;
  } catch {
    return false;
  }
}
