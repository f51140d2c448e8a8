import { createStore, type StoreApi } from 'zustand/vanilla';
import { browserServiceWorkers } from '../state/storage.ts';

/** A new version downloaded in the background and waiting for the user (never applied by itself). */
export interface AppUpdateState {
  ready: boolean;
  /**
   * A new version took over from another tab while this one still runs the old one: this tab keeps working
   * (the old version's files stay cached while it is open) and is asked to reload.
   */
  updatedElsewhere: boolean;
  /** Lets the new version take over, then reloads the page; the caller decides when that is safe. */
  apply(): void;
  dismiss(): void;
}

const HOURLY = 60 * 60 * 1000;

/** Resolves once the page is idle (the keymap drawn), or after 2 s at the latest. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}

/**
 * Registers the service worker of a production build (docs/offline.md) and reports a waiting new version.
 * The first install takes over quietly; later versions wait until `apply` — chosen by the user.
 */
export function startServiceWorker(
  container: ServiceWorkerContainer | undefined = browserServiceWorkers(),
  enabled: boolean = import.meta.env.PROD,
  /** Settles when the first screen is done (the first keyboard loaded or none found). */
  firstScreen: Promise<unknown> = Promise.resolve(),
): StoreApi<AppUpdateState> {
  let waiting: ServiceWorker | null = null;
  let applying = false;
  const store = createStore<AppUpdateState>()((set) => ({
    ready: false,
    updatedElsewhere: false,
    apply() {
      if (!waiting) {
        if (store.getState().updatedElsewhere) window.location.reload();
        return;
      }
      applying = true;
      waiting.postMessage({ type: 'keyloom:skip-waiting' });
    },
    dismiss: () => set({ ready: false, updatedElsewhere: false }),
  }));
  if (!container || !enabled) return store;

  const offer = (worker: ServiceWorker) => {
    // With no controller this is the first install, which simply takes over: nothing to announce.
    if (worker.state !== 'installed' || !container.controller) return;
    waiting = worker;
    store.setState({ ready: true });
  };
  // A page that had no controller is the first visit being taken over: nothing changed for it.
  let controlled = !!container.controller;
  container.addEventListener('controllerchange', () => {
    if (applying) window.location.reload();
    else if (controlled) {
      // What this tab saw waiting is the running version now: Reload simply reloads.
      waiting = null;
      store.setState({ ready: true, updatedElsewhere: true });
    }
    controlled = true;
  });
  const register = async () => {
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
  };
  // After the first screen is drawn: registering, and the precache it downloads, must not compete with it.
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  void Promise.allSettled([loaded, firstScreen])
    .then(whenIdle)
    .then(() => register().catch((error: unknown) => console.warn('Service worker not registered', error)));
  return store;
}
