import { useMemo } from 'react';
import type { VIAKey } from '@the-via/reader';
import { visibleKeys } from '../../definitions/geometry.ts';
import type { HostLayoutId } from '../../keycodes/hostLayout.ts';
import { keyFaceLabel } from '../../keycodes/keyFaceLabel.ts';
import { keyLegend } from '../../keycodes/legends.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import { layoutChoices } from '../../state/layoutOptionChoice.ts';
import type { CanvasKey } from '../common/canvasKey.ts';
import { useHostLayout } from '../legends/useHostLayout.ts';
import { useLegendRows } from '../legends/useLegendRows.ts';
import { needsMoreLegends } from '../../keycodes/legends.ts';
import { keyNaming, useKeyNaming, type KeyNaming } from './keyNaming.ts';
import { strings } from '../../i18n/i18n.ts';

export interface DrawnKey {
  key: VIAKey;
  canvas: CanvasKey;
  /** Keymap index (row * cols + col), or -1 for encoder-only keys without a matrix position. */
  matrixIndex: number;
}

// Lives in state beside the write that packs the choices; re-exported for the panes that read them.
export { layoutChoices };

/** The keys to draw for a layer, with legends in the computer's keyboard layout and accessible names. */
export function useKeyboardKeys(keyboard: KeyboardState | null, layer: number): DrawnKey[] {
  const hostLayout = useHostLayout();
  const needed = useMemo(
    () =>
      !!keyboard &&
      needsMoreLegends(
        [...(keyboard.keymap[layer] ?? []), ...(keyboard.encoders[layer] ?? []).flat()],
        keyboard.protocol,
      ),
    [keyboard, layer],
  );
  const allRows = useLegendRows(needed);
  const naming = useKeyNaming();
  return useMemo(
    () => (keyboard ? sharedKeyboardKeys(keyboard, layer, hostLayout, allRows, naming) : []),
    [keyboard, layer, hostLayout, allRows, naming],
  );
}

// The Configure screen and its keyboard both draw the same layer: the second asks for what the first built.
// Keyed by the keyboard's state object, which every change replaces.
const lastDrawn = new WeakMap<KeyboardState, { key: string; naming: KeyNaming; drawn: DrawnKey[] }>();

function sharedKeyboardKeys(
  keyboard: KeyboardState,
  layer: number,
  hostLayout: HostLayoutId,
  // Drawn again once the later legend rows are in.
  allRows: boolean,
  naming: KeyNaming,
): DrawnKey[] {
  const key = `${layer} ${hostLayout} ${allRows}`;
  const last = lastDrawn.get(keyboard);
  if (last?.key === key && last.naming === naming) return last.drawn;
  const drawn = keyboardKeys(keyboard, layer, hostLayout, undefined, naming);
  lastDrawn.set(keyboard, { key, naming, drawn });
  return drawn;
}

/** The keys to draw for a layer (pure; the print view draws every layer with it). */
export function keyboardKeys(
  keyboard: KeyboardState,
  layer: number,
  hostLayout: HostLayoutId,
  macroExpressions?: readonly string[],
  // Outside React (the print view): names in the language shown, titles as the core writes them.
  naming: KeyNaming = keyNaming(strings.t),
): DrawnKey[] {
  const { definition, protocol } = keyboard;
  const cols = definition.matrix.cols;
  const customKeycodes = definition.customKeycodes ?? [];
  return visibleKeys(definition.layouts, layoutChoices(keyboard)).map((key) => {
    const matrixIndex = key.row >= 0 && key.col >= 0 ? key.row * cols + key.col : -1;
    const encoder = key.ei !== undefined;
    const code = matrixIndex >= 0 ? (keyboard.keymap[layer]?.[matrixIndex] ?? 0) : 0;
    // An encoder with no switch shows what turning it sends, counter-clockwise over clockwise.
    const turns = encoder && matrixIndex < 0 ? keyboard.encoders[layer]?.[key.ei!] : undefined;
    const [cw, ccw] = (turns ?? []).map((c) => keyLegend(c, protocol, { customKeycodes }));
    const turnsTitle = cw && ccw && naming.turns(naming.title(ccw.title), naming.title(cw.title));
    const label =
      encoder && matrixIndex < 0
        ? turnsTitle
          ? {
              label: `${ccw!.short} ${cw!.short}`,
              topLabel: ccw!.short,
              bottomLabel: cw!.short,
              title: turnsTitle,
              tooltipLabel: turnsTitle,
            }
          : { label: `E${key.ei}`, title: `Encoder ${key.ei}` }
        : keyFaceLabel(code, protocol, hostLayout, {
            customKeycodes,
            ...(macroExpressions ? { macroExpressions } : {}),
          });
    // Screen readers hear the friendly title ('row 0, column 1: F1', 'Layer-tap 2, Space'), in the user's words.
    const name = turnsTitle || naming.title(label.title || 'Nothing');
    // A tooltip that says what a composite key's two lines mean is its title; a macro's text stays as written.
    const tooltip = label.tooltipLabel === label.title ? name : label.tooltipLabel;
    const named = (title: string) => naming.key(key.row, key.col, title, encoder ? key.ei : undefined);
    return {
      key,
      matrixIndex,
      canvas: {
        shape: key,
        color: key.color as CanvasKey['color'],
        label: label.label,
        topLabel: label.topLabel,
        bottomLabel: label.bottomLabel,
        tooltip,
        macroExpression: label.macroExpression,
        encoder,
        ariaLabel: named(name),
        named,
      },
    };
  });
}
