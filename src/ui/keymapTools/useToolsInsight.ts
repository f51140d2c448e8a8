import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { BindingModel } from '../../keymap/bindingModel.ts';
import type { BindingFace, KeymapToolsModel } from '../../keymap/keymapToolsModel.ts';
import type { KeymapToolsState } from '../../state/keymapToolsStore.ts';
import type { MarkSource } from './keyMarks.ts';
import { useBindingAnalysis, type BindingAnalysis } from './useBindingAnalysis.ts';

/** A drawn key as the tools read it: its position in the keymap (-1: none) and its encoder, if it is one. */
export type ToolsKey = MarkSource['drawn'][number];

/** What the keymap tools show for the shown layer, for any family's bindings `B`. */
export interface ToolsInsight<B, K extends ToolsKey = ToolsKey> extends BindingAnalysis<B> {
  /** The keys drawn, in drawing order. */
  drawn: readonly K[];
  /** How the bindings read, and the positions the drawn keys use. */
  model: BindingModel<B>;
  used: readonly number[];
  describe(binding: B): BindingFace;
  /** The macros that match Find's text (a family without macros: none). */
  macroHits: readonly number[];
}

const NO_MACRO_HITS: readonly number[] = [];

/**
 * The keymap tools' analysis of the shown `layer` for any family: the shared analysis (useBindingAnalysis) over the
 * family's model (`KeymapToolsModel`), the layers marked on under it and Find's text from the tools' store.
 */
export function useToolsInsight<B, K extends ToolsKey>(
  family: KeymapToolsModel<B>,
  layer: number,
  tools: StoreApi<KeymapToolsState<unknown>>,
  drawn: readonly K[],
  macroHits: readonly number[] = NO_MACRO_HITS,
): ToolsInsight<B, K> {
  const under = useStore(tools, (s) => s.under);
  const query = useStore(tools, (s) => s.query);
  const positions = useMemo(() => drawn.map((d) => d.matrixIndex), [drawn]);
  const used = useMemo(() => positions.filter((p) => p >= 0), [positions]);
  const marked = useMemo(() => family.marked(under, layer), [family, under, layer]);
  const matches = useMemo(() => family.matches(query), [family, query]);
  const { view, model, base, describe } = family;
  const analysis = useBindingAnalysis(view, model, base, layer, marked, positions, matches);
  // One object while nothing changed: the keyboard's decoration is made from it.
  return useMemo(
    () => ({ ...analysis, drawn, model, used, describe, macroHits }),
    [analysis, drawn, model, used, describe, macroHits],
  );
}
