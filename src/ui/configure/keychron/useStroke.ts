import { useEffect, useMemo } from 'react';
import type { StoreApi } from 'zustand';
import type { KeychronPatch } from '../../../qmk/keychronSettings.ts';
import type { KeychronState } from '../../../state/keychronStore.ts';

type Painted = Extract<KeychronPatch, { kind: 'colors' | 'regions' }>;

/**
 * Painting keys as strokes: while the primary button is down, each key painted shows at once (the store's
 * preview) and is collected; on release the whole drag is one change — one write batch to the keyboard, one
 * undo step. A key painted without a pointer down (Enter on a focused key) is its own stroke, written at once.
 */
export function useStroke(store: StoreApi<KeychronState>) {
  const stroke = useMemo(() => {
    let pending: Painted | null = null;
    let down = false;
    const flush = () => {
      const patch = pending;
      pending = null;
      if (patch) void store.getState().change(patch);
    };
    return {
      pointerDown: (e: PointerEvent) => void (e.button === 0 && (down = true)),
      pointerUp: () => {
        down = false;
        flush();
      },
      add(patch: Painted) {
        if (pending && pending.kind !== patch.kind) flush();
        // Later paints of the same LED win: one entry per LED.
        const entries = new Map<number, unknown>(pending?.entries ?? []);
        for (const [led, value] of patch.entries) entries.set(led, value);
        pending = { kind: patch.kind, entries: [...entries] } as Painted;
        store.getState().preview(patch);
        if (!down) flush();
      },
    };
  }, [store]);
  useEffect(() => {
    // Capture phase: the canvas's own pointerdown handler paints the first key, after this has seen the press.
    window.addEventListener('pointerdown', stroke.pointerDown, true);
    window.addEventListener('pointerup', stroke.pointerUp);
    window.addEventListener('pointercancel', stroke.pointerUp);
    return () => {
      window.removeEventListener('pointerdown', stroke.pointerDown, true);
      window.removeEventListener('pointerup', stroke.pointerUp);
      window.removeEventListener('pointercancel', stroke.pointerUp);
      stroke.pointerUp();
    };
  }, [stroke]);
  return stroke;
}
