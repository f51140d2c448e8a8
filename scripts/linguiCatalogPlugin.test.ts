import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linguiCatalogPlugin } from './linguiCatalogPlugin.ts';

const file = path.join(import.meta.dirname, '../src/i18n/locales/ja/gates.json');
function load(id: string): unknown {
  const plugin = linguiCatalogPlugin();
  const hook = plugin.load as (this: unknown, id: string) => unknown;
  return hook.call({ addWatchFile: () => undefined }, id);
}

describe('the catalog plugin', () => {
  it('compiles a namespace file asked for with ?lingui, in the build and on the dev server (?import&lingui)', () => {
    for (const id of [`${file}?lingui`, `${file}?import&lingui`]) {
      const module = load(id) as { code: string; moduleType: string };
      expect(module.moduleType).toBe('js');
      expect(module.code).toMatch(/^export default \{"design":\["デザインはオフです。/);
    }
  });

  it('leaves a plain JSON import as the file is written', () => {
    expect(load(file)).toBeNull();
    expect(load(`${file}?import`)).toBeNull();
  });
});
