import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE } from '../eslint.config.js';

const src = path.join(import.meta.dirname, '..', 'src');
const folders = readdirSync(src, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// Folders above the core, each with its own lint block or none needed (docs/ARCHITECTURE.md).
const ABOVE_CORE = ['services', 'state', 'ui', 'transport', 'i18n', 'cli'];

describe('lint layers', () => {
  const core = CORE.map((glob) => /^src\/([^/]+)\/\*\*$/.exec(glob)?.[1]);

  it('names only folders that exist (no typos such as src/transfers)', () => {
    expect(core.filter((name) => !name || !folders.includes(name))).toEqual([]);
  });

  it('places every folder of src/ either in the core list or above the core', () => {
    expect(folders.filter((name) => !core.includes(name) && !ABOVE_CORE.includes(name))).toEqual([]);
  });
});
