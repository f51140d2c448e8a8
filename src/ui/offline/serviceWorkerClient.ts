import { createStore, type StoreApi } from 'zustand/vanilla';

/** A new version downloaded in the background and waiting for the user (never applied by itself). */
export interface AppUpdateState {
  ready: boolean;
  /** Lets the new version take over, then reloads the page; the caller decides when that is safe. */
  apply(): void;
  dismiss(): void;
}

/** What the registration (loaded after the first screen) needs of the update store. */
export interface UpdateOffer {
  /** A new version is installed and waiting. */
  offer(worker: ServiceWorker): void;
  /** Whether the user chose Reload (the next controller change reloads the page). */
  applying(): boolean;
}

/** Resolves once the page is idle (the keymap drawn), or after 2 s at the latest. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}

/**
 * Registers the service worker of a production build (docs/offline.md) and reports a waiting new version.
 * The first install takes over quietly; later versions wait until `apply` — chosen by the user. Only the store is
 * on the first screen: the registration's code loads once the first screen is done.
 */
export function startServiceWorker(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
  enabled: boolean = import.meta.env.PROD,
  /** Settles when the first screen is done (the first keyboard loaded or none found). */
  firstScreen: Promise<unknown> = Promise.resolve(),
): StoreApi<AppUpdateState> {
  let waiting: ServiceWorker | null = null;
  let applying = false;
  const store = createStore<AppUpdateState>()((set) => ({
    ready: false,
    apply() {
      if (!waiting) return;
      applying = true;
      waiting.postMessage({ type: 'keyloom:skip-waiting' });
    },
    dismiss: () => set({ ready: false }),
  }));
  if (!container || !enabled) return store;

  const updates: UpdateOffer = {
    offer(worker) {
      waiting = worker;
      store.setState({ ready: true });
    },
    applying: () => applying,
  };
  // After the first screen is drawn: registering, and the precache it downloads, must not compete with it.
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  void Promise.allSettled([loaded, firstScreen])
    .then(whenIdle)
    .then(() => import('./registerServiceWorker.ts'))
    .then(({ registerServiceWorker }) => registerServiceWorker(container, updates))
    .catch((error: unknown) => console.warn('Service worker not registered', error));
  return store;
}
