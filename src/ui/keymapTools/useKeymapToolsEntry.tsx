import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { withStrings } from '../../i18n/i18n.ts';
import { useAppStores, useLazyStore } from '../AppContext.tsx';
import type { LayerButtonsProps } from './LayerButtons.tsx';

// Everything but the entry buttons loads with the tools' first use: a layer above the base shown, a button pressed,
// or the pointer or focus on the keyboard (ConfigureKeyboard.tsx).
const KeymapToolsBar = lazy(() => withStrings(import('./KeymapToolsBar.tsx'), ['layerTools']));

/**
 * A VIA or Vial board's keymap tools for its layer row (LayerButtons): which are on and turning one on or off
 * (loading the tools' store first), and the tools' bar once in use (the row's children).
 */
export function useKeymapToolsEntry(
  layer: number,
): Pick<LayerButtonsProps, 'on' | 'onToggle'> & { children: ReactNode } {
  const { keymapTools } = useAppStores();
  // A layer above the base shows what its transparent keys fall through to: the tools load.
  useEffect(() => {
    if (layer > 0) void keymapTools.load();
  }, [layer, keymapTools]);
  const loaded = useLazyStore(keymapTools, () => true, false);
  // The tools that are on, as one string ('pressing find'), so the buttons redraw only when one changes.
  const on = useLazyStore(keymapTools, (s) => `${s.pressing ? 'pressing' : ''} ${s.panel}`, '');
  return {
    on: (tool) => on.includes(tool),
    onToggle: (tool) => void keymapTools.load().then((s) => s.getState().toggle(tool)),
    children: loaded && (
      <Suspense fallback={null}>
        <KeymapToolsBar />
      </Suspense>
    ),
  };
}
