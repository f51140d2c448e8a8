/**
 * The ZMK family's starter chunk (issue 43). Imported from the first screen's chunk, a chunk fetches its own
 * imports level by level as each arrives (vite.config.ts `resolveDependencies`: their lists would sit in the
 * first screen); imported from here, the ZMK connections come with their whole import list at once. One small
 * round trip instead of one per level of the ZMK code's imports, and nothing added to the first screen.
 */
export const loadZmkConnections = () => import('./zmkConnections.ts');

/**
 * What a ZMK demo needs next — its firmware model, its serial port and the ZMK Studio session — fetched beside
 * the connections instead of one level after another once each is asked for (families/zmkFamily.ts imports
 * them from the first screen's chunk, where their import lists are dropped).
 */
export const preloadZmkDemo = () =>
  Promise.all([
    import('../virtual-keyboard/zmk/zmkDemoKeyboard.ts'),
    import('../transport/zmkSerialTransport.ts'),
    import('../services/zmkSession.ts'),
  ]);
