import type { ZmkKeymapData, ZmkLayer, ZmkPhysicalLayouts } from '../zmk/keymapData.ts';
import { zmkSupports, type ZmkKeyboardState } from './zmkKeyboardStore.ts';

/** A ZMK keyboard's keymap once read, with the layer shown. */
export interface ZmkShownKeymap {
  keymap: ZmkKeymapData;
  layouts: ZmkPhysicalLayouts;
  layer: ZmkLayer;
  /** The position of the shown layer's key whose last write failed (it shows its old binding again); -1: none. */
  failed: number;
  /** The firmware can switch among more than one physical layout. */
  layoutChoice: boolean;
}

/** What a ZMK keyboard's screen (ui/configure/zmk/ZmkScreen.tsx) shows of its store now. */
export interface ZmkScreenView {
  /** The keyboard's own name, else its connection's label. */
  name: string;
  /** The shell's loader shows: the keyboard is read (while it is locked, the lock card says why nothing is). */
  loading: boolean;
  /** A layer above the default one (layer id 0) is shown: the keymap tools load. */
  aboveDefault: boolean;
  /** The keymap, once read and ready. */
  shown: ZmkShownKeymap | null;
}

/** The screen's view of a ZMK keyboard's state: pure, so each decision is tested without a page. */
export function zmkScreenView(
  state: Pick<
    ZmkKeyboardState,
    'info' | 'label' | 'phase' | 'lock' | 'keymap' | 'layouts' | 'selectedLayer' | 'failure' | 'unsupported'
  >,
): ZmkScreenView {
  const { keymap, layouts, failure } = state;
  const layer = keymap?.layers[state.selectedLayer];
  const view = {
    name: state.info?.name ?? state.label,
    loading: state.phase === 'loading' && state.lock.state !== 'locked',
    aboveDefault: layer !== undefined && layer.id !== 0,
  };
  if (state.phase !== 'ready' || !keymap || !layouts || !layer) return { ...view, shown: null };
  const failed = failure?.key && failure.key.layerId === layer.id ? failure.key.position : -1;
  const layoutChoice = layouts.layouts.length > 1 && zmkSupports(state, 'keymap.setActivePhysicalLayout');
  return { ...view, shown: { keymap, layouts, layer, failed, layoutChoice } };
}
