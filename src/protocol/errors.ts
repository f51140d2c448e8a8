/** What went wrong talking to a keyboard; the message is what the user sees on the Errors page. */
export class ViaError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ViaError';
  }
}

/** The reply did not echo the request: a stale or desynchronised report (core.md §8). */
export const INCORRECT_RESPONSE = 'Receiving incorrect response for command';
/** Byte 0 of the reply is 0xFF: the firmware has no handler for this command, value or channel. */
export const UNSUPPORTED_BY_FIRMWARE = 'Command unsupported by this firmware';
/** The device sent error byte 238. */
export const ERROR_238 = 'Error: 238';
export const UNSUPPORTED_PROTOCOL = 'Unsupported protocol version';
export const MAX_DATA_LENGTH = 'Max data length is 28';
export const MACROS_DISABLED = 'Macros are disabled';
export const MISSING_DEVICE = 'Missing hid device in cache';
export const NO_REPLY = 'No reply from the keyboard';
export const DEVICE_DISCONNECTED = 'The keyboard was disconnected';
