/**
 * How the service worker answers one request (docs/offline.md). Pure, so the rules are unit-tested in Node.
 * - `page`: a navigation: the cached index.html of the running version (its hashed files are in the same cache),
 *   the network only when the cache has none.
 * - `data`: definitions and vendor configs: the network first so a keyboard's newest definition is used, the
 *   cache when offline; every successful answer is stored ("the definitions the user has used").
 * - `asset`: the app's own hashed files and static files: the cache first, then the network, storing what
 *   arrives (this is how the 3D chunk and ffmpeg.wasm become available offline after their first use).
 * - `network`: anything else (other origins, non-GET, firmware downloads, sharing): never cached.
 */
export type Strategy = 'page' | 'data' | 'asset' | 'network';

const DATA = /^(definitions|tabkb)\/[^/]+(\/[^/]+)?\.json$/;
// licences.json: the credits of this very build (Settings → About), kept with the version they describe;
// shellGate.js: the static first frame's gate, which the page's <head> runs before its first paint, offline too.
const ASSET = /^(assets\/|icons\/|favicon\.svg$|manifest\.webmanifest$|licences\.json$|shellGate\.js$)/;

/**
 * @param url the request URL
 * @param scope the worker's scope URL (the app's folder, ending in '/')
 */
export function strategyFor(request: { url: string; method: string; mode: string }, scope: string): Strategy {
  if (request.method !== 'GET') return 'network';
  if (!request.url.startsWith(scope)) return 'network';
  if (request.mode === 'navigate') return 'page';
  const path = new URL(request.url).pathname.slice(new URL(scope).pathname.length);
  if (DATA.test(path)) return 'data';
  if (ASSET.test(path)) return 'asset';
  return 'network';
}

/** The cache of one app version; older ones are deleted when a new version takes over. */
export const cacheName = (version: string) => `keyloom-${version}`;
/** Definitions and vendor configs outlive app versions: a new version must not forget the user's keyboards. */
export const DATA_CACHE = 'keyloom-data';
