import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { builtInBehaviorId } from '../../../convert/zmkBindingText.ts';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import type { LayerMenuHandle } from '../../keymapTools/LayerMenu.tsx';
import { LayerMenuPanel } from '../../keymapTools/LayerMenuPanel.tsx';
import type { LayerClear, MenuOperation } from '../../keymapTools/LayerToolOutcome.tsx';

/**
 * Behaviors a layer is cleared to: the keyboard's own &trans and &none, as Keyloom identifies them (a build that
 * renames them or has the name twice gets no button rather than a guess).
 */
const CLEAR_TO: Record<LayerClear, string> = { transparent: 'trans', nothing: 'none' };

/**
 * The layer menu's panel on a ZMK keyboard: Copy, Swap and Clear as set-binding requests over the selected
 * physical layout's keys, one undo step each (a refusal is shown by the keyboard's failure note). Layers are named
 * on the keyboard, in the Layers pane.
 */
export function ZmkLayerMenu({ store, ...handle }: LayerMenuHandle & { store: StoreApi<ZmkKeyboardState> }) {
  const keymap = useStore(store, (s) => s.keymap);
  const layer = useStore(store, (s) => s.selectedLayer);
  const behaviors = useStore(store, (s) => s.behaviors);
  const keyCount = useStore(store, (s) => s.layouts?.layouts[s.layouts.activeIndex]?.keys.length ?? 0);
  const lastStep = useStore(store, (s) => s.undoStack.at(-1));
  if (!keymap) return null;
  const idOf = (index: number) => keymap.layers[index]?.id ?? -1;
  const clearId = (to: LayerClear) => builtInBehaviorId(behaviors, CLEAR_TO[to]);
  const offered = (['transparent', 'nothing'] as const).filter((to) => clearId(to) !== null);
  const empty = new Set(offered.map(clearId));
  const run = async (menu: MenuOperation) => {
    const before = store.getState().undoStack.at(-1);
    await store.getState().runLayerOperation(
      menu.kind === 'copy'
        ? { kind: 'copy', from: idOf(menu.from), to: idOf(menu.to) }
        : menu.kind === 'swap'
          ? { kind: 'swap', a: idOf(menu.a), b: idOf(menu.b) }
          : {
              kind: 'clear',
              layer: idOf(menu.layer),
              binding: { behaviorId: clearId(menu.to)!, param1: 0, param2: 0 },
            },
    );
    const after = store.getState().undoStack.at(-1);
    return after !== before ? after : null;
  };
  return (
    <LayerMenuPanel
      {...handle}
      layer={layer}
      names={keymap.layers.map((l) => l.name)}
      clears={Object.fromEntries(offered.map((to) => [to, `&${CLEAR_TO[to]}`]))}
      assigned={(index) =>
        (keymap.layers[index]?.bindings ?? []).slice(0, keyCount).filter((b) => !empty.has(b.behaviorId))
          .length
      }
      run={run}
      lastStep={lastStep}
      undo={() => store.getState().undo()}
    />
  );
}
