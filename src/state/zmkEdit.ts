import type { ZmkErrorCode, ZmkOverLimit } from '../zmk/errors.ts';
import type { ZmkBinding } from '../zmk/keymapData.ts';

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

/** One undoable edit: a binding, or a step of several requests (a layer tool, a layer added, moved …). */
export type ZmkEdit =
  | { kind: 'binding'; layerId: number; position: number; from: ZmkBinding; to: ZmkBinding }
  | { kind: 'step'; label: string; undo(): Promise<void>; redo(): Promise<void> };
