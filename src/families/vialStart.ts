/**
 * The Vial family's starter chunk (issue 43): imported from the first screen's chunk, a chunk fetches its own
 * imports level by level as each arrives (vite.config.ts `resolveDependencies`: their lists would sit in the
 * first screen); imported from here, each comes with its whole import list at once, off the first screen.
 *
 * Everything is asked for at once, in the order it is used: a static host speaking HTTP/1.1 (the bench's, many
 * others) serves six files at a time, so what is asked for last arrives last — the Vial path is ≈ 16 files.
 */
import { lightingMenu } from '../definitions/lightingValues.ts';

/** The Vial session (Vial's commands and capabilities), then what reading the keyboard's definition needs. */
export function loadVialSession() {
  const session = import('./vialSession.ts');
  preloadVialReading();
  return session;
}

/**
 * The demo board's firmware first (nothing is read before the board is plugged), then the session and the
 * reading code: the order the demo uses them.
 */
export function loadVialDemo() {
  const demo = import('../virtual-keyboard/vial/vialDemo.ts');
  loadVialSession().catch(() => undefined /* recognising the board asks again, and reports */);
  return demo;
}

/**
 * What reading a Vial keyboard's definition and drawing its keymap need after the session — the reader, the xz
 * decoder, Vial's definition converter, the definition compiler's steps and the v2 schema check, the v2
 * lighting menu, and the keycode tables' and legends' later rows (a Vial keymap holds QK_BOOT and layer keys) —
 * fetched now, one level after the app's chunk, instead of each once the step before it is done.
 */
function preloadVialReading(): void {
  for (const code of [
    import('../services/vialDefinitionReader.ts'),
    import('xz-decompress'),
    import('../definitions/vialDefinition.ts'),
    // The largest step (0.6 MB of generated code; its first run ≈ 25 ms in Node, several times that at 4× CPU in
    // the page) was fetched only once the definition was read and its version known, after the read's hundred
    // round trips. A Vial definition is v2 unless it has menus (definitions/vialDefinition.ts), so v2's check
    // loads during the read; a v3 one still loads its own check then. The check itself is the same. Asked for
    // before the compiler's other steps, which are small: the largest file starts first.
    import('../definitions/generated/keyboardDefinitionV2.js'),
    import('../definitions/compileSource.ts'),
    lightingMenu.load(),
  ])
    code.catch(() => undefined /* each step asks again when it needs its code, and reports */);
}
