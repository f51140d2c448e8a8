/**
 * The performance mark the app sets as it starts prefetching, when idle once the first keymap is drawn, what
 * the next clicks need. The first-load budget (scripts/firstLoadBudget.ts) counts what was requested before it
 * and lists what was prefetched after it apart.
 */
export const PREFETCH_MARK = 'keyloom:prefetch';
