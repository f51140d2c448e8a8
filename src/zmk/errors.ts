/**
 * Every way a ZMK Studio request can fail, as a stable code: the UI words it in the user's language from the
 * code; `ZMK_ERROR_MESSAGES` is the English wording (Errors page, logs, tests). Codes after `meta.*` come from
 * the firmware's own error enums (docs/zmk-studio-protocol.md "Error codes").
 */
export const ZMK_ERROR_MESSAGES = {
  timeout:
    'The keyboard did not answer in time (a reply was lost, or its output is set to Bluetooth, not USB).',
  notStudio:
    'The device sent bytes that are not ZMK Studio replies (is this the right serial port, with ZMK Studio in its firmware?).',
  tooSlow:
    'The keyboard kept sending without finishing its reply: Keyloom gave up after the time a reply may take.',
  replyTooLarge: 'The keyboard sent a reply larger than any ZMK keyboard can send: it was dropped.',
  overLimit: 'The keyboard reported more than a ZMK keyboard can hold: {{what}} {{value}}, limit {{limit}}.',
  disconnected: 'The keyboard was disconnected.',
  openFailed: 'The connection to the keyboard could not be opened (another app may be using it).',
  writeFailed: 'The request could not be sent to the keyboard.',
  unexpectedReply: 'The keyboard answered with a reply of another kind than was asked for.',
  invalidRequest: 'The request was not sent: its values are out of the range the keyboard accepts.',
  unlockRequired: 'The keyboard is locked: press the key bound to Studio Unlock (&studio_unlock) on it.',
  notFound: 'The keyboard’s firmware does not know this request (an older or newer ZMK).',
  generic: 'The keyboard could not do this (it reported a general error).',
  decodeFailed: 'The keyboard could not read the request.',
  encodeFailed: 'The keyboard could not write its reply.',
  noResponse: 'The keyboard had nothing to answer.',
  bindingInvalidLocation: 'That key position or layer does not exist on the keyboard (or in this layout).',
  bindingInvalidBehavior: 'The keyboard does not have that behavior.',
  bindingInvalidParameters: 'The keyboard refused the behavior’s parameters.',
  saveGeneric: 'The keyboard could not save the changes.',
  saveNotSupported: 'This keyboard’s firmware cannot save changes (no settings storage).',
  saveNoSpace: 'The keyboard’s settings storage is full: the changes were not saved.',
  layoutGeneric: 'The keyboard could not switch to that physical layout.',
  layoutInvalidIndex: 'The keyboard has no physical layout with that number.',
  moveGeneric: 'The keyboard could not move the layer.',
  moveInvalidLayer: 'The keyboard has no layer at that place to move.',
  moveInvalidDestination: 'The layer cannot be moved there.',
  addGeneric: 'The keyboard could not add a layer.',
  addNoSpace: 'The keyboard has no spare layer left to add.',
  removeGeneric: 'The keyboard could not remove the layer.',
  removeInvalidIndex: 'The keyboard has no layer at that place to remove.',
  restoreGeneric: 'The keyboard could not restore the layer.',
  restoreInvalidId: 'The keyboard has no such layer to restore.',
  restoreInvalidIndex: 'The layer cannot be restored at that place.',
  layerPropsGeneric: 'The keyboard could not rename the layer.',
  layerPropsInvalidId: 'The keyboard has no such layer to rename.',
  resetFailed: 'The keyboard could not reset its settings.',
} as const;

export type ZmkErrorCode = keyof typeof ZMK_ERROR_MESSAGES;

/** What the keyboard reported over a limit (limits.ts): which count or length, its value, the limit. */
export interface ZmkOverLimit {
  what: string;
  value: number;
  limit: number;
}

/** A failed request, for the page to word in the user's language (by code) and the Errors page (in English). */
export interface ZmkFailure {
  code: ZmkErrorCode;
  /** 'keymap.setLayerBinding' … */
  request: string;
  /** The key whose binding went back to what it was. */
  key?: { layerId: number; position: number };
  /** For 'overLimit': which count or length the keyboard reported over which limit. */
  over?: ZmkOverLimit;
  /** After a lost reply Keyloom read the keymap again: what it shows is what the keyboard has. */
  reread?: boolean;
}

const fill = (text: string, over?: ZmkOverLimit) =>
  over ? text.replace(/\{\{(\w+)\}\}/g, (_, key: keyof ZmkOverLimit) => String(over[key])) : text;

/** A failed ZMK Studio request: `code` says what happened, `request` which request ('keymap.saveChanges'). */
export class ZmkError extends Error {
  constructor(
    readonly code: ZmkErrorCode,
    readonly request: string = '',
    readonly detail: string = '',
    /** For 'overLimit': what was over which limit (the page words it). */
    readonly over?: ZmkOverLimit,
  ) {
    super(
      over ? fill(ZMK_ERROR_MESSAGES[code], over) : ZMK_ERROR_MESSAGES[code] + (detail ? ` (${detail})` : ''),
    );
    this.name = 'ZmkError';
  }
}

/** True for a ZmkError with one of `codes`. */
export function isZmkError(error: unknown, ...codes: ZmkErrorCode[]): error is ZmkError {
  return error instanceof ZmkError && (codes.length === 0 || codes.includes(error.code));
}
