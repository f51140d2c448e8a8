/**
 * A second reference for time to keymap: the static page's keyboard drawn by React 19 from a module script
 * (bench/reactKeyboardPage/), built for production by Vite into a temporary folder. What React alone costs a
 * page before its first keys show: downloading, compiling and running React DOM and one render. The app is
 * measured against it as well as against the static page (issue 43's VIA ÷ static ≤ 2.5).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';

/** Builds the page and returns its folder (serve it with serveStatic). */
export async function buildReactKeyboardPage(): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), 'keyloom-bench-react-'));
  await build({
    configFile: false,
    logLevel: 'silent',
    root: path.join(import.meta.dirname, 'reactKeyboardPage'),
    base: './',
    build: { outDir: folder, emptyOutDir: true },
  });
  return folder;
}
