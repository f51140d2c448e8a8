import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import type { ZmkKeyboardEntry } from '../../../state/zmkKeyboards.ts';
import { zmkScreenView } from '../../../state/zmkScreenView.ts';
import { useSettings } from '../../AppContext.tsx';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { ZmkBindingEditor } from './ZmkBindingEditor.tsx';
import { ZmkConnectionState } from './ZmkConnectionState.tsx';
import { ZmkLayoutChoice } from './ZmkLayoutChoice.tsx';
import './zmkScreen.css';
import { zmkCanvasKeys } from '../../../zmk/canvasKeys.ts';
import { layerChoices } from '../../../zmk/bindingParams.ts';
import { zmkConnectionText, zmkTitleWords } from '../../../zmk/names.ts';
import { activeKeyCount } from '../../../zmk/physicalLayout.ts';
import { useKeyNaming } from '../../canvas/keyNaming.ts';
import { onDemand } from '../../common/onDemand.tsx';
import type { DecorateKeys } from '../../common/canvasKey.ts';
import { createZmkToolsStore } from '../../../state/zmkToolsStore.ts';
import './zmk.css';
import type { ScreenModel, ScreenSlots } from '../../keymapScreen/screenModel.ts';
import { modelSlots } from '../../keymapScreen/modelSlots.tsx';
import { storeHistory } from '../../keymapScreen/storeHistory.ts';
import { quietly, useKeySelection, useToolsUsed } from '../../keymapScreen/useKeySelection.ts';

type Pane = 'keymap' | 'saveLoad';
// Both read what every ZMK Studio keyboard reports; the layer order is in the layer menu (ZmkLayerMenu).
const PANES: Pane[] = ['keymap', 'saveLoad'];

// Save + Load (the exports' writers, a .keymap's reader, print and pictures, the keyboard's facts and reset) loads
// with its strings when the pane is first opened.
const ZmkSaveLoadPane = onDemand(
  () => import('./ZmkSaveLoadPane.tsx').then((m) => m.ZmkSaveLoadPane),
  ['convert', 'zmk', 'refusals', 'sheets'],
);
// The layer tools (fall-through, reach, Find, All layers) load with their strings when a layer above the default
// one is shown or a tool is opened.
const ZmkInsight = onDemand(
  () => import('./ZmkInsight.tsx').then((m) => m.ZmkInsight),
  ['layerTools', 'zmk'],
);
// The layer menu's panel (Copy, Swap, Clear, the layer order) loads with its strings when the menu is first opened.
const ZmkLayerMenu = onDemand(() => import('./ZmkLayerMenu.tsx').then((m) => m.ZmkLayerMenu), ['layerTools']);

/**
 * A ZMK keyboard's screen model for the Configure route, as the shell's slots (`modelSlots`): the shell places it
 * (`place`) as it places a VIA board's, with the same pieces. Given here: its connection states
 * (ZmkConnectionState), the layer row's layers, menu and keymap tools, the keys drawn on the selected physical
 * layout, and the Configure frame's panes (the selected key's binding, Save + Load) with, under Undo/Redo, what is ZMK's own: unsaved changes with Save and Discard, the physical
 * layout. Every edit goes through the keyboard's store (state/zmkKeyboardStore.ts).
 */
