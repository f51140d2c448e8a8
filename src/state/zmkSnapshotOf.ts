import type { ZmkKeymapSnapshot } from '../convert/zmkSnapshot.ts';
import type { ZmkKeyboardState } from './zmkKeyboardStore.ts';

/**
 * What the ZMK exports are written from (src/convert/zmkSnapshot.ts): the keyboard as the app holds it now —
 * unsaved changes included, since the keyboard runs them — or null before its keymap and layouts are read.
 */
export function zmkSnapshotOf(
  state: Pick<ZmkKeyboardState, 'info' | 'behaviors' | 'layouts' | 'keymap'>,
): ZmkKeymapSnapshot | null {
  const { info, behaviors, layouts, keymap } = state;
  if (!keymap || !layouts) return null;
  return { keyboardName: info?.name ?? '', behaviors, physicalLayouts: layouts, keymap };
}
