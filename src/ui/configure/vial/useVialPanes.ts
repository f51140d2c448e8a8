import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { useAppStores, useLazyStore } from '../../AppContext.tsx';

export type VialPaneId = 'tapDance' | 'combos' | 'keyOverrides' | 'qmkSettings';

/** The Vial panes a keyboard has: a feature with entries (count > 0), settings when it reports any known id. */
export function useVialPanes(keyboard: KeyboardState | null): VialPaneId[] {
  const data = useLazyStore(useAppStores().runtime.vialFeatures, (s) => s.data, null);
  if (!keyboard || !data) return [];
  const panes: VialPaneId[] = [];
  if (data.counts.tapDance > 0) panes.push('tapDance');
  if (data.counts.combos > 0) panes.push('combos');
  if (data.counts.keyOverrides > 0) panes.push('keyOverrides');
  if (Object.keys(data.settings).length > 0) panes.push('qmkSettings');
  return panes;
}
