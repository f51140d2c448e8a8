import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { BindingPlace } from '../../../keymap/layerReach.ts';
import { toggleUnder } from '../../../keymap/zmkLayersUnder.ts';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import type { DecorateKeys } from '../../common/canvasKey.ts';
import { LayerToolsBar } from '../../keymapTools/LayerToolsBar.tsx';
import type { OverviewLayer } from '../../keymapTools/LayersOverview.tsx';
import { useKeyDecoration } from '../../keymapTools/useKeyDecoration.ts';
import { usePressToSelect, type PressedKey } from '../../keymapTools/usePressToSelect.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import type { KeyMove } from '../../../keymap/keyMoves.ts';
import { zmkBindingModel } from '../../../keymap/zmkBindingModel.ts';
import type { ZmkBinding } from '../../../zmk/keymapData.ts';
import { useZmkInsight, type ZmkToolsState } from './useZmkInsight.ts';
import { ZmkKeyTools, type ZmkKeyToolsState } from './ZmkKeyTools.tsx';
import { zmkCanvasKeys } from './zmkKeys.ts';
import { useKeyNaming } from '../../canvas/keyNaming.ts';

const NO_BINDING = { behaviorId: 0, param1: 0, param2: 0 };
const EMPTY_KEYMAP = { layers: [], availableLayers: 0, maxLayerNameLength: 0 };
const NO_KEY_TOOLS: ZmkKeyToolsState = { picked: null, lastMove: null, pressed: null };
const NO_KEYS: readonly number[] = [];
const NO_MODEL = zmkBindingModel(EMPTY_KEYMAP, []);

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
  const naming = useKeyNaming();
  const insight = useZmkInsight(state, layer, tools);
  const [keyTools, setKeyTools] = useState(NO_KEY_TOOLS);
  const keyCount = insight?.drawn.length ?? 0;
  // The press answers Select by pressing: its candidates are marked, the first selected on the shown layer.
  const onPressed = useCallback(
    (pressed: PressedKey) => {
      onTools({ pressing: false });
      setKeyTools({ picked: null, lastMove: null, pressed });
      const first = pressed.candidates[0];
      if (first !== undefined) onShow(layer, first);
    },
    [onTools, onShow, layer],
  );
  const keymap = state.keymap ?? EMPTY_KEYMAP;
  const unseen = usePressToSelect(
    insight ? keymap.layers[insight.base]?.bindings : undefined,
    insight?.model ?? NO_MODEL,
    insight?.used ?? NO_KEYS,
    tools.pressing,
    onPressed,
  );
  const { picked, pressed } = keyTools;
  const decorate = useKeyDecoration(insight, layer, {
    picked: picked?.place.layer === layer ? picked.place.index : null,
    candidates: tools.pressing ? NO_KEYS : (pressed?.candidates ?? NO_KEYS),
    unseen: tools.pressing ? unseen : NO_KEYS,
  });
  useEffect(() => {
    onDecorate(decorate);
    return () => onDecorate(null);
  }, [decorate, onDecorate]);

  const overview = useMemo<OverviewLayer[]>(
    () =>
      tools.panel !== 'overview' || !insight
        ? []
        : keymap.layers.map((l, index) => ({
            layer: index,
            name: l.name
              ? t('zmk:layerButton', { n: index, name: l.name })
              : t('zmk:layerUnnamed', { n: index }),
            keys: zmkCanvasKeys(state, index, hostLayout, naming),
            unreachable: !insight.reach[index]?.reachable,
          })),
    [tools.panel, insight, keymap, state, hostLayout, naming, t],
  );
  if (!insight || !state.keymap) return null;
  const show = (place: BindingPlace) => {
    if (place.kind === 'key') onShow(place.layer, place.index);
  };
  return (
    <LayerToolsBar
      layer={layer}
      insight={insight}
      below={Array.from({ length: Math.max(0, layer - insight.base) }, (_, i) => insight.base + i)}
      onToggleUnder={(l) => onTools({ under: toggleUnder(keymap, tools.under, layer, l, insight.under) })}
      onShow={show}
      unreachableText={t('zmk:insight.unreachable', { n: layer })}
      status={
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
      }
      panel={tools.panel}
      onClosePanel={() => onTools({ panel: null })}
      query={tools.query}
      onQuery={(query) => onTools({ query })}
      bindingAt={(place) =>
        (place.kind === 'key' && keymap.layers[place.layer]?.bindings[place.index]) || NO_BINDING
      }
      findPlaceholder={t('zmk:insight.findPlaceholder')}
      onShowMacro={() => undefined}
      overview={overview}
      onChooseOverview={(l, index) => {
        onTools({ panel: null });
        onShow(l, index);
      }}
    />
  );
}
