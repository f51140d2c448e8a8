import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { initI18n } from './i18n/i18n.ts';
import { createErrorStore } from './state/errorStore.ts';
import { createSettingsStore } from './state/settingsStore.ts';
import { browserServiceWorkers, browserStorage } from './state/storage.ts';
import { readEnvironment } from './ui/common/environment.ts';
import { DeviceRuntime } from './app/DeviceRuntime.ts';
import { createSelectionStore } from './state/selectionStore.ts';
import { createCommandStore, writingCommandCode } from './state/commands.ts';
import { LazyStore } from './state/lazyStore.ts';
import { hostLayouts } from './keycodes/hostLayout.ts';
import { createLayerNamesStore } from './state/layerNames.ts';
import { startServiceWorker } from './app/serviceWorkerClient.ts';
import type { DecorateKeys } from './ui/common/canvasKey.ts';
import { framedByAnotherSite } from './ui/shell/frameCheck.ts';
import { observedFetch, startConnectivity } from './ui/offline/useOnline.ts';
import { DEFAULT_KEYCAP_THEME, keycapThemes } from './ui/theme/keycapThemeLoader.ts';
import { allLegends } from './keycodes/legendTable.ts';
import { PREFETCH_MARK } from './ui/common/prefetchMark.ts';
import { configurePanes } from './ui/configure/configurePanes.ts';
import { keyAssignmentCode } from './ui/configure/keyAssignmentCode.ts';
import { preloadZmkRoute } from './ui/configure/zmk/zmkRouteCode.ts';
import { preloadRequestedDemo } from './app/requestedDemo.ts';
import './ui/theme/global.css';
import './ui/shell/shell.css';
import './ui/canvas/canvas.css';

// Inside another site's frame only a notice shows (docs/adr/0008-framing.md): nothing of the app starts there.
// Neither is awaited at the top level: chunks this module loads (the notice, a language's strings) import it back
// (the bundler's preload helper lives here), and would wait for it to finish evaluating — a start in Japanese,
// Korean or Chinese would never render.
if (framedByAnotherSite(window))
  void import('./ui/shell/FramedNotice.tsx').then((m) =>
    m.showFramedNotice(document.getElementById('root')!),
  );
else {
  // A demo the link asks for: its code is on its way before the start below asks for it (app/requestedDemo.ts).
  if (preloadRequestedDemo(window.location.search) === 'zmk') preloadZmkRoute();
  // The start is a task of its own after the modules' evaluation: two tasks where there was one long one, which
  // counts once the static frame is painted (issue 43: TBT).
  setTimeout(() => void startApp(), 0);
}

/** Starts the stores, the devices and the service worker, then renders the app once its strings are here. */
async function startApp() {
  const storage = browserStorage();
  const errors = createErrorStore();
  const env = readEnvironment();
  // Listening before the first request: the service worker's reports of the network are not missed.
  startConnectivity();
  const runtime = new DeviceRuntime(storage, errors, document.baseURI, {
    fetch: observedFetch,
    download: observedFetch,
  });
  const selection = createSelectionStore();
  // QK_BOOT on a locked Vial keyboard waits for the unlock dialog.
  const commands = createCommandStore(runtime.store, {
    ensureUnlocked: async (reason) => (await runtime.vialUnlock()).getState().ensureUnlocked(reason),
  });
  const logAppError = (message: string) => errors.getState().logAppError({ message });
  const logFailure = (reason: unknown) =>
    logAppError(reason instanceof Error ? reason.message : String(reason));
  // Devices are listed while the strings load (both are on the way to the keymap); without device access (and no
  // override) nothing is started.
  const started =
    env.hidSupported || env.hidOverridden ? runtime.start(window.location.search) : Promise.resolve();
  started.catch(logFailure);
  // A ZMK keyboard on its way (remembered, or asked for by the link): its screen's code and strings are fetched
  // now, beside the ZMK store's, not once the first render has asked for them (issue 43).
  if (runtime.zmk.started) preloadZmkRoute();
  const stores = {
    settings: createSettingsStore(storage, logAppError),
    errors,
    runtime,
    selection,
    commands,
    tester: new LazyStore(() => import('./state/testerStore.ts').then((m) => m.createTesterStore())),
    keymapTools: new LazyStore(() =>
      import('./state/keymapToolsStore.ts').then((m) =>
        m.createKeymapToolsStore<DecorateKeys>(runtime.store, commands),
      ),
    ),
    layerNames: createLayerNamesStore(storage, logAppError),
    jobs: new LazyStore(() =>
      import('./state/deviceJobs.ts').then((m) => m.createDeviceJobs(runtime, { commands, errors, storage })),
    ),
    // The service worker registers once the first screen is done, so its precache does not slow the first load.
    appUpdate: startServiceWorker(browserServiceWorkers(), import.meta.env.PROD, started),
  };
  // A different keyboard clears the selection.
  runtime.store.subscribe(
    (s, prev) => s.selectedPath !== prev.selectedPath && selection.getState().select(null),
  );
  runtime.listenForLogRequests(window);

  // Once the first keymap is drawn, the rest of the keycode tables and legend rows (which every other category,
  // pane, dialog and screen awaits), the Configure screen's other panes' wiring, the commands that write and what a
  // picked keycode does load while the page is idle, so the first click or edit does not wait for them.
  // The mark tells the first-load budget (scripts/firstLoadBudget.ts) where the first load ends.
  // Each in an idle period of its own, one after the other: evaluated together they were one long task (TBT).
  // The first idle callback is asked for as soon as the start settles, as the service worker's registration
  // waits for a later one (serviceWorkerClient.ts): it comes after the mark.
  const idleStep = (load: () => Promise<unknown>) =>
    new Promise<void>((resolve) =>
      whenIdle(
        () =>
          void load().then(
            () => resolve(),
            () => resolve() /* offline: the next need tries again */,
          ),
      ),
    );
  void started.finally(() =>
    idleStep(() => (performance.mark(PREFETCH_MARK), allLegends.load()))
      .then(() => idleStep(() => configurePanes.load()))
      .then(() => idleStep(() => Promise.all([writingCommandCode.load(), keyAssignmentCode.load()]))),
  );

  // Unexpected failures outside React still reach the Errors page.
  window.addEventListener('unhandledrejection', (event) => logFailure(event.reason));

  // Automation hook (documented in docs/testing.md): e2e tests and power users reach the stores here.
  Object.assign(window, { __keyloom: { stores } });

  // A computer set to a layout other than US gets its legends from the first paint (the tables load meanwhile),
  // and a keycap theme other than the default its colours.
  const { hostLayout, themeName } = stores.settings.getState();
  await Promise.all([
    initI18n(stores.settings.getState().language),
    hostLayout === 'auto' || hostLayout === 'us' ? null : hostLayouts.load(),
    themeName === DEFAULT_KEYCAP_THEME ? null : keycapThemes.load(),
  ]);

  // A transition: React draws the first frame in slices, yielding to the browser between them, instead of one
  // long task (issue 43: TBT); index.html's static frame stays on screen until it is done.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App stores={stores} env={env} />
      </StrictMode>,
    ),
  );
}

/** Runs `work` when the main thread is next idle (within 2 s), or after a frame where idle callbacks are missing. */
function whenIdle(work: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 50);
}
