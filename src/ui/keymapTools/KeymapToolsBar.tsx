import { use, useCallback } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import type { BindingPlace } from '../../keymap/layerReach.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import { useAppStores, useDevices, useSelection } from '../AppContext.tsx';
import { FindPanel } from './FindPanel.tsx';
import { KeyboardTools } from './KeyboardTools.tsx';
import { KeyStatus } from './KeyStatus.tsx';
import { LayersOverview } from './LayersOverview.tsx';
import { LayersUnderPicker } from './LayersUnderPicker.tsx';
import { ReachSummary } from './ReachSummary.tsx';
import { focusKey } from './focusKey.ts';
import { useOverviewLayers } from './useOverviewLayers.ts';
import { usePressToSelect } from './usePressToSelect.ts';
import { useLayerInsight } from './useLayerInsight.ts';
import './keymapTools.css';

/**
 * The keymap tools beside the layer selector, once first used: how the shown layer is reached, which layers it
 * falls through to, what the key tools are doing, and the Find and All layers panels.
 */
export default function KeymapToolsBar() {
  const keyboard = useDevices((s) => s.keyboard);
  return keyboard ? <Bar keyboard={keyboard} /> : null;
}

function Bar({ keyboard }: { keyboard: KeyboardState }) {
  const { keymapTools, runtime, selection } = useAppStores();
  const { t } = useTranslation('layerTools');
  const tools = use(keymapTools.load());
  const layer = useDevices((s) => s.selectedLayer);
  const panel = useStore(tools, (s) => s.panel);
  const query = useStore(tools, (s) => s.query);
  const selected = useSelection((s) => s.selected);
  const multiSelect = useSelection((s) => s.multiSelect);
  const insight = useLayerInsight(keyboard, layer, tools);
  const overview = useOverviewLayers(keyboard, insight.reach);
  // The press that answers 'Select by pressing' is listened for here, beside what the bar says about it.
  const select = useCallback((index: number | null) => selection.getState().select(index), [selection]);
  const unseen = usePressToSelect(keyboard, tools, insight.drawn, select);
  const first = selected.size === 1 && !multiSelect ? [...selected][0]! : -1;
  const matrixIndex = insight.drawn[first]?.matrixIndex ?? -1;

  /** Shows a binding: its layer, and its key (or the encoder's key) selected and focused. */
  const show = (place: BindingPlace) => {
    runtime.store.getState().setLayer(place.layer);
    const index = insight.drawn.findIndex((d) =>
      place.kind === 'key' ? d.matrixIndex === place.index : d.key.ei === place.encoder,
    );
    selection.getState().select(index >= 0 ? index : null);
    if (index >= 0) focusKey(index);
  };
  const below = Array.from({ length: layer }, (_, l) => l);
  const toggleUnder = (l: number) =>
    tools
      .getState()
      .setUnder(
        layer,
        insight.under.includes(l) ? insight.under.filter((u) => u !== l) : [...insight.under, l],
      );

  return (
    <div className="keymap-tools-bar" data-testid="keymap-tools-bar">
      <div className="keymap-tools-line">
        <ReachSummary reach={insight.reach[layer]!} describe={insight.describe} onShow={show} />
        <LayersUnderPicker below={below} chosen={insight.under} onToggle={toggleUnder} />
        <KeyStatus
          keyboard={keyboard}
          tools={tools}
          describe={insight.describe}
          selected={matrixIndex >= 0 ? { layer, index: matrixIndex } : null}
          unseen={unseen}
        />
      </div>
      <KeyboardTools keyboard={keyboard} layer={layer} tools={tools} insight={insight} />
      {panel === 'find' && (
        <FindPanel
          query={query}
          onQuery={(text) => tools.getState().setQuery(text)}
          onClose={() => tools.getState().setPanel(null)}
          hits={insight.hits}
          macroHits={insight.macroHits}
          searching={insight.searching}
          bindingAt={(place) =>
            place.kind === 'key'
              ? (keyboard.keymap[place.layer]?.[place.index] ?? 0)
              : (keyboard.encoders[place.layer]?.[place.encoder]?.[place.clockwise ? 0 : 1] ?? 0)
          }
          describe={insight.describe}
          placeOf={(index) => {
            const cols = keyboard.definition.matrix.cols;
            return t('keyAt', { row: Math.floor(index / cols), col: index % cols });
          }}
          onShow={show}
          onShowMacro={() => selection.getState().setPane('macros')}
        />
      )}
      {panel === 'overview' && (
        <LayersOverview
          layers={overview}
          onChoose={(l, index) => {
            tools.getState().setPanel(null);
            runtime.store.getState().setLayer(l);
            selection.getState().select(index);
            focusKey(index);
          }}
          onClose={() => tools.getState().setPanel(null)}
        />
      )}
    </div>
  );
}
