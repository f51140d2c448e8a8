import { describe, expect, it } from 'vitest';
import { demoPreloadScript, demoPreloads, type DemoChunk } from './demoPreloads.ts';

const chunk = (fileName: string, more: Partial<DemoChunk> = {}): DemoChunk => ({
  fileName,
  facadeModuleId: null,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  size: 100,
  css: [],
  ...more,
});

// A bundle shaped like the app's: the first screen's chunk, a starter that shares its modules and asks for its
// family's code, which imports small shared chunks; and chunks the demo never loads.
const BUNDLE = [
  chunk('assets/index.js', { isEntry: true, imports: ['assets/runtime.js'], css: ['assets/index.css'] }),
  chunk('assets/runtime.js'),
  chunk('assets/vialStart.js', {
    facadeModuleId: '/app/src/families/vialStart.ts',
    imports: ['assets/index.js'],
    dynamicImports: ['assets/vial.js', 'assets/check.js'],
  }),
  chunk('assets/vial.js', {
    size: 900,
    imports: ['assets/crc32.js', 'assets/runtime.js'],
    css: ['assets/vial.css'],
  }),
  chunk('assets/crc32.js', { size: 50, dynamicImports: ['assets/pane.js'] }),
  chunk('assets/check.js', { size: 5000, facadeModuleId: '/app/src/definitions/check.js' }),
  chunk('assets/pane.js'),
  chunk('assets/other.js', { facadeModuleId: '/app/src/other.ts', imports: ['assets/vial.js'] }),
];

describe('demoPreloads', () => {
  it("lists the starter, what it asks for and their imports, largest first, without the first screen's files", () => {
    expect(demoPreloads(BUNDLE, ['/src/families/vialStart.ts'])).toEqual([
      'assets/check.js',
      'assets/vial.js',
      'assets/vialStart.js',
      'assets/crc32.js',
      'assets/vial.css',
    ]);
  });

  it('takes several starters, each file once', () => {
    const files = demoPreloads(BUNDLE, ['/src/families/vialStart.ts', '/src/other.ts']);
    expect(files).toContain('assets/other.js');
    expect(new Set(files).size).toBe(files.length);
  });

  it('fails the build when a starter has no chunk of its own (renamed, or merged into another)', () => {
    expect(() => demoPreloads(BUNDLE, ['/src/app/zmkStart.ts'])).toThrow(/zmkStart/);
  });

  it('writes a script of module preloads, and style preloads in the mode the app loads stylesheets', () => {
    const script = demoPreloadScript(['assets/vial.js', 'assets/vial.css']);
    expect(script).toContain('<link rel=modulepreload href=./assets/vial.js>');
    expect(script).toContain('<link rel=preload as=style crossorigin href=./assets/vial.css>');
    expect(() => new Function(script)).not.toThrow();
  });
});
