import { useEffect, useRef } from 'react';
import type { KeyPlace } from '../../keymap/keyMoves.ts';
import type { PickMode } from '../../state/keymapToolsStore.ts';

/** What the gestures do, for any firmware's keyboard (read afresh at each event). */
export interface KeyGestureHandlers {
  /** Whether the gestures act (false while the keys show something else: actuation values, paint). */
  enabled: boolean;
  /** A drawn key (its index) as a place on the shown layer; null for none or a key without a position. */
  placeOf(drawnIndex: number | null | undefined): KeyPlace | null;
  /** The selected drawn key, when one is. */
  selected(): number | null;
  /** Whether a key is picked up. */
  picked(): boolean;
  pick(place: KeyPlace, mode: PickMode): void;
  dropPicked(): void;
  placePicked(target: KeyPlace): Promise<void>;
  moveKey(mode: PickMode, from: KeyPlace, to: KeyPlace): Promise<void>;
  report(error: unknown): void;
}

/** S, M, C pick the selected key up to swap, move or copy (Ctrl/⌘+X and Ctrl/⌘+C too). */
const PICK_KEYS: Record<string, PickMode> = { s: 'swap', m: 'move', c: 'copy' };
const PICK_SHORTCUTS: Record<string, PickMode> = { x: 'move', c: 'copy' };
/** The element around the Configure keyboard (VIA's and ZMK's): the gestures count inside it only. */
export const GESTURE_KEYBOARD = '.keymap-tools-keyboard';

/** The drawn index of the Configure keyboard's key under a point, or null. */
function keyIndexAt(x: number, y: number): number | null {
  const key = document.elementFromPoint(x, y)?.closest<SVGGElement>(`${GESTURE_KEYBOARD} [data-key-index]`);
  return key ? Number(key.dataset.keyIndex) : null;
}

/**
 * The key gestures on the Configure keyboard: dragging a key onto another swaps them; a picked key (S, M, C) is
 * swapped with, moved or copied onto the next key chosen (click, Enter, Space or Ctrl/⌘+V); Escape drops it.
 * Listens on the document while mounted, in the capture phase (before the keyboard's own Enter), and marks the
 * keyboard `data-tools` (listening), `data-dragging` and `data-picking` (`picking`) for the styles and tests.
 */
export function useKeyGestures(handlers: KeyGestureHandlers, picking: boolean): void {
  // The listeners read the latest handlers through a ref: they stay attached while the tools are shown.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const h = () => latest.current;
    const dragging = (on: boolean) =>
      document.querySelector(GESTURE_KEYBOARD)?.toggleAttribute('data-dragging', on);
    let from: number | null = null;
    const down = (e: PointerEvent) => {
      from = h().enabled && e.button === 0 ? keyIndexAt(e.clientX, e.clientY) : null;
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
      const [a, b] = [h().placeOf(start), h().placeOf(end)];
      if (!a || !b) return;
      if (start !== end) h().moveKey('swap', a, b).catch(h().report);
      else if (h().picked()) h().placePicked(b).catch(h().report);
    };
    const keydown = (e: KeyboardEvent) => {
      if (!h().enabled || e.altKey || !(e.target as Element | null)?.closest?.(GESTURE_KEYBOARD)) return;
      const target = h().placeOf(h().selected());
      const command = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      const act = (run: () => void) => {
        e.preventDefault();
        e.stopPropagation();
        run();
      };
      if (h().picked()) {
        if (e.key === 'Escape') act(() => h().dropPicked());
        else if (target && (e.key === 'Enter' || e.key === ' ' || (command && key === 'v')))
          act(() => void h().placePicked(target).catch(h().report));
        return;
      }
      const mode = command ? PICK_SHORTCUTS[key] : e.shiftKey ? undefined : PICK_KEYS[key];
      if (target && mode) act(() => h().pick(target, mode));
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up);
    document.addEventListener('keydown', keydown, true);
    document.querySelector(GESTURE_KEYBOARD)?.toggleAttribute('data-tools', true);
    return () => {
      document.querySelector(GESTURE_KEYBOARD)?.toggleAttribute('data-tools', false);
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
      document.removeEventListener('keydown', keydown, true);
      dragging(false);
    };
  }, []);

  useEffect(() => {
    document.querySelector(GESTURE_KEYBOARD)?.toggleAttribute('data-picking', picking);
  }, [picking]);
}
