/**
 * A static file server inside the calling process, for scripts and benches that need the built app over HTTP.
 * It listens on a free port the system picks (port 0), so runs never collide on a busy port, and it lives and
 * dies with the process: nothing is left running when a bench is interrupted. No compression unless asked
 * (`gzip`: as any host serves text, for benches that throttle the network): what the browser fetches is the
 * file's bytes, and callers gzip them themselves when they measure.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.glb': 'model/gltf-binary',
  '.uf2': 'application/octet-stream',
};

export interface StaticServer {
  /** Base URL with a trailing slash, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  close(): Promise<void>;
}

/** Serves `root` (e.g. `dist`) on 127.0.0.1 at a free port; `/` is `index.html`. */
export async function serveStatic(root: string, options: { gzip?: boolean } = {}): Promise<StaticServer> {
  const base = path.resolve(root);
  if (!existsSync(path.join(base, 'index.html')))
    throw new Error(`${root}/index.html is missing: build the app first (npm run build)`);
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(base, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const compress =
      options.gzip === true &&
      /gzip/.test(String(request.headers['accept-encoding'] ?? '')) &&
      /text|json|javascript|svg|manifest/.test(type);
    response.writeHead(200, {
      'content-type': type,
      'cache-control': 'no-cache',
      ...(compress ? { 'content-encoding': 'gzip' } : {}),
    });
    if (compress) response.end(gzipSync(readFileSync(file)));
    else createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