export function ZmkScreen({
  entry,
  onRemove,
  place,
}: {
  entry: ZmkKeyboardEntry;
  onRemove(): void;
  place(slots: ScreenSlots): ReactNode;
}) {
  const { t } = useTranslation(['zmk', 'configure', 'layers']);
  const { store } = entry;
  const state = useStore(store);
  const hostLayout = useHostLayout();
  const naming = useKeyNaming();
  const fastRemap = !useSettings((s) => s.disableFastRemap);
  const [pane, setPane] = useState<Pane>('keymap');
  const selectLayer = useCallback((index: number) => store.getState().selectLayer(index), [store]);
  const showKeymap = useCallback(() => setPane('keymap'), []);
  const { selected, setSelected, selection, showKey, selectNext } = useKeySelection(selectLayer, showKeymap);
  // The keymap tools' state, as a VIA board's (state/keymapToolsStore.ts), its moves run on this keyboard.
  const [tools] = useState(() => createZmkToolsStore<DecorateKeys>(store));
  const decorate = useStore(tools, (s) => s.decorate);
  const panel = useStore(tools, (s) => s.panel);
  const pressing = useStore(tools, (s) => s.pressing);
  // The drawing changes with these only (not with the lock or the busy flag).
  const { keymap, layouts, behaviors, removed } = state;
  const keysOf = useCallback(
    (index: number) =>
      zmkCanvasKeys({ keymap, layouts, behaviors, removed }, index, hostLayout, naming, zmkTitleWords(t)),
    [keymap, layouts, behaviors, removed, hostLayout, naming, t],
  );
  const keys = useMemo(() => keysOf(state.selectedLayer), [keysOf, state.selectedLayer]);
  const layers = useMemo(() => layerChoices(keymap?.layers ?? [], removed), [keymap, removed]);
  const names = useMemo(() => keymap?.layers.map((l) => l.name) ?? [], [keymap]);

  const { name, loading, aboveDefault, shown } = zmkScreenView(state);
  // A layer above the default one shown, or a tool opened: the layer tools load, and stay.
  const toolsUse = useToolsUsed(panel !== null || pressing || aboveDefault);

  const notes = <ZmkConnectionState entry={entry} onRemove={onRemove} />;
  if (!shown) return place(modelSlots({ notes, loading, layers: null, keyboard: null, frame: null }));
  const { layer } = shown;

  const model: ScreenModel<Pane> = {
    notes,
    loading: false,
    layers: {
      className: 'zmk-layer-bar',
      names,
      selected: state.selectedLayer,
      onSelect: selectLayer,
      menu: (handle) => <ZmkLayerMenu {...handle} store={store} />,
      on: (tool) => (tool === 'pressing' ? pressing : panel === tool),
      onToggle: (tool) => tools.getState().toggle(tool),
      children: toolsUse.used && (
        <ZmkInsight
          {...{ behaviors, layers, names, keysOf, tools, selected }}
          keymap={shown.keymap}
          keyCount={activeKeyCount(layouts)}
          layer={state.selectedLayer}
          onShow={showKey}
        />
      ),
    },
    keyboard: {
      keys,
      failed: shown.failed,
      decorate,
      onUse: toolsUse.markUsed,
      selected: selection,
      onSelect: setSelected,
      onActivate: () => setPane('keymap'),
      ariaLabel: t('configure:keyboardLabel', { layer: state.selectedLayer }),
    },
    frame: {
      name,
      foot: `${name} · ${t('zmk:via', { connection: zmkConnectionText(t, state.label) })}`,
      panes: PANES,
      pane,
      onPane: setPane,
      paneLabel: (p) => t(`configure:pane.${p}`),
      // The physical layout: beside Undo and Redo (after what the keyboard holds until saved), on every pane.
      head: shown.layoutChoice && (
        <ZmkLayoutChoice
          layouts={shown.layouts}
          busy={state.busy}
          undoSteps={state.undoStack.length}
          onLayout={(index) => {
            setSelected(null);
            quietly(store.getState().selectLayout(index));
          }}
        />
      ),
      history: storeHistory(state),
      // The keymap pane: the selected key's binding (or what to do first); Save + Load.
      children:
        pane === 'saveLoad' ? (
          <ZmkSaveLoadPane store={store} keys={keys} keysOf={keysOf} />
        ) : selected === null || selected >= keys.length ? (
          <p className="row-hint">{t('zmk:selectKey')}</p>
        ) : (
          <ZmkBindingEditor
            layer={layer}
            position={selected}
            behaviors={behaviors}
            layers={layers}
            onChange={(binding) => quietly(store.getState().setBinding(layer.id, selected, binding))}
            onKeyPicked={() => fastRemap && selectNext(keys.map((k) => k.shape))}
          />
        ),
    },
    // ZMK keeps edits in the keyboard's memory until saved (docs/zmk-studio-protocol.md "Save, discard").
    unsaved: {
      prefix: 'zmk',
      unsaved: state.unsaved,
      busy: state.busy,
      onSave: () => quietly(store.getState().save()),
      onDiscard: () => quietly(store.getState().discard()),
      words: (word) => t(word === 'cancel' ? 'zmk:cancel' : `zmk:unsaved.${word}`),
    },
  };
  return place(modelSlots(model));
}
