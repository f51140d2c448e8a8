import type { Timers } from '../lib/timers.ts';
import { MATRIX_POLL_MS } from '../tester/matrix.ts';

/**
 * Polls a keyboard's switch matrix every 20 ms while running: each read starts 20 ms after the previous one
 * finished, so a slow keyboard is never sent overlapping reads. The first failure stops it (the caller turns
 * the matrix test off without a message, as the spec says).
 */
export function pollMatrix(
  read: () => Promise<boolean[][]>,
  onMatrix: (pressed: boolean[][]) => void,
  onStop: () => void,
  timers: Timers,
): () => void {
  let running = true;
  let handle: unknown = null;
  const tick = async () => {
    try {
      const pressed = await read();
      if (!running) return;
      onMatrix(pressed);
      handle = timers.setTimeout(() => void tick(), MATRIX_POLL_MS);
    } catch {
      if (!running) return;
      running = false;
      onStop();
    }
  };
  void tick();
  return () => {
    running = false;
    if (handle !== null) timers.clearTimeout(handle);
  };
}
