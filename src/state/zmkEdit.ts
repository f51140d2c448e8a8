import type { ZmkFailure } from '../zmk/errors.ts';
import type { ZmkBinding } from '../zmk/keymapData.ts';

export type { ZmkFailure };

/** One undoable edit: a binding, or a step of several requests (a layer tool, a layer added, moved …). */
export type ZmkEdit =
  | { kind: 'binding'; layerId: number; position: number; from: ZmkBinding; to: ZmkBinding }
  | { kind: 'step'; label: string; undo(): Promise<void>; redo(): Promise<void> };
