import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import type { KeymapToolsState } from '../../state/keymapToolsStore.ts';
import { useAppStores, useSelection } from '../AppContext.tsx';
import { readableError } from '../common/errorText.ts';
import type { DecorateKeys } from '../common/canvasKey.ts';
import { keyMarks, markedKey } from './keyMarks.ts';
import { useKeyGestures } from './useKeyGestures.ts';
import { useUnseenKeys } from './usePressToSelect.ts';
import type { LayerInsight } from './useLayerInsight.ts';

export interface KeyboardToolsProps {
  keyboard: KeyboardState;
  layer: number;
  tools: StoreApi<KeymapToolsState<DecorateKeys>>;
  insight: LayerInsight;
}

/**
 * The keymap tools on the Configure keyboard, which draws nothing of its own: transparent keys show dimmed what
 * they fall through to; keys that reach the shown layer, Find's hits and pressed candidates are marked
 * (`decorate`, which the keyboard applies); dragging a key onto another swaps them; a picked key (S, M, C) is
 * swapped with, moved or copied onto the next key chosen (click, Enter, Space or Ctrl/⌘+V). Each change is one
 * undo step. The keyboard is never drawn anew for them, so a focused key keeps its focus when they load.
 */
export function KeyboardTools({ keyboard, layer, tools, insight }: KeyboardToolsProps) {
  const { t } = useTranslation('layerTools');
  const { errors, selection } = useAppStores();
  const picked = useStore(tools, (s) => s.picked);
  const pressing = useStore(tools, (s) => s.pressing);
  const pressed = useStore(tools, (s) => s.pressed);
  // Keys showing something else (actuation values, paint) are left alone, and so are their gestures.
  const gestures = !useSelection((s) => s.multiSelect || s.paintColor !== null);
  const unseen = useUnseenKeys(keyboard, insight.drawn);

  const decorate = useMemo<DecorateKeys | null>(() => {
    if (!gestures) return null;
    const marks = keyMarks(insight, layer, {
      picked: picked?.place.layer === layer ? picked.place.index : null,
      candidates: pressed?.candidates ?? [],
      unseen: pressing ? unseen : [],
    });
    const words = {
      through: (key: string, on: number) => t('through', { key, layer: on }),
      nothing: t('throughNothing'),
    };
    return (keys) =>
      keys.map((key, i) => markedKey(key, marks(i), insight.through[i], insight.describe, words));
  }, [gestures, insight, layer, picked, pressed, pressing, unseen, t]);
  useEffect(() => {
    tools.getState().setDecorate(decorate);
    return () => tools.getState().setDecorate(null);
  }, [tools, decorate]);

  useKeyGestures(
    {
      enabled: gestures,
      placeOf: (index) => {
        const matrixIndex =
          index === null || index === undefined ? -1 : (insight.drawn[index]?.matrixIndex ?? -1);
        return matrixIndex >= 0 ? { layer, index: matrixIndex } : null;
      },
      selected: () => [...selection.getState().selected][0] ?? null,
      picked: () => tools.getState().picked !== null,
      pick: (place, mode) => tools.getState().pick(place, mode),
      dropPicked: () => tools.getState().dropPicked(),
      placePicked: (target) => tools.getState().placePicked(target),
      moveKey: (mode, from, to) => tools.getState().moveKey(mode, from, to),
      report: (error) => errors.getState().logAppError({ message: readableError(error) }),
    },
    !!picked,
  );
  return null;
}
