import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import type { VialPaneId } from '../../../services/vialFeatures.ts';
import { useAppStores, useLazyStore } from '../../AppContext.tsx';

export type { VialPaneId };

const NONE: VialPaneId[] = [];

/** The Vial panes a keyboard has, as the features read decided them (`VialFeatureData.panes`). */
export function useVialPanes(keyboard: KeyboardState | null): VialPaneId[] {
  const panes = useLazyStore(useAppStores().runtime.vialFeatures, (s) => s.data?.panes, undefined);
  return (keyboard && panes) || NONE;
}
