/**
 * The Vial family's starter chunk (issue 43): imported from the first screen's chunk, a chunk fetches its own
 * imports level by level as each arrives (vite.config.ts `resolveDependencies`: their lists would sit in the
 * first screen); imported from here, each comes with its whole import list at once, off the first screen.
 *
 * Everything is asked for at once, in the order it is used: a static host speaking HTTP/1.1 (the bench's, many
 * others) serves six files at a time, so what is asked for last arrives last (the Vial demo's path is 9 files
 * after this one: the `vial` chunk group in vite.config.ts).
 */
import { lightingMenu } from '../definitions/lightingValues.ts';
import { allLegends } from '../keycodes/legendTable.ts';
import { needsMoreLegends } from '../keycodes/legends.ts';
import { vialKeycodeProtocol } from '../qmk/protocolVersions.ts';

/**
 * The Vial session (Vial's commands and capabilities), then what reading the keyboard's definition and drawing
 * its keymap need: the keyboard speaks Vial protocol `vialProtocol`.
 */
export function loadVialSession(vialProtocol: number) {
  const session = import('./vialSession.ts');
  preloadVialReading(vialProtocol);
  return session;
}

/**
 * The demo board's firmware first (nothing is read before the board is plugged), then the session and the
 * reading code: the order the demo uses them.
 */
export function loadVialDemo(vialProtocol: number) {
  const demo = import('../virtual-keyboard/vial/vialDemo.ts');
  loadVialSession(vialProtocol).catch(() => undefined /* recognising the board asks again, and reports */);
  return demo;
}

/**
 * What reading a Vial keyboard's definition and drawing its keymap need after the session — the reader, the xz
 * decoder, Vial's definition converter, the definition compiler's steps and the v2 schema check, the v2
 * lighting menu — fetched now, one level after the app's chunk, instead of each once the step before it is done.
 * The keycode tables' and legends' later rows only where the keymap's first frame needs them whatever it holds:
 * QMK's old numbering (Vial protocol 5 and below) names keys from them. A keymap whose first layer holds a key
 * of those rows waits for them once read (services/keyboardLoader.ts), as a VIA keyboard's does; evaluated on
 * every Vial start, the ≈ 40 kB of tables held the board's own code back.
 */
function preloadVialReading(vialProtocol: number): void {
  for (const code of [
    import('../services/vialDefinitionReader.ts'),
    import('xz-decompress'),
    import('../definitions/vialDefinition.ts'),
    // The largest step (0.6 MB of generated code, compiled as it streams in: vite.config.ts) was fetched only
    // once the definition was read and its version known, after the read's hundred round trips. A Vial
    // definition is v2 unless it has menus (definitions/vialDefinition.ts), so v2's check loads during the read;
    // a v3 one still loads its own check then. The check itself is the same. Asked for before the compiler's
    // other steps, which are small: the largest file starts first.
    import('../definitions/generated/keyboardDefinitionV2.js'),
    import('../definitions/compileSource.ts'),
    lightingMenu.load(),
  ])
    code.catch(() => undefined /* each step asks again when it needs its code, and reports */);
  if (needsMoreLegends([], vialKeycodeProtocol(vialProtocol)))
    allLegends.load().catch(() => undefined /* the keymap's load asks again */);
}
