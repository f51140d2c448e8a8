import { logFailureOnce } from '../../state/errorStore.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import type { AppStores } from '../AppContext.tsx';
import type { DrawnKey } from '../canvas/useKeyboardKeys.ts';
import type { EncoderSlot } from './keymap/EncoderEditor.tsx';

/** What the keymap pane had chosen when a keycode was picked. */
export interface KeyAssignment {
  stores: Pick<AppStores, 'commands' | 'selection' | 'errors'>;
  keyboard: KeyboardState;
  layer: number;
  drawn: readonly DrawnKey[];
  /** The selected key, by its index among the drawn keys. */
  selectedIndex: number | undefined;
  /** The encoder chosen (a drawn one's key, or one the layout leaves undrawn), and which of its codes. */
  encoderIndex: number | undefined;
  encoderSlot: EncoderSlot;
  /** Fast mapping: the selection moves to the next key in reading order once the key shows its new code. */
  fastRemap: boolean;
}

/**
 * Writes `code` to the selected key, or to the chosen encoder direction; failures go to the Errors page. The
 * Configure screen's first key assignment loads this (prefetched when the page is idle, src/main.tsx), so the
 * first screen carries only the call (issue 43).
 */
export async function assignKeycode(a: KeyAssignment, code: number): Promise<void> {
  const { commands, selection, errors } = a.stores;
  const target = a.selectedIndex !== undefined ? a.drawn[a.selectedIndex] : undefined;
  const isEncoder = a.encoderIndex !== undefined;
  if (!target && !isEncoder) return;
  try {
    if (isEncoder && (a.encoderSlot !== 'press' || !target)) {
      await commands.getState().assignEncoder(a.layer, a.encoderIndex!, a.encoderSlot === 'cw', code);
      return;
    }
    if (!target || target.matrixIndex < 0) return;
    const cols = a.keyboard.definition.matrix.cols;
    const write = commands
      .getState()
      .assignKey(a.layer, Math.floor(target.matrixIndex / cols), target.matrixIndex % cols, code);
    // The key shows its new code at once: fast mapping moves on without waiting for the device.
    if (a.fastRemap && a.selectedIndex !== undefined) {
      const shapes = a.drawn.map((d) => d.key);
      const from = a.selectedIndex;
      void import('../../definitions/readingOrder.ts').then((m) =>
        selection.getState().select(m.nextInReadingOrder(shapes, from)),
      );
    }
    await write;
  } catch (error) {
    logFailureOnce(errors, error);
  }
}
