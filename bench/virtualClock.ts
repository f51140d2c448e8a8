/**
 * Simulated time for benches: timers and the virtual keyboard's scheduler run on this clock, which jumps to
 * the next timer whenever nothing else is left to run. A transfer paced like real USB (1 report a ms) or a
 * 115200-baud port then finishes in moments and reports the time it would take on the wire — the same
 * figure on a busy machine as on an idle one.
 */
import type { Timers } from '../src/lib/timers.ts';
import type { Scheduler } from '../src/virtual-keyboard/index.ts';

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
}

export class VirtualClock {
  private time = 0;
  private seq = 0;
  private pending: Timer[] = [];

  readonly now = (): number => this.time;

  readonly timers: Timers = {
    setTimeout: (fn, ms) => this.add(fn, ms),
    clearTimeout: (handle) => {
      this.pending = this.pending.filter((t) => t !== handle);
    },
  };

  readonly schedule: Scheduler = (fn, ms) => void this.add(fn, ms);

  private add(fn: () => void, ms: number): Timer {
    const timer = { at: this.time + Math.max(0, ms), seq: this.seq++, fn };
    this.pending.push(timer);
    return timer;
  }

  /** Runs `task` to its end, firing timers in time order whenever the event loop has nothing else to do. */
  async run<T>(task: Promise<T>): Promise<T> {
    let settled = false;
    const result = task.finally(() => (settled = true));
    while (!settled) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (settled) break;
      if (this.pending.length === 0) continue;
      this.pending.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.pending.shift()!;
      this.time = Math.max(this.time, next.at);
      next.fn();
    }
    return result;
  }
}
