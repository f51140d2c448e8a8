import { useEffect, useSyncExternalStore } from 'react';
import { allLegends } from '../../keycodes/legendTable.ts';

/**
 * Whether every legend row is loaded, loading the rest when `needed` (keys shown whose names are not KC_/QK_).
 * Components that draw legends pass the result to their memos, so they redraw once the rows are in.
 */
export function useLegendRows(needed: boolean): boolean {
  const complete = useSyncExternalStore(allLegends.subscribe, () => allLegends.ready);
  useEffect(() => {
    // Offline before the rows were cached: the keys keep QMK's own labels, and the next need tries again.
    if (needed && !complete) void allLegends.load().catch(() => undefined);
  }, [needed, complete]);
  return complete;
}
