import { createStore, type StoreApi } from 'zustand/vanilla';
import { browserServiceWorkers } from '../state/storage.ts';
import type { AppUpdateState, UpdateHandle } from './appUpdate.ts';

export type { AppUpdateState, UpdateHandle } from './appUpdate.ts';

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
 * The store and the takeover listener are on the first screen (a takeover from another tab must not be missed);
 * the registration itself (`serviceWorkerRegistration.ts`) loads once the first screen is done and idle.
 */
export function startServiceWorker(
  container: ServiceWorkerContainer | undefined = browserServiceWorkers(),
  enabled: boolean = import.meta.env.PROD,
  /** Settles when the first screen is done (the first keyboard loaded or none found). */
  firstScreen: Promise<unknown> = Promise.resolve(),
): StoreApi<AppUpdateState> {
  const handle: UpdateHandle = { waiting: null, applying: false };
  const store = createStore<AppUpdateState>()((set) => ({
    ready: false,
    updatedElsewhere: false,
    apply() {
      if (!handle.waiting) {
        if (store.getState().updatedElsewhere) window.location.reload();
        return;
      }
      handle.applying = true;
      handle.waiting.postMessage({ type: 'keyloom:skip-waiting' });
    },
    dismiss: () => set({ ready: false, updatedElsewhere: false }),
  }));
  if (!container || !enabled) return store;

  // A page that had no controller is the first visit being taken over: nothing changed for it.
  let controlled = !!container.controller;
  container.addEventListener('controllerchange', () => {
    if (handle.applying) window.location.reload();
    else if (controlled) {
      // What this tab saw waiting is the running version now: Reload simply reloads.
      handle.waiting = null;
      store.setState({ ready: true, updatedElsewhere: true });
    }
    controlled = true;
  });
  // After the first screen is drawn: registering, and the precache it downloads, must not compete with it.
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  void Promise.allSettled([loaded, firstScreen])
    .then(whenIdle)
    .then(() => import('./serviceWorkerRegistration.ts'))
    .then((m) => m.registerServiceWorker(container, store, handle))
    .catch((error: unknown) => console.warn('Service worker not registered', error));
  return store;
}
