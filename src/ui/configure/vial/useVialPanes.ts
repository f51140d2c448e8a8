import { useStore } from 'zustand';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import type { VialPaneId } from '../../../services/vialFeatures.ts';
import { useAppStores } from '../../AppContext.tsx';

export type { VialPaneId };

const NONE: VialPaneId[] = [];

/** The Vial panes a keyboard has, as the features read decided them (`VialFeatureData.panes`). */
export function useVialPanes(keyboard: KeyboardState | null): VialPaneId[] {
  const panes = useStore(useAppStores().runtime.vialFeatures, (s) => s.data?.panes);
  return (keyboard && panes) || NONE;
}
