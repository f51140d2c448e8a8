import { useSyncExternalStore } from 'react';
import { createConnectivity, type Connectivity } from '../../state/connectivity.ts';
import { browserServiceWorkers } from '../../state/storage.ts';

let connectivity: Connectivity | null = null;

/**
 * The page's one connectivity store (state/connectivity.ts), wired to the browser: its online/offline events as a
 * hint, the service worker's reports of the network attempts it makes for this page, and a probe that asks this
 * app's server for headers. HEAD is never answered by the service worker (it handles GETs only) and `no-store`
 * skips the HTTP cache, so only a live server answers. Started before the first request, so no report is missed.
 */
export function startConnectivity(
  serviceWorker: ServiceWorkerContainer | undefined = browserServiceWorkers(),
): Connectivity {
  if (connectivity) return connectivity;
  const started = createConnectivity({
    hint: () => navigator.onLine,
    probe: async () => {
      await fetch(document.baseURI, { method: 'HEAD', cache: 'no-store' });
      return true;
    },
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  });
  window.addEventListener('online', started.hintChanged);
  window.addEventListener('offline', started.hintChanged);
  serviceWorker?.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; online?: unknown } | null;
    if (data?.type === 'keyloom:network' && typeof data.online === 'boolean') started.report(data.online);
  });
  return (connectivity = started);
}

/** A fetch whose network failures the connectivity store hears of (for the app's own requests). */
export const observedFetch: typeof fetch = (input, init) => startConnectivity().observe(fetch(input, init));

const subscribe = (onChange: () => void) => startConnectivity().subscribe(onChange);

/** Whether Keyloom can reach the network; Keyloom itself keeps working without one (docs/offline.md). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => startConnectivity().online(),
    () => true,
  );
}
