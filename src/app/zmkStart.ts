/**
 * The ZMK family's starter chunk (issue 43). Imported from the first screen's chunk, a chunk fetches its own
 * imports level by level as each arrives (vite.config.ts `resolveDependencies`: their lists would sit in the
 * first screen); imported from here, the ZMK connections come with their whole import list at once. One small
 * round trip instead of one per level of the ZMK code's imports, and nothing added to the first screen.
 */
export const loadZmkConnections = () => import('./zmkConnections.ts');
