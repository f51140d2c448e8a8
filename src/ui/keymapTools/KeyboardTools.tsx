import { useEffect, useMemo, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { KeyPlace } from '../../keymap/keyMoves.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import type { KeymapToolsState, PickMode } from '../../state/keymapToolsStore.ts';
import { useAppStores } from '../AppContext.tsx';
import type { CanvasKey } from '../canvas/KeyboardCanvas.tsx';
import { readableError } from '../common/errorText.ts';
import { keyMarks } from './keyMarks.ts';
import { useUnseenKeys } from './usePressToSelect.ts';
import { useLayerInsight } from './useLayerInsight.ts';
import './keymapTools.css';

/** What the tools do to the keys the Configure keyboard draws. */
export type DecorateKeys = (keys: readonly CanvasKey[]) => readonly CanvasKey[];

export interface KeyboardToolsProps {
  keyboard: KeyboardState;
  layer: number;
  tools: StoreApi<KeymapToolsState>;
  /** The element around the keyboard: the gestures listen there. */
  wrapper: RefObject<HTMLDivElement | null>;
  selected: ReadonlySet<number>;
  onSelect(index: number | null): void;
  /** Dragging, picking and decorations: off while keys show something else (actuation, painting). */
  gestures: boolean;
  /** Hands the keyboard the function that marks its keys (null: draw them as they are); a state setter. */
  setDecorate: Dispatch<SetStateAction<DecorateKeys | null>>;
}

/** S, M, C pick the selected key up to swap, move or copy (Ctrl/⌘+X and Ctrl/⌘+C too). */
const PICK_KEYS: Record<string, PickMode> = { s: 'swap', m: 'move', c: 'copy' };
const PICK_SHORTCUTS: Record<string, PickMode> = { x: 'move', c: 'copy' };

/** The drawn index of the key under a point of the Configure keyboard, or null. */
function keyIndexAt(wrapper: HTMLElement, x: number, y: number): number | null {
  const key = document.elementFromPoint(x, y)?.closest<SVGGElement>('[data-key-index]');
  return key && wrapper.contains(key) ? Number(key.dataset.keyIndex) : null;
}

/**
 * The keymap tools on the Configure keyboard (drawn nothing of their own): transparent keys show dimmed what they
 * fall through to; keys that reach the shown layer, Find's hits and pressed candidates are marked; dragging a key
 * onto another swaps them; a picked key (S, M, C) is swapped with, moved or copied onto the next key chosen
 * (click, Enter, Space or Ctrl/⌘+V). Each change is one undo step. The keyboard is never drawn anew for them,
 * so a focused key keeps its focus when they load.
 */
export default function KeyboardTools(props: KeyboardToolsProps) {
  const { keyboard, layer, tools, wrapper, gestures, setDecorate } = props;
  const { t } = useTranslation('layerTools');
  const { errors } = useAppStores();
  const insight = useLayerInsight(keyboard, layer, tools);
  const picked = useStore(tools, (s) => s.picked);
  const pressing = useStore(tools, (s) => s.pressing);
  const pressed = useStore(tools, (s) => s.pressed);
  const { drawn } = insight;
  const unseen = useUnseenKeys(keyboard, drawn);

  const decorate = useMemo<DecorateKeys | null>(() => {
    if (!gestures) return null;
    const marks = keyMarks(insight, layer, {
      picked: picked?.place.layer === layer ? picked.place.index : null,
      candidates: pressed?.candidates ?? [],
      unseen: pressing ? unseen : [],
    });
    return (keys) =>
      keys.map((key, i): CanvasKey => {
        const landing = insight.through[i];
        const mark = marks(i);
        if (landing === undefined || key.failed) return mark ? { ...key, mark } : key;
        // 'Row 2, column 5: …': the place stays, what the key does becomes where it falls through to.
        const place = key.ariaLabel.slice(0, Math.max(0, key.ariaLabel.indexOf(': ')));
        if (!landing) {
          const nothing = t('throughNothing');
          return { ...key, mark, tooltip: nothing, ariaLabel: `${place}: ${nothing}` };
        }
        const face = insight.describe(landing.binding);
        const text = t('through', { key: face.title, layer: landing.layer });
        return {
          ...key,
          mark,
          label: face.label,
          topLabel: face.topLabel,
          bottomLabel: face.bottomLabel,
          tooltip: text,
          ariaLabel: `${place}: ${text}`,
        };
      });
  }, [gestures, insight, layer, picked, pressed, pressing, unseen, t]);
  useEffect(() => {
    setDecorate(decorate && (() => decorate));
    return () => setDecorate(null);
  }, [decorate, setDecorate]);

  // The gestures read the latest props through a ref: their listeners stay attached for the keyboard's life.
  const latest = useRef({ ...props, drawn });
  useEffect(() => {
    latest.current = { ...props, drawn };
  });

  useEffect(() => {
    const root = wrapper.current;
    if (!root) return;
    const report = (error: unknown) => errors.getState().logAppError({ message: readableError(error) });
    const state = () => tools.getState();
    let from: number | null = null;
    /** A drawn key as a place on the shown layer (null: none, or a key without a matrix position). */
    const placeOf = (index: number | null | undefined): KeyPlace | null => {
      const { drawn: keys, layer: shown } = latest.current;
      const matrixIndex = index === null || index === undefined ? -1 : (keys[index]?.matrixIndex ?? -1);
      return matrixIndex >= 0 ? { layer: shown, index: matrixIndex } : null;
    };
    const setDragging = (on: boolean) => {
      if (on) root.dataset.dragging = '';
      else delete root.dataset.dragging;
    };
    const down = (e: PointerEvent) => {
      from = latest.current.gestures && e.button === 0 ? keyIndexAt(root, e.clientX, e.clientY) : null;
    };
    const move = (e: PointerEvent) => {
      if (from === null || (e.buttons & 1) === 0 || 'dragging' in root.dataset) return;
      const over = keyIndexAt(root, e.clientX, e.clientY);
      if (over !== null && over !== from) setDragging(true);
    };
    const up = (e: PointerEvent) => {
      const start = from;
      from = null;
      setDragging(false);
      const end = keyIndexAt(root, e.clientX, e.clientY);
      const [a, b] = [placeOf(start), placeOf(end)];
      if (!a || !b) return;
      if (start !== end) state().moveKey('swap', a, b).catch(report);
      else if (state().picked) state().placePicked(b).catch(report);
    };
    const keydown = (e: KeyboardEvent) => {
      if (!latest.current.gestures || e.altKey) return;
      const target = placeOf([...latest.current.selected][0]);
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
    root.addEventListener('pointerdown', down, true);
    root.addEventListener('pointermove', move);
    root.addEventListener('pointerup', up);
    root.addEventListener('keydown', keydown, true);
    return () => {
      root.removeEventListener('pointerdown', down, true);
      root.removeEventListener('pointermove', move);
      root.removeEventListener('pointerup', up);
      root.removeEventListener('keydown', keydown, true);
      setDragging(false);
    };
  }, [wrapper, tools, errors]);

  // `data-tools`: the gestures are listening (tests wait for it); `data-picking`: a key is picked up.
  useEffect(() => {
    const root = wrapper.current;
    if (!root) return;
    root.dataset.tools = '';
    if (picked) root.dataset.picking = '';
    else delete root.dataset.picking;
    return () => void delete root.dataset.tools;
  }, [wrapper, picked]);

  return null;
}
