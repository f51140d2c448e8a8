import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { BindingModel } from '../../keymap/bindingModel.ts';
import { keycodeQuery } from '../../keymap/keycodeQuery.ts';
import { qmkBindingModel } from '../../keymap/qmkBindingModel.ts';
import { keyFaceLabel } from '../../keycodes/keyFaceLabel.ts';
import type { KeyLabel } from '../../keycodes/labels.ts';
import { decodeMacros } from '../../macros/macroCodec.ts';
import { macroFormatOf } from '../../macros/macroFormat.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import { BASE_LAYER, type KeymapToolsState } from '../../state/keymapToolsStore.ts';
import { useHostLayout } from '../legends/useHostLayout.ts';
import { useKeyboardKeys, type DrawnKey } from '../canvas/useKeyboardKeys.ts';
import { useBindingAnalysis, type BindingAnalysis } from './useBindingAnalysis.ts';

/**
 * How a keyboard's bindings read: QMK keycodes in the numbering it uses (VIA and Vial boards). Other firmwares
 * (ZMK) bring their own model here.
 */
export function bindingModelFor(keyboard: KeyboardState): BindingModel<number> {
  return qmkBindingModel(keyboard.protocol);
}

/** A binding as a person reads it: the key face (legend, two-line parts) and the full name. */
export type Describe = (code: number) => KeyLabel;

export interface LayerInsight extends BindingAnalysis<number> {
  drawn: DrawnKey[];
  /** How the bindings read, and the positions (matrix indexes) the drawn keys use. */
  model: BindingModel<number>;
  used: readonly number[];
  /** The macros that match Find's text. */
  macroHits: number[];
  describe: Describe;
}

const NO_MACRO_HITS: number[] = [];

/**
 * What the keymap tools show for the shown layer, from the keyboard and the tools' state: the shared analysis
 * (useBindingAnalysis) over the QMK binding model, and Find's hits among the macros.
 */
export function useLayerInsight(
  keyboard: KeyboardState,
  layer: number,
  tools: StoreApi<KeymapToolsState>,
): LayerInsight {
  const drawn = useKeyboardKeys(keyboard, layer);
  const hostLayout = useHostLayout();
  const marked = useStore(tools, (s) => s.under[layer]);
  const query = useStore(tools, (s) => s.query);
  const model = useMemo(() => bindingModelFor(keyboard), [keyboard]);
  const positions = useMemo(() => drawn.map((d) => d.matrixIndex), [drawn]);
  const used = useMemo(() => positions.filter((p) => p >= 0), [positions]);
  const view = useMemo(
    () => ({ keymap: keyboard.keymap, encoders: keyboard.encoders, used }),
    [keyboard.keymap, keyboard.encoders, used],
  );
  const describe = useMemo<Describe>(() => {
    const customKeycodes = keyboard.definition.customKeycodes ?? [];
    return (code) => keyFaceLabel(code, keyboard.protocol, hostLayout, { customKeycodes });
  }, [keyboard, hostLayout]);
  const search = useMemo(
    () => keycodeQuery(query, keyboard.protocol, describe),
    [query, keyboard.protocol, describe],
  );
  const analysis = useBindingAnalysis(
    view,
    model,
    BASE_LAYER,
    layer,
    marked,
    positions,
    search?.matches ?? null,
  );
  const macroHits = useMemo(() => {
    if (!search || !keyboard.macros.supported) return NO_MACRO_HITS;
    const macros = decodeMacros(keyboard.macros.bytes, keyboard.macros.count, macroFormatOf(keyboard));
    return macros.flatMap((steps, i) => (search.matchesMacro(steps) ? [i] : []));
  }, [search, keyboard]);
  // One object while nothing changed: the keyboard's decoration is made from it.
  return useMemo(
    () => ({ ...analysis, drawn, model, used, describe, macroHits }),
    [analysis, drawn, model, used, describe, macroHits],
  );
}
