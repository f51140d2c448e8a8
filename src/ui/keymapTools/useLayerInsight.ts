import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { keycodeQuery } from '../../keymap/keycodeQuery.ts';
import type { KeymapToolsModel } from '../../keymap/keymapToolsModel.ts';
import { qmkToolsModel } from '../../keymap/qmkToolsModel.ts';
import { decodeMacros } from '../../macros/macroCodec.ts';
import { macroFormatOf } from '../../macros/macroFormat.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import type { KeymapToolsState } from '../../state/keymapToolsStore.ts';
import { useHostLayout } from '../legends/useHostLayout.ts';
import { useKeyboardKeys, type DrawnKey } from '../canvas/useKeyboardKeys.ts';

const NO_MACRO_HITS: number[] = [];

/**
 * A VIA or Vial keyboard's keymap for the keymap tools (`qmkToolsModel`: QMK keycodes in the numbering it uses,
 * over the keys it draws: `drawn`), with what is a VIA board's: Find's hits among the macros. The tools' analysis
 * of the shown layer is every family's (BindingToolsBar).
 */
export function useLayerInsight(
  keyboard: KeyboardState,
  layer: number,
  tools: StoreApi<KeymapToolsState>,
): { family: KeymapToolsModel<number>; drawn: readonly DrawnKey[]; macroHits: readonly number[] } {
  const drawn = useKeyboardKeys(keyboard, layer);
  const hostLayout = useHostLayout();
  const query = useStore(tools, (s) => s.query);
  const used = useMemo(() => drawn.flatMap((d) => (d.matrixIndex >= 0 ? [d.matrixIndex] : [])), [drawn]);
  const { keymap, encoders, protocol, definition } = keyboard;
  const family = useMemo(() => {
    const customKeycodes = definition.customKeycodes ?? [];
    return qmkToolsModel({ keymap, encoders, used }, protocol, hostLayout, { customKeycodes });
  }, [keymap, encoders, used, protocol, definition, hostLayout]);
  const macroHits = useMemo(() => {
    const search = keycodeQuery(query, keyboard.protocol, family.describe);
    if (!search || !keyboard.macros.supported) return NO_MACRO_HITS;
    const macros = decodeMacros(keyboard.macros.bytes, keyboard.macros.count, macroFormatOf(keyboard));
    return macros.flatMap((steps, i) => (search.matchesMacro(steps) ? [i] : []));
  }, [query, keyboard, family]);
  return { family, drawn, macroHits };
}
