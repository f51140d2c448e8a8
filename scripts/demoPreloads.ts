/** What `demoPreloads` reads of a built chunk (rolldown's output chunk, with Vite's CSS metadata). */
export interface DemoChunk {
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  size: number;
  css: string[];
}

/**
 * The starter modules a demo link's code is asked for through (app/requestedDemo.ts, main.tsx), by demo family:
 * the build's `<family>.js` preloads what they import.
 */
export const DEMO_STARTERS = {
  // The v2 lighting menu: vialStart asks for it through definitions/lightingValues.ts, in the first screen.
  vial: ['/src/families/vialStart.ts', '/src/definitions/lightingMenu.ts'],
  zmk: ['/src/app/zmkStart.ts', '/src/ui/configure/zmk/zmkRouteStart.ts'],
} as const;

export type DemoFamily = keyof typeof DEMO_STARTERS;

/**
 * The files a demo's start fetches after the first screen's: each starter's chunk, the chunks it asks for with
 * `import()` (a starter asks for its family's code and nothing else: families/vialStart.ts, app/zmkStart.ts,
 * ui/configure/zmk/zmkRouteStart.ts), what those import statically, and their stylesheets; less the first
 * screen's own files. Largest first: an HTTP/1.1 host serves six at a time, and the largest arrives last when
 * asked for last (docs/performance.md, the demos' ninth stop).
 */
export function demoPreloads(chunks: DemoChunk[], starters: readonly string[]): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      const chunk = byName.get(name);
      if (!chunk || seen.has(name)) return;
      seen.add(name);
      for (const css of chunk.css) seen.add(css);
      chunk.imports.forEach(visit);
    };
    roots.forEach(visit);
    return seen;
  };
  const firstScreen = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const roots = starters.map((id) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(id));
    if (!chunk) throw new Error(`No chunk starts at ${id}: a demo's preloads cannot be listed`);
    return chunk;
  });
  const files = closure(roots.flatMap((chunk) => [chunk.fileName, ...chunk.dynamicImports]));
  const size = (name: string) => byName.get(name)?.size ?? 0;
  return [...files]
    .filter((name) => !firstScreen.has(name))
    .sort((a, b) => Number(b.endsWith('.js')) - Number(a.endsWith('.js')) || size(b) - size(a));
}

/** The script that asks for them: `<link rel=modulepreload>` for code, `<link rel=preload as=style>` for CSS. */
export function demoPreloadScript(files: string[]): string {
  const links = files
    .map((name) =>
      name.endsWith('.css')
        ? `<link rel=preload as=style crossorigin href=./${name}>`
        : `<link rel=modulepreload href=./${name}>`,
    )
    .join('');
  return `document.head.insertAdjacentHTML('beforeend',${JSON.stringify(links)})\n`;
}
