import type { StoreApi } from 'zustand/vanilla';
import type { AppUpdateState, UpdateHandle } from './appUpdate.ts';

const HOURLY = 60 * 60 * 1000;

/**
 * Registers `sw.js`, offers a new version once it is installed and waiting, and checks for one hourly.
 * Loaded after the first screen is idle (`serviceWorkerClient.ts`), so it is not part of the first load.
 */
export async function registerServiceWorker(
  container: ServiceWorkerContainer,
  store: StoreApi<AppUpdateState>,
  handle: UpdateHandle,
): Promise<void> {
  const offer = (worker: ServiceWorker) => {
    // With no controller this is the first install, which simply takes over: nothing to announce.
    if (worker.state !== 'installed' || !container.controller) return;
    handle.waiting = worker;
    store.setState({ ready: true });
  };
  const registration = await container.register('./sw.js');
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener('statechange', () => offer(worker));
  });
  // The definitions fetched before the worker ran are remembered for offline use too.
  const ready = await container.ready;
  ready.active?.postMessage({
    type: 'keyloom:remember',
    urls: performance.getEntriesByType('resource').map((entry) => entry.name),
  });
  setInterval(() => void registration.update().catch(() => undefined), HOURLY);
}
