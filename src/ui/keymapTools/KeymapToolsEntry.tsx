import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreApi } from 'zustand/vanilla';
import { withStrings } from '../../i18n/i18n.ts';
import type { KeymapToolsState } from '../../state/keymapToolsStore.ts';
import { useAppStores, useLazyStore } from '../AppContext.tsx';
import type { KeyboardToolsProps } from './KeyboardTools.tsx';

// Everything but these buttons loads with the tools' first use: a layer above the base shown, a button pressed,
// or the pointer or focus on the keyboard.
const KeymapToolsBar = lazy(() => withStrings(import('./KeymapToolsBar.tsx'), ['layerTools']));
const KeyboardToolsCode = lazy(() => withStrings(import('./KeyboardTools.tsx'), ['layerTools']));

/**
 * The keymap tools' store once they are in use, and what puts them in use; showing a layer above the base does.
 */
export function useKeymapTools(layer: number): [StoreApi<KeymapToolsState> | null, () => void] {
  const { keymapTools } = useAppStores();
  const load = () => void keymapTools.load();
  useEffect(() => {
    if (layer > 0) void keymapTools.load();
  }, [layer, keymapTools]);
  return [useSyncExternalStore(keymapTools.subscribe, () => keymapTools.current), load];
}

/** The keymap tools on the Configure keyboard (marks, dragging, key commands) once their code is here. */
export function KeyboardTools(props: KeyboardToolsProps) {
  return (
    <Suspense fallback={null}>
      <KeyboardToolsCode {...props} />
    </Suspense>
  );
}

/** The entry buttons: their label and the tool each turns on or off. */
const TOOLS = { allLayers: 'overview', find: 'find', pressToSelect: 'pressing' } as const;

/** All layers, Find and Select by pressing, after the layer buttons; the tools' bar follows once in use. */
export function KeymapToolsEntry() {
  const { t } = useTranslation('layers');
  const { keymapTools } = useAppStores();
  const loaded = useLazyStore(keymapTools, () => true, false);
  // The tools that are on, as one string ('pressing find'), so the buttons redraw only when one changes.
  const on = useLazyStore(keymapTools, (s) => `${s.pressing ? 'pressing' : ''} ${s.panel}`, '');
  return (
    <>
      {Object.entries(TOOLS).map(([label, tool]) => (
        <button
          key={tool}
          type="button"
          aria-pressed={on.includes(tool)}
          onClick={() => void keymapTools.load().then((s) => s.getState().toggle(tool))}
        >
          {t(label)}
        </button>
      ))}
      {loaded && (
        <Suspense fallback={null}>
          <KeymapToolsBar />
        </Suspense>
      )}
    </>
  );
}
