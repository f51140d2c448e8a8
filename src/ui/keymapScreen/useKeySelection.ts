import { useCallback, useEffect, useMemo, useState } from 'react';
import type { KeyShape } from '../../definitions/geometry.ts';
import { nextInReadingOrder } from '../../definitions/readingOrder.ts';
import { focusKey } from '../keymapTools/focusKey.ts';

/** A family's selected key on the Configure screen, and the keymap tools' "show me that key". */
export interface KeySelection {
  /** The selected key's position; null: none. */
  selected: number | null;
  setSelected(position: number | null): void;
  /** The selection as the keyboard area takes it. */
  selection: ReadonlySet<number>;
  /** Shows a key the tools named (Find, reach, All layers): its layer, selected, then `onShown`, then the focus. */
  showKey(layer: number, position: number): void;
  /** Fast key mapping: selects the key after the selected one in reading order (none after the last). */
  selectNext(shapes: readonly KeyShape[]): void;
}

/**
 * The one selected key of a family's screen (a ZMK keyboard's; VIA's lives in the app's selection store), with the
 * tools' way to show a key on another layer: `selectLayer` picks the layer, `onShown` opens the pane that edits it.
 */
export function useKeySelection(selectLayer: (layer: number) => void, onShown: () => void): KeySelection {
  const [selected, setSelected] = useState<number | null>(null);
  const selection = useMemo(() => new Set(selected === null ? [] : [selected]), [selected]);
  const showKey = useCallback(
    (layer: number, position: number) => {
      selectLayer(layer);
      setSelected(position);
      onShown();
      focusKey(position);
    },
    [selectLayer, onShown],
  );
  const selectNext = useCallback(
    (shapes: readonly KeyShape[]) =>
      setSelected((at) => (at === null ? null : nextInReadingOrder(shapes, at))),
    [],
  );
  return { selected, setSelected, selection, showKey, selectNext };
}

/**
 * Whether the keymap tools are in use, so their lazy code loads: once `inUse` (a layer above the default one shown,
 * a tool opened) or `markUsed` (the pointer or focus on the keys), they stay loaded.
 */
export function useToolsUsed(inUse: boolean): { used: boolean; markUsed(): void } {
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (inUse) setUsed(true);
  }, [inUse]);
  const markUsed = useCallback(() => setUsed(true), []);
  return { used, markUsed };
}

/** Runs a store's request whose failure the keyboard's own failure note already shows. */
export const quietly = (run: Promise<unknown>): void => void run.catch(() => undefined);
