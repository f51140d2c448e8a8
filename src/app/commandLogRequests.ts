import type { LogEntry } from '../protocol/viaClient.ts';

/**
 * Whether a window of `origin` may read the command log: the page's own origin, or one explicitly allowed.
 * Opaque origins ('null': sandboxed frames, file: pages) and empty ones never may.
 */
export function logRequestAllowed(origin: string, own: string, allowed: readonly string[] = []): boolean {
  if (!origin || origin === 'null') return false;
  return origin === own || allowed.includes(origin);
}

/**
 * Answers one `{type: 'keyloom:command-log:request', limit?}` message with `{type: 'keyloom:command-log',
 * entries}`: the newest `limit` entries of `log` (all of it without a valid limit; the log never holds more than
 * it keeps), posted only to the requesting window and only to its origin. A request from another origin, or
 * without a source window, gets no reply at all. Loaded with the first such request: no first screen sends one.
 */
export function answerLogRequest(
  event: MessageEvent,
  own: string,
  allowed: readonly string[],
  log: readonly LogEntry[],
): void {
  const data = event.data as { type?: unknown; limit?: unknown } | null;
  if (data?.type !== 'keyloom:command-log:request' || !logRequestAllowed(event.origin, own, allowed)) return;
  const source = event.source as Window | null;
  if (!source) return;
  const limit =
    typeof data.limit === 'number' && Number.isInteger(data.limit) && data.limit > 0
      ? data.limit
      : log.length;
  const reply = { type: 'keyloom:command-log', entries: log.slice(-limit) };
  source.postMessage(reply, { targetOrigin: event.origin });
}
