import type { UpdateOffer } from './serviceWorkerClient.ts';

const HOURLY = 60 * 60 * 1000;

/**
 * Registers `sw.js`, offers a new version once it is installed and waiting, hands the worker the definitions the
 * page fetched before it ran, and asks for updates hourly (docs/offline.md "Updates").
 */
export async function registerServiceWorker(
  container: ServiceWorkerContainer,
  updates: UpdateOffer,
): Promise<void> {
  const offer = (worker: ServiceWorker) => {
    // With no controller this is the first install, which simply takes over: nothing to announce.
    if (worker.state !== 'installed' || !container.controller) return;
    updates.offer(worker);
  };
  container.addEventListener('controllerchange', () => {
    if (updates.applying()) window.location.reload();
  });
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
