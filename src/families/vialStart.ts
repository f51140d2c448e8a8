/**
 * The Vial family's starter chunk (issue 43): imported from the first screen's chunk, a chunk fetches its own
 * imports level by level as each arrives (vite.config.ts `resolveDependencies`: their lists would sit in the
 * first screen); imported from here, each comes with its whole import list at once, off the first screen.
 */
import { lightingMenu } from '../definitions/lightingValues.ts';
import { allLegends } from '../keycodes/legendTable.ts';

export const loadVialSession = () => import('./vialSession.ts');
export const loadVialDemo = () => import('../virtual-keyboard/vial/vialDemo.ts');
export const loadVialDefinitionReader = () => import('../services/vialDefinitionReader.ts');

/**
 * What reading a Vial keyboard's definition and drawing its keymap need after the session — the definition
 * compiler's steps and the v2 schema check, the xz decoder, Vial's definition converter, the
 * v2 lighting menu, and the keycode tables' and legends' later rows (a Vial keymap holds QK_BOOT and layer
 * keys) — fetched now, one level after the app's chunk, instead of each once the step before it is done.
 */
export function preloadVialReading(): void {
  for (const code of [
    import('../definitions/compileSource.ts'),
    // The largest step (0.6 MB of generated code; its first run ≈ 25 ms in Node, several times that at 4× CPU in
    // the page) was fetched only once the definition was read and its version known, after the read's hundred
    // round trips. A Vial definition is v2 unless it has menus (definitions/vialDefinition.ts), so v2's check
    // loads during the read; a v3 one still loads its own check then. The check itself is the same.
    import('../definitions/generated/keyboardDefinitionV2.js'),
    import('xz-decompress'),
    import('../definitions/vialDefinition.ts'),
    lightingMenu.load(),
    allLegends.load(),
  ])
    code.catch(() => undefined /* each step asks again when it needs its code, and reports */);
}
