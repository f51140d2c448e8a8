import { lazy, Suspense, useEffect } from 'react';
import { withStrings } from '../../i18n/i18n.ts';
import { useAppStores, useLazyStore } from '../AppContext.tsx';
import { KeymapToolsButtons } from './KeymapToolsButtons.tsx';

// Everything but these buttons loads with the tools' first use: a layer above the base shown, a button pressed,
// or the pointer or focus on the keyboard (ConfigureKeyboard.tsx).
const KeymapToolsBar = lazy(() => withStrings(import('./KeymapToolsBar.tsx'), ['layerTools']));

/** All layers, Find and Select by pressing, after the layer buttons; the tools' bar follows once in use. */
export function KeymapToolsEntry({ layer }: { layer: number }) {
  const { keymapTools } = useAppStores();
  // A layer above the base shows what its transparent keys fall through to: the tools load.
  useEffect(() => {
    if (layer > 0) void keymapTools.load();
  }, [layer, keymapTools]);
  const loaded = useLazyStore(keymapTools, () => true, false);
  // The tools that are on, as one string ('pressing find'), so the buttons redraw only when one changes.
  const on = useLazyStore(keymapTools, (s) => `${s.pressing ? 'pressing' : ''} ${s.panel}`, '');
  return (
    <>
      <KeymapToolsButtons
        on={(tool) => on.includes(tool)}
        onToggle={(tool) => void keymapTools.load().then((s) => s.getState().toggle(tool))}
      />
      {loaded && (
        <Suspense fallback={null}>
          <KeymapToolsBar />
        </Suspense>
      )}
    </>
  );
}
