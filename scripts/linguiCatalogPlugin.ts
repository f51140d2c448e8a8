/**
 * Vite plugin (ADR 0011): `import … from './locales/<lng>/<namespace>.json?lingui'` (and the same query in
 * `import.meta.glob`) gives that namespace compiled for Lingui's runtime by `compileCatalog`; a plain `.json`
 * import still gives the file as written (the tests that compare languages read it so). Vitest runs the same
 * plugin from vite.config.ts, so unit tests get the messages the app gets. A message that cannot be compiled
 * stops the build (and fails the test that imports it) with its file and key.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { compileCatalog } from './compileCatalog.ts';

/** The query parameter that asks for a compiled catalog. */
export const CATALOG_PARAMETER = 'lingui';

/** The module text of one compiled catalog file: its catalog as the default export. */
export function catalogModule(file: string, root: string): string {
  const where = path.relative(root, file);
  const catalog = compileCatalog(JSON.parse(readFileSync(file, 'utf8')), where);
  return `export default ${JSON.stringify(catalog)};\n`;
}

export function linguiCatalogPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'keyloom:lingui-catalogs',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    load(id) {
      // The dev server adds its own parameters (`?import&lingui`).
      const [file = '', query = ''] = id.split('?', 2);
      if (!file.endsWith('.json') || !query.split('&').includes(CATALOG_PARAMETER)) return null;
      this.addWatchFile(file);
      return { code: catalogModule(file, root), moduleType: 'js' };
    },
  };
}
