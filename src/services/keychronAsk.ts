import { INCORRECT_RESPONSE, NO_REPLY, ViaError } from '../protocol/errors.ts';
import { answers, checkReply, commandName, KeychronError } from '../protocol/keychron/keychronReplies.ts';

/** The device's request queue as the Keychron service uses it (ViaClient.requestRaw). */
export interface KeychronLink {
  requestRaw(bytes: readonly number[], accept?: (reply: Uint8Array) => boolean): Promise<Uint8Array>;
}

/**
 * One request; its reply checked (echo, status, 0xFF for a command the board lacks). The queue's own failures
 * (no reply, replies that never answer this request) come back as KeychronErrors naming the command, so every
 * failure of a Keychron exchange can be worded the same way.
 */
export async function ask(link: KeychronLink, request: number[]): Promise<Uint8Array> {
  let reply: Uint8Array;
  try {
    reply = await link.requestRaw(request, (r) => answers(request, r));
  } catch (error) {
    if (error instanceof ViaError && error.message === NO_REPLY)
      throw new KeychronError(
        `The keyboard did not answer Keychron command ${commandName(request)}`,
        'silent',
        commandName(request),
      );
    if (error instanceof ViaError && error.message === INCORRECT_RESPONSE)
      throw new KeychronError(
        `The keyboard never answered Keychron command ${commandName(request)} with its echo`,
        'garbled',
        commandName(request),
      );
    throw error;
  }
  checkReply(request, reply);
  return reply;
}

/** Asks, or null when the board does not have the command (0xFF). */
export async function askIfBuilt(link: KeychronLink, request: number[]): Promise<Uint8Array | null> {
  try {
    return await ask(link, request);
  } catch (error) {
    if (error instanceof KeychronError && error.kind === 'unbuilt') return null;
    throw error;
  }
}
