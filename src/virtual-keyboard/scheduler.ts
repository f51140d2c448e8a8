/** Runs `fn` after `ms` milliseconds (of real time, or of a simulated clock in benches and tests). */
export type Scheduler = (fn: () => void, ms: number) => void;

/** How long a restarting board takes to leave the bus, and again to come back. */
export const RESTART_MS = 300;

type Task = () => void;

/**
 * Queues `fn` as its own task, with no timer behind it. Browsers clamp nested `setTimeout` calls to at least
 * 4 ms, so a virtual keyboard answering each report through `setTimeout(…, 0)` cost ≥ 4 ms a report — most of
 * a keyboard load. A MessageChannel message (setImmediate under Node) runs as soon as the event loop is free:
 * after the caller's code and its microtasks, as a USB reply would, and without starving rendering the way
 * a chain of microtasks would during a long transfer.
 */
export const runSoon: (fn: Task) => void = (() => {
  const immediate = (globalThis as { setImmediate?: (fn: Task) => unknown }).setImmediate;
  if (typeof immediate === 'function') return (fn: Task) => void immediate(fn);
  if (typeof MessageChannel === 'function') {
    const queue: Task[] = [];
    let channel: MessageChannel | null = null;
    return (fn: Task) => {
      if (!channel) {
        channel = new MessageChannel();
        channel.port1.onmessage = () => queue.shift()?.();
      }
      queue.push(fn);
      channel.port2.postMessage(null);
    };
  }
  return (fn: Task) => void setTimeout(fn, 0);
})();

/**
 * The virtual keyboard's default: replies at the speed of the model (`runSoon`) when no delay is asked for;
 * a timer only for real delays (simulated latency, fault tests, restarts).
 */
export const defaultScheduler: Scheduler = (fn, ms) => {
  if (ms > 0) setTimeout(fn, ms);
  else runSoon(fn);
};
