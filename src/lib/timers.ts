/**
 * Timers, injected so tests drive retries, timeouts and polling with fake time; `realTimers` is the page's own,
 * which the app layer (and a screen that starts polling) hands in.
 */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};
