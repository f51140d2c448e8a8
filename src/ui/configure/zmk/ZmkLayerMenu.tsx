import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { zmkLayerMenu } from '../../../state/zmkLayerMenu.ts';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import type { LayerMenuHandle } from '../../keymapTools/LayerMenu.tsx';
import { LayerMenuPanel } from '../../keymapTools/LayerMenuPanel.tsx';

/**
 * The layer menu's panel on a ZMK keyboard: every family's LayerMenuPanel given what the keyboard's store offers
 * (`zmkLayerMenu`), drawn again as the store changes.
 */
export function ZmkLayerMenu({ store, ...handle }: LayerMenuHandle & { store: StoreApi<ZmkKeyboardState> }) {
  useStore(store);
  const family = zmkLayerMenu(store);
  return family && <LayerMenuPanel {...handle} {...family} />;
}
