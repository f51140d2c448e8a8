import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..');
const src = path.join(root, 'src');
// The CORE list as eslint.config.js spells it (read as text: the config is plain JS without types).
const configText = readFileSync(path.join(root, 'eslint.config.js'), 'utf8');
const CORE = [...(/const CORE = \[([^\]]*)\]/.exec(configText)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(
  (match) => match[1]!,
);
const folders = readdirSync(src, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// Folders above the core, each with its own lint block or none needed (docs/ARCHITECTURE.md); `offline` is the
// service worker, a separate entry point beside the page.
const ABOVE_CORE = ['app', 'services', 'state', 'ui', 'transport', 'i18n', 'cli', 'offline'];

describe('lint layers', () => {
  it('reads the list', () => expect(CORE.length).toBeGreaterThan(5));
  const core = CORE.map((glob) => /^src\/([^/]+)\/\*\*$/.exec(glob)?.[1]);

  it('names only folders that exist (no typos such as src/transfers)', () => {
    expect(core.filter((name) => !name || !folders.includes(name))).toEqual([]);
  });

  it('places every folder of src/ either in the core list or above the core', () => {
    expect(folders.filter((name) => !core.includes(name) && !ABOVE_CORE.includes(name))).toEqual([]);
  });
});
