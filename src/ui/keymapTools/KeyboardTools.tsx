import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { KeyPlace } from '../../keymap/keyMoves.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import type { KeymapToolsState, PickMode } from '../../state/keymapToolsStore.ts';
import { useAppStores, useSelection } from '../AppContext.tsx';
import { readableError } from '../common/errorText.ts';
import type { DecorateKeys } from '../common/canvasKey.ts';
import { keyMarks, markedKey } from './keyMarks.ts';
import { useUnseenKeys } from './usePressToSelect.ts';
import type { LayerInsight } from './useLayerInsight.ts';

export interface KeyboardToolsProps {
  keyboard: KeyboardState;
  layer: number;
  tools: StoreApi<KeymapToolsState<DecorateKeys>>;
  insight: LayerInsight;
}

/** S, M, C pick the selected key up to swap, move or copy (Ctrl/⌘+X and Ctrl/⌘+C too). */
const PICK_KEYS: Record<string, PickMode> = { s: 'swap', m: 'move', c: 'copy' };
const PICK_SHORTCUTS: Record<string, PickMode> = { x: 'move', c: 'copy' };
/** The element around the Configure keyboard (ConfigureKeyboard.tsx): the gestures count inside it only. */
const KEYBOARD = '.keymap-tools-keyboard';

/** The drawn index of the Configure keyboard's key under a point, or null. */
function keyIndexAt(x: number, y: number): number | null {
  const key = document.elementFromPoint(x, y)?.closest<SVGGElement>(`${KEYBOARD} [data-key-index]`);
  return key ? Number(key.dataset.keyIndex) : null;
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

  // The gestures read the latest state through a ref: their listeners stay attached while the tools are shown.
  const latest = useRef({ layer, gestures, drawn: insight.drawn });
  useEffect(() => {
    latest.current = { layer, gestures, drawn: insight.drawn };
  });

  useEffect(() => {
    const report = (error: unknown) => errors.getState().logAppError({ message: readableError(error) });
    const state = () => tools.getState();
    /** A drawn key as a place on the shown layer (null: none, or a key without a matrix position). */
    const placeOf = (index: number | null | undefined): KeyPlace | null => {
      const { drawn, layer: shown } = latest.current;
      const matrixIndex = index === null || index === undefined ? -1 : (drawn[index]?.matrixIndex ?? -1);
      return matrixIndex >= 0 ? { layer: shown, index: matrixIndex } : null;
    };
    const dragging = (on: boolean) => document.querySelector(KEYBOARD)?.toggleAttribute('data-dragging', on);
    let from: number | null = null;
    const down = (e: PointerEvent) => {
      from = latest.current.gestures && e.button === 0 ? keyIndexAt(e.clientX, e.clientY) : null;
    };
    const move = (e: PointerEvent) => {
      if (from === null || (e.buttons & 1) === 0) return;
      const over = keyIndexAt(e.clientX, e.clientY);
      if (over !== null && over !== from) dragging(true);
    };
    const up = (e: PointerEvent) => {
      const start = from;
      from = null;
      dragging(false);
      const end = keyIndexAt(e.clientX, e.clientY);
      const [a, b] = [placeOf(start), placeOf(end)];
      if (!a || !b) return;
      if (start !== end) state().moveKey('swap', a, b).catch(report);
      else if (state().picked) state().placePicked(b).catch(report);
    };
    const keydown = (e: KeyboardEvent) => {
      if (!latest.current.gestures || e.altKey || !(e.target as Element | null)?.closest?.(KEYBOARD)) return;
      const target = placeOf([...selection.getState().selected][0]);
      const command = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      const act = (run: () => void) => {
        e.preventDefault();
        e.stopPropagation();
        run();
      };
      if (state().picked) {
        if (e.key === 'Escape') act(() => state().dropPicked());
        else if (target && (e.key === 'Enter' || e.key === ' ' || (command && key === 'v')))
          act(() => void state().placePicked(target).catch(report));
        return;
      }
      const mode = command ? PICK_SHORTCUTS[key] : e.shiftKey ? undefined : PICK_KEYS[key];
      if (target && mode) act(() => state().pick(target, mode));
    };
    // On the document, in the capture phase: before the keyboard's own handlers (Enter opens the keycode
    // picker), and whatever element the keyboard is drawn in now.
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up);
    document.addEventListener('keydown', keydown, true);
    // `data-tools`: the gestures are listening (tests wait for it).
    document.querySelector(KEYBOARD)?.toggleAttribute('data-tools', true);
    return () => {
      document.querySelector(KEYBOARD)?.toggleAttribute('data-tools', false);
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
      document.removeEventListener('keydown', keydown, true);
      dragging(false);
    };
  }, [tools, errors, selection]);

  // `data-picking` styles the keys as targets while a key is picked up.
  useEffect(() => {
    document.querySelector(KEYBOARD)?.toggleAttribute('data-picking', !!picked);
  }, [picked]);
  return null;
}
