import type { ReactNode } from 'react';
import type { LayerButtonsProps } from '../keymapTools/LayerButtons.tsx';
import type { ConfigureFrameProps } from '../common/ConfigureFrame.tsx';
import type { ConfigureKeysProps } from './ConfigureKeys.tsx';
import type { UnsavedChanges } from './UnsavedBar.tsx';

/**
 * What a keyboard family gives the shell for the Configure route; the shell places it (the layer row, the keyboard
 * area, the frame), so every family's screen is laid out by one piece of code.
 */
export interface ScreenModel<P extends string = string> {
  /** Above the layer row: a connection's states (a lock, the last failure, a keyboard that is gone). */
  notes?: ReactNode;
  /** The keyboard is being read: the shell shows its loader in place of the screen. */
  loading: boolean;
  /** The layer row (selected layer, layer names, layer menu, the keymap tools); null: none yet. */
  layers: LayerButtonsProps | null;
  /** The keys to draw and the selection; null: no keyboard to draw yet. */
  keyboard: ConfigureKeysProps | null;
  /** The panes, the history, what goes under Undo/Redo, the open pane; null: none yet. */
  frame: ConfigureFrameProps<P> | null;
  /** Changes the keyboard holds until saved, with Save and Discard: first under Undo/Redo, on every pane. */
  unsaved?: UnsavedChanges;
}

/**
 * Where the shell puts a family's screen on the Configure route, in its order: notes, layer row, the keyboard (in
 * the keyboard area, which slides to the other routes' keyboards), then the frame (or the shell's loader).
 */
export interface ScreenSlots {
  notes?: ReactNode;
  layers: ReactNode;
  keyboard: ReactNode;
  keyboardShown: boolean;
  /** The keyboard is being read: the shell's loader stands in the frame's place. */
  loading?: boolean;
  frame: ReactNode;
}
