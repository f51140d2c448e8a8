import type { ViaClient } from '../protocol/viaClient.ts';
import {
  isVialKeyboardIdReply,
  readKeyboardId,
  VIAL_GET_KEYBOARD_ID,
  vialRequest,
  type VialKeyboardId,
} from '../protocol/vialBasics.ts';

/** A Vial board speaks VIA protocol 9 (vial-qmk's via.h): only those are asked the Vial question. */
export const VIAL_VIA_PROTOCOL = 9;

/** The name a VialDefinitionError (services/vialDefinitionReader.ts) carries: the reader loads lazily. */
export const VIAL_DEFINITION_ERROR = 'VialDefinitionError';

/**
 * Asks the Vial "get keyboard id" question: the keyboard's Vial protocol, UID and VialRGB flag, or null for a
 * keyboard that is not a Vial one (a VIA keyboard answers 0xFF) or does not answer it.
 */
export async function identifyVial(client: ViaClient): Promise<VialKeyboardId | null> {
  try {
    const reply = await client.requestRaw(vialRequest(VIAL_GET_KEYBOARD_ID), () => true, 2);
    return isVialKeyboardIdReply(reply) ? readKeyboardId(reply) : null;
  } catch {
    return null;
  }
}
