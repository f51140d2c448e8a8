/**
 * The Vial family's starter chunk (issue 43): imported from the first screen's chunk, a chunk fetches its own
 * imports level by level as each arrives (vite.config.ts `resolveDependencies`: their lists would sit in the
 * first screen); imported from here, each comes with its whole import list at once, off the first screen.
 */
export const loadVialSession = () => import('./vialSession.ts');
export const loadVialDemo = () => import('../virtual-keyboard/vial/vialDemo.ts');
export const loadVialDefinitionReader = () => import('../services/vialDefinitionReader.ts');
