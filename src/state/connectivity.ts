/**
 * Whether Keyloom can reach its own server (docs/offline.md "Offline is visible").
 *
 * `navigator.onLine` is only a hint: it stays true on a network that is connected but down, and under Chromium's
 * offline emulation. So a `false` from the browser is believed at once, a `true` is checked. What decides is what
 * requests see: the service worker reports each network attempt it makes for the page, the app's requests report
 * failures, and a probe (a request for headers that bypasses every cache) settles doubt — after a failure, on the
 * browser's 'online' event, and every few seconds while offline, so the app notices the network coming back.
 */
export interface ConnectivityEnv {
  /** The browser's opinion (`navigator.onLine`). */
  hint(): boolean;
  /** Asks the app's own server for headers past every cache: true if any answer came back. */
  probe(): Promise<boolean>;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface Connectivity {
  online(): boolean;
  subscribe(listener: () => void): () => void;
  /** A request reached the network (true) or could not (false): the service worker's reports. */
  report(reachedNetwork: boolean): void;
  /** A request failed in a way that may be the network (or may be CORS, a dead host …): probe to know. */
  suspect(): void;
  /** The browser's online/offline events. */
  hintChanged(): void;
  /** Passes a fetch through, suspecting the network when it fails for a reason other than an abort. */
  observe(response: Promise<Response>): Promise<Response>;
}

/** While offline, how often the probe asks whether the network is back. */
export const RETRY_OFFLINE_MS = 5000;

export function createConnectivity(env: ConnectivityEnv): Connectivity {
  let online = env.hint();
  let probing: Promise<void> | null = null;
  let retry: unknown = null;
  const listeners = new Set<() => void>();

  const set = (value: boolean) => {
    if (retry !== null) env.clearTimeout(retry);
    retry = value ? null : env.setTimeout(() => ((retry = null), void probe()), RETRY_OFFLINE_MS);
    if (value === online) return;
    online = value;
    for (const listener of listeners) listener();
  };

  const probe = (): Promise<void> =>
    (probing ??= env
      .probe()
      .catch(() => false)
      // A browser that says it is offline is believed even if a cached answer slipped through.
      .then((reached) => set(reached && env.hint()))
      .finally(() => (probing = null)));

  return {
    online: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    report: (reachedNetwork) => set(reachedNetwork && env.hint()),
    suspect: () => void probe(),
    hintChanged() {
      if (!env.hint()) set(false);
      else void probe();
    },
    async observe(response) {
      try {
        return await response;
      } catch (error) {
        if (!(error instanceof Error && error.name === 'AbortError')) void probe();
        throw error;
      }
    },
  };
}
