/**
 * Keyloom's service worker (built to `sw.js` by scripts/offlinePlugin.ts, which puts the build's precache plan
 * in front of this file as `PRECACHE`). Ours rather than Workbox: three strategies and a version switch are
 * ~120 lines, and Workbox's build tool would add dozens of packages and install warnings (docs/offline.md).
 *
 * Life cycle: install precaches the shell (all or nothing) and waits — it never takes over by itself, so a
 * running page keeps the files it started with; the page asks it to take over when the user chooses Reload.
 */
import { cacheName, DATA_CACHE, strategyFor } from './fetchStrategy.ts';
import type { PrecachePlan } from './precachePlan.ts';

declare const PRECACHE: PrecachePlan;

/** The parts of the worker's global scope used here (the DOM lib, which the project compiles with, has none). */
interface WorkerScope {
  registration: { scope: string };
  clients: {
    claim(): Promise<void>;
    get(id: string): Promise<{ postMessage(message: unknown): void } | undefined>;
    matchAll(options: { type: 'window' }): Promise<readonly unknown[]>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}
interface ExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  clientId: string;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
}

const worker = self as unknown as WorkerScope;
const scope = worker.registration.scope;
const VERSION_CACHE = cacheName(PRECACHE.version);
const url = (path: string) => new URL(path, scope).href;

worker.addEventListener('install', (event) => {
  event.waitUntil(caches.open(VERSION_CACHE).then((cache) => cache.addAll(PRECACHE.shell.map(url))));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await pruneOldVersions();
      // The first visit's page is taken over at once so what it uses from now on is cached.
      await worker.clients.claim();
      await warmExtras();
    })(),
  );
});

/**
 * Deletes older versions' caches once at most one tab is open. With more, another tab may still run an older
 * version: its lazy screens are no longer on the server, so they are answered from its version's cache until
 * that tab reloads (the tab is told a new version took over: app/serviceWorkerClient.ts).
 */
async function pruneOldVersions(): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window' });
  if (windows.length > 1) return;
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((n) => n.startsWith('keyloom-') && n !== VERSION_CACHE && n !== DATA_CACHE)
      .map((n) => caches.delete(n)),
  );
}

/** Lazy screens and other languages, fetched in the background; a file that fails is fetched on use instead. */
async function warmExtras(): Promise<void> {
  const cache = await caches.open(VERSION_CACHE);
  for (const path of PRECACHE.extras) {
    if (await cache.match(url(path))) continue;
    await cache.add(url(path)).catch(() => undefined);
  }
}

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type === 'keyloom:skip-waiting') event.waitUntil(worker.skipWaiting());
  // Files the page fetched before this worker controlled it (the first visit's definitions).
  if (data?.type === 'keyloom:remember' && Array.isArray(data.urls)) {
    const wanted = data.urls.filter(
      (u): u is string =>
        typeof u === 'string' && strategyFor({ url: u, method: 'GET', mode: 'cors' }, scope) === 'data',
    );
    event.waitUntil(
      caches
        .open(DATA_CACHE)
        .then((cache) => Promise.all(wanted.map((u) => cache.add(u).catch(() => undefined)))),
    );
  }
});

worker.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, scope);
  if (strategy === 'network') return;
  const network = (request: Request) => fetchAndTell(request, event.clientId);
  if (strategy === 'page') {
    event.respondWith(page(event.request));
    // A tab reloading onto this version may have been the last one on an older version.
    event.waitUntil(pruneOldVersions().catch(() => undefined));
  } else if (strategy === 'data') event.respondWith(networkFirst(event.request, network));
  else event.respondWith(cacheFirst(event.request, network));
});

/**
 * A cache, or null where Cache Storage refuses (site data blocked after install, storage evicted or full): the
 * network then answers alone, so a refusing store never turns into a page that does not load.
 */
async function openCache(name: string): Promise<Cache | null> {
  try {
    return await caches.open(name);
  } catch {
    return null;
  }
}

/** Keeps a copy when the cache takes it; a refused write never fails the answer. */
function keep(cache: Cache | null, request: Request, response: Response): Promise<void> {
  return cache && response.ok
    ? cache.put(request, response.clone()).catch(() => undefined)
    : Promise.resolve();
}

/**
 * The network, telling the page whether it was reached: answered from the cache, the page could not know that
 * the network is down (navigator.onLine stays true on a network that is connected but dead). docs/offline.md.
 */
async function fetchAndTell(request: Request, clientId: string): Promise<Response> {
  const tell = (online: boolean) =>
    void worker.clients
      .get(clientId)
      .then((client) => client?.postMessage({ type: 'keyloom:network', online }))
      .catch(() => undefined);
  try {
    const response = await fetch(request);
    tell(true);
    return response;
  } catch (error) {
    tell(false);
    throw error;
  }
}

async function page(request: Request): Promise<Response> {
  const cache = await openCache(VERSION_CACHE);
  const cached = await cache?.match(url('index.html')).catch(() => undefined);
  return cached ?? fetch(request);
}

async function networkFirst(
  request: Request,
  network: (request: Request) => Promise<Response>,
): Promise<Response> {
  const cache = await openCache(DATA_CACHE);
  try {
    const response = await network(request);
    await keep(cache, request, response);
    return response;
  } catch (error) {
    const cached = await cache?.match(request, { ignoreSearch: true }).catch(() => undefined);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(
  request: Request,
  network: (request: Request) => Promise<Response>,
): Promise<Response> {
  const cache = await openCache(VERSION_CACHE);
  const cached = await cache?.match(request, { ignoreSearch: true }).catch(() => undefined);
  if (cached) return cached;
  // A tab still on an older version asks for that version's files: its cache is kept while such a tab is open.
  const older = await caches.match(request, { ignoreSearch: true }).catch(() => undefined);
  if (older) return older;
  const response = await network(request);
  await keep(cache, request, response);
  return response;
}
