import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { BindingModel } from '../../keymap/bindingModel.ts';
import { findBindings } from '../../keymap/findBindings.ts';
import { keycodeQuery } from '../../keymap/keycodeQuery.ts';
import { layerReach, type BindingPlace, type LayerReach } from '../../keymap/layerReach.ts';
import { qmkBindingModel } from '../../keymap/qmkBindingModel.ts';
import { fallThroughs, type Landing } from '../../keymap/transparency.ts';
import { keyFaceLabel } from '../../keycodes/keyFaceLabel.ts';
import type { KeyLabel } from '../../keycodes/labels.ts';
import { decodeMacros } from '../../macros/macroCodec.ts';
import { macroFormatOf } from '../../macros/macroFormat.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import { BASE_LAYER, type KeymapToolsState } from '../../state/keymapToolsStore.ts';
import { useHostLayout } from '../legends/useHostLayout.ts';
import { useKeyboardKeys, type DrawnKey } from '../canvas/useKeyboardKeys.ts';

/**
 * How a keyboard's bindings read: QMK keycodes in the numbering it uses (VIA and Vial boards). Other firmwares
 * (ZMK) bring their own model here.
 */
export function bindingModelFor(keyboard: KeyboardState): BindingModel<number> {
  return qmkBindingModel(keyboard.protocol);
}

/** A binding as a person reads it: the key face (legend, two-line parts) and the full name. */
export type Describe = (code: number) => KeyLabel;

export interface LayerInsight {
  drawn: DrawnKey[];
  /** How the bindings read, and the positions (matrix indexes) the drawn keys use. */
  model: BindingModel<number>;
  used: readonly number[];
  /** How every layer is reached. */
  reach: LayerReach<number>[];
  /** The layers marked on under the shown one (the base layer unless others were marked). */
  under: readonly number[];
  /** For each drawn key: where its press falls through to (undefined: it has its own binding). */
  through: (Landing<number> | null | undefined)[];
  /** Find's hits on every layer, encoders included, then the macros that match. */
  hits: BindingPlace[];
  macroHits: number[];
  /** Whether Find has text that reads as a search. */
  searching: boolean;
  describe: Describe;
}

const ALL_MARKED: readonly number[] = [BASE_LAYER];

/** What the keymap tools show for the shown layer, from the keyboard and the tools' state. */
export function useLayerInsight(
  keyboard: KeyboardState,
  layer: number,
  tools: StoreApi<KeymapToolsState>,
): LayerInsight {
  const drawn = useKeyboardKeys(keyboard, layer);
  const hostLayout = useHostLayout();
  const under = useStore(tools, (s) => s.under[layer]) ?? ALL_MARKED;
  const query = useStore(tools, (s) => s.query);
  const model = useMemo(() => bindingModelFor(keyboard), [keyboard]);
  const used = useMemo(() => drawn.flatMap((d) => (d.matrixIndex >= 0 ? [d.matrixIndex] : [])), [drawn]);
  const describe = useMemo<Describe>(() => {
    const customKeycodes = keyboard.definition.customKeycodes ?? [];
    return (code) => keyFaceLabel(code, keyboard.protocol, hostLayout, { customKeycodes });
  }, [keyboard, hostLayout]);
  const reach = useMemo(
    () => layerReach({ keymap: keyboard.keymap, encoders: keyboard.encoders, used }, model, BASE_LAYER),
    [keyboard.keymap, keyboard.encoders, used, model],
  );
  const through = useMemo(() => {
    const byIndex = fallThroughs(keyboard.keymap, model, layer, under);
    return drawn.map((d) => (d.matrixIndex >= 0 ? byIndex[d.matrixIndex] : undefined));
  }, [keyboard.keymap, model, layer, under, drawn]);
  const found = useMemo(() => {
    const search = keycodeQuery(query, keyboard.protocol, describe);
    if (!search) return { hits: [], macroHits: [], searching: false };
    const hits = findBindings({ keymap: keyboard.keymap, encoders: keyboard.encoders, used }, search.matches);
    const macros = keyboard.macros.supported
      ? decodeMacros(keyboard.macros.bytes, keyboard.macros.count, macroFormatOf(keyboard))
      : [];
    const macroHits = macros.flatMap((steps, i) => (search.matchesMacro(steps) ? [i] : []));
    return { hits, macroHits, searching: true };
  }, [query, keyboard, describe, used]);
  // One object while nothing changed: the keyboard's decoration is made from it.
  return useMemo(
    () => ({ drawn, model, used, reach, under, through, describe, ...found }),
    [drawn, model, used, reach, under, through, describe, found],
  );
}
