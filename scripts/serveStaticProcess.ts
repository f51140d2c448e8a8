/**
 * `serveStatic` in a process of its own, for the benches that time page loads: inside the bench's process the
 * server answers only when that process's event loop is free, and Playwright's client keeps it busy while a page
 * loads (files came 50–360 ms late on a loaded machine, issue 43). A page fetching nine files over three levels
 * paid that on each level; a static one-file page once. A host's server does not share a process with the
 * browser's driver, so neither does this one. The child exits when its parent closes its stdin (or dies).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { serveStatic, type StaticServer } from './serveStatic.ts';

const SELF = fileURLToPath(import.meta.url);

export async function serveStaticProcess(
  root: string,
  options: { gzip?: boolean } = {},
): Promise<StaticServer> {
  // The parent's own flags carry its TypeScript loader (tsx), so the child runs this file as the parent would.
  const child = spawn(process.execPath, [...process.execArgv, SELF, root, options.gzip ? 'gzip' : 'plain'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the file server for ${root} exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return {
    url,
    close: async () => {
      child.stdin!.end();
      await exited;
    },
  };
}

if (process.argv[1] === SELF) {
  const [root, mode] = process.argv.slice(2);
  const server = await serveStatic(root!, { gzip: mode === 'gzip' });
  process.stdout.write(`${server.url}\n`);
  process.stdin.resume();
  process.stdin.once('end', () => void server.close().then(() => process.exit(0)));
}
