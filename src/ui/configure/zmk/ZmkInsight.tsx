import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { BindingPlace } from '../../../keymap/layerReach.ts';
import { toggleUnder } from '../../../keymap/zmkLayersUnder.ts';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import type { DecorateKeys } from '../../common/canvasKey.ts';
import { FindPanel } from '../../keymapTools/FindPanel.tsx';
import { keyMarks, markedKey } from '../../keymapTools/keyMarks.ts';
import { LayersOverview, type OverviewLayer } from '../../keymapTools/LayersOverview.tsx';
import { LayersUnderPicker } from '../../keymapTools/LayersUnderPicker.tsx';
import { ReachSummary } from '../../keymapTools/ReachSummary.tsx';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import type { KeyMove } from '../../../keymap/keyMoves.ts';
import type { ZmkBinding } from '../../../zmk/keymapData.ts';
import { useZmkInsight, type ZmkToolsState } from './useZmkInsight.ts';
import { ZmkKeyTools, type ZmkKeyToolsState } from './ZmkKeyTools.tsx';
import { useZmkPressToSelect, type ZmkPressed } from './useZmkPressToSelect.ts';
import { zmkCanvasKeys } from './zmkKeys.ts';
import '../../keymapTools/keymapTools.css';

const NO_BINDING = { behaviorId: 0, param1: 0, param2: 0 };
const EMPTY_KEYMAP = { layers: [], availableLayers: 0, maxLayerNameLength: 0 };
const NO_KEY_TOOLS: ZmkKeyToolsState = { picked: null, lastMove: null, pressed: null };

export interface ZmkInsightProps {
  state: Pick<ZmkKeyboardState, 'keymap' | 'layouts' | 'behaviors' | 'removed'>;
  /** The shown layer's index. */
  layer: number;
  tools: ZmkToolsState;
  onTools(change: Partial<ZmkToolsState>): void;
  /** What the keyboard does to its keys (marks, fall-through legends); null: nothing. */
  onDecorate(decorate: DecorateKeys | null): void;
  /** Shows a key: its layer, the key selected and focused. */
  onShow(layer: number, position: number): void;
  /** The selected key's position, if one. */
  selected: number | null;
  onMove(move: KeyMove<ZmkBinding>): Promise<void>;
}

/**
 * The layer tools of issue 28 on a ZMK keyboard, from the same analysis and pieces as a VIA board's: how the
 * shown layer is reached ('Reached by: hold MO Lower on layer 0'; a layer no key reaches, a layer with no way
 * back), its transparent keys showing what they fall through to (for the layers marked on under it), Find across
 * every layer, All layers at once, and keys swapped, moved or copied (ZmkKeyMoves). Loaded with its strings when
 * first needed.
 */
export function ZmkInsight(props: ZmkInsightProps) {
  const { state, layer, tools, onTools, onDecorate, onShow, selected, onMove } = props;
  const { t } = useTranslation(['layerTools', 'zmk']);
  const hostLayout = useHostLayout();
  const insight = useZmkInsight(state, layer, tools);
  const [keyTools, setKeyTools] = useState(NO_KEY_TOOLS);
  const keyCount = insight?.drawn.length ?? 0;
  // The press answers Select by pressing: its candidates are marked, the first selected on the shown layer.
  const onPressed = useCallback(
    (pressed: ZmkPressed) => {
      onTools({ pressing: false });
      setKeyTools({ picked: null, lastMove: null, pressed });
      const first = pressed.candidates[0];
      if (first !== undefined) onShow(layer, first);
    },
    [onTools, onShow, layer],
  );
  const unseen = useZmkPressToSelect(
    state.keymap ?? EMPTY_KEYMAP,
    state.behaviors,
    keyCount,
    tools.pressing,
    onPressed,
  );

  const decorate = useMemo<DecorateKeys | null>(() => {
    if (!insight) return null;
    const { picked, pressed } = keyTools;
    const marks = keyMarks(insight, layer, {
      picked: picked?.place.layer === layer ? picked.place.index : null,
      candidates: tools.pressing ? [] : (pressed?.candidates ?? []),
      unseen: tools.pressing ? unseen : [],
    });
    const words = {
      through: (key: string, on: number) => t('through', { key, layer: on }),
      nothing: t('throughNothing'),
    };
    return (keys) =>
      keys.map((key, i) => markedKey(key, marks(i), insight.through[i], insight.describe, words));
  }, [insight, layer, keyTools, tools.pressing, unseen, t]);
  useEffect(() => {
    onDecorate(decorate);
    return () => onDecorate(null);
  }, [decorate, onDecorate]);

  const overview = useMemo<OverviewLayer[]>(
    () =>
      tools.panel !== 'overview' || !insight
        ? []
        : (state.keymap?.layers ?? []).map((l, index) => ({
            layer: index,
            name: l.name
              ? t('zmk:layerButton', { n: index, name: l.name })
              : t('zmk:layerUnnamed', { n: index }),
            keys: zmkCanvasKeys(state, index, hostLayout),
            unreachable: !insight.reach[index]?.reachable,
          })),
    [tools.panel, insight, state, hostLayout, t],
  );
  if (!insight || !state.keymap) return null;
  const { keymap } = state;
  const show = (place: BindingPlace) => {
    if (place.kind === 'key') onShow(place.layer, place.index);
  };
  const reach = insight.reach[layer];
  const below = Array.from({ length: Math.max(0, layer - insight.base) }, (_, i) => insight.base + i);
  const toggle = (l: number) => onTools({ under: toggleUnder(keymap, tools.under, layer, l, insight.under) });

  return (
    <div className="keymap-tools-bar" data-testid="keymap-tools-bar">
      <div className="keymap-tools-line">
        {reach && (
          <ReachSummary
            reach={reach}
            describe={insight.describe}
            onShow={show}
            unreachableText={t('zmk:insight.unreachable', { n: layer })}
          />
        )}
        <LayersUnderPicker below={below} chosen={insight.under} onToggle={toggle} />
        <ZmkKeyTools
          keymap={keymap}
          behaviors={state.behaviors}
          layer={layer}
          base={insight.base}
          keyCount={keyCount}
          selected={selected}
          describe={insight.describe}
          state={keyTools}
          onState={setKeyTools}
          pressing={tools.pressing}
          unseen={unseen}
          onMove={onMove}
        />
      </div>
      {tools.panel === 'find' && (
        <FindPanel
          query={tools.query}
          onQuery={(query) => onTools({ query })}
          onClose={() => onTools({ panel: null })}
          hits={insight.hits}
          macroHits={[]}
          searching={insight.searching}
          bindingAt={(place) =>
            (place.kind === 'key' && keymap.layers[place.layer]?.bindings[place.index]) || NO_BINDING
          }
          describe={insight.describe}
          placeholder={t('zmk:insight.findPlaceholder')}
          onShow={show}
          onShowMacro={() => undefined}
        />
      )}
      {tools.panel === 'overview' && (
        <LayersOverview
          layers={overview}
          onChoose={(l, index) => {
            onTools({ panel: null });
            onShow(l, index);
          }}
          onClose={() => onTools({ panel: null })}
        />
      )}
    </div>
  );
}
