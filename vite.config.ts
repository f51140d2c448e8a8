import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { cspPlugin } from './scripts/csp.ts';
import { shellGatePlugin } from './scripts/shellGatePlugin.ts';
import { licencesPlugin } from './scripts/licencesPlugin.ts';
import { linguiCatalogPlugin } from './scripts/linguiCatalogPlugin.ts';
import { offlinePlugin } from './scripts/offlinePlugin.ts';

// The first screen's chunk (the `app` group below; the bundler names it after the entry).
const FIRST_SCREEN_CHUNK = /(^|\/)index-[\w-]+\.js$/;

// What the ZMK demo's first screen runs (`codeSplitting.groups` below), by group; `import()` targets excluded.
const ZMK_ENTRIES = /\/(zmkConnections|ZmkRoute|ZmkInsight|ZmkLayerMenu|ZmkSaveLoadPane)\.tsx?$/;
const ZMK_GROUPS = {
  zmk: [
    /\/node_modules\/@bufbuild\/protobuf\//,
    /\/src\/zmk-studio\//,
    /\/src\/zmk\//,
    /\/src\/ui\/configure\/zmk\/Zmk(KeyPicker|ParamInput|BindingEditor|ConnectionState|LayoutChoice|Screen)\.tsx$/,
    /\/src\/ui\/devices\/ZmkConnectDialog\.tsx$/,
    /\/src\/ui\/configure\/keymap\/ParamKeyPicker\.tsx$/,
    /\/src\/ui\/keymapScreen\/(modelSlots|KeyboardNotes|UnsavedBar)\.tsx$/,
    /\/src\/state\/zmk(ToolsStore|KeyboardStore|LayerActions|ScreenView|Keyboards)\.ts$/,
    /\/src\/convert\/(generated\/zmkKeys|zmkKeyText|zmkBuiltInBehaviors|zmkBindingText)\.ts$/,
    /\/src\/keymap\/zmk(BindingModel|BindingEdit|KeyMoves)\.ts$/,
    /\/src\/families\/zmkFamily\.ts$/,
    /\/src\/transport\/zmk(Bluetooth|Serial)Transport\.ts$/,
    /\/src\/services\/zmkSession\.ts$/,
  ],
  zmkFirmware: [/\/src\/virtual-keyboard\/zmk\//],
};
const zmkGroup = (group: keyof typeof ZMK_GROUPS) => (id: string) =>
  !ZMK_ENTRIES.test(id) && ZMK_GROUPS[group].some((pattern) => pattern.test(id));

// More modules that load together on a demo's path, one chunk per list (`codeSplitting.groups` below; issue 43):
// an HTTP/1.1 host serves six files at a time, and the demos' paths were 16 (Vial) and 21 (ZMK) files after the
// starters (docs/performance.md, the demos' seventh stop). Each module of a list is loaded with the whole list wherever it is used, so the lists hold only small
// modules, or modules that are used together anyway.
const PATH_GROUPS = {
  // A Vial keyboard's code (its protocol, session, definition reader and converter) and the virtual Vial board,
  // which a real Vial keyboard's start fetches too (≈ 13 kB). `import()` targets among them (the session, the
  // reader, the converter, the demo) are reached through the chunk's exports: the Vial demo's e2e specs load each.
  vial: [
    /\/src\/protocol\/vial(Commands|Rgb)?\.ts$/,
    /\/src\/vial\/vialRgbEffects\.ts$/,
    /\/src\/families\/vialSession\.ts$/,
    /\/src\/services\/vialDefinitionReader\.ts$/,
    /\/src\/definitions\/vialDefinition\.ts$/,
    /\/src\/virtual-keyboard\/vial\//,
  ],
  // What the ZMK screen shares with the keymap tools, the panes and the dialogs: ≈ 1 kB each, a file each
  // (QK_BOOT's number: 0.1 kB, which the key moves ask). No stylesheet here: the first screen loads the keymap
  // tools' store with `import()`, and its chunk's stylesheets would be listed in the first screen's chunk.
  keymapParts: [
    /\/src\/lib\/safeName\.ts$/,
    /\/src\/protocol\/bootKeycode\.ts$/,
    /\/src\/keymap\/(keyMoves|qmkBindingModel)\.ts$/,
    /\/src\/ui\/keymapTools\/focusKey\.ts$/,
  ],
  // The modal pieces dialogs share (Dialog and its focus handling, useModal; a question, ConfirmDialog; a change
  // asked first, AskFirst; a keyboard's lock as a card or a dialog, LockCard), the number field the ZMK screen and
  // Vial's panes share, their stylesheets (one file, not three), and the ZMK connection notes.
  Dialog: [
    /\/src\/ui\/(common\/(Dialog|useModal|ConfirmDialog|AskFirst)|keymapScreen\/LockCard)\.tsx?$/,
    /\/src\/ui\/common\/(useCommittedNumber\.ts|NumberField\.tsx)$/,
    /\/src\/ui\/common\/(dialog|numberField|textInput)\.css$/,
    /\/src\/ui\/devices\/ZmkConnectionNotes\.tsx$/,
  ],
};
const pathGroup = (group: keyof typeof PATH_GROUPS) => (id: string) =>
  PATH_GROUPS[group].some((pattern) => pattern.test(id));

// A Vial definition's schema check of one version: one generated function of ≈ 0.5 MB, which V8 compiles on its
// first call, on the page's thread, after the definition is read (≈ 40 ms at 1× CPU, ≈ 200 ms at 4×). A file
// that starts with this comment has all its functions compiled while it streams in, off the page's thread
// (V8's explicit compile hints; other engines read a comment). After minification, so the minifier keeps it.
const COMPILED_WHILE_STREAMING = /\/src\/definitions\/generated\/keyboardDefinitionV[23]\.js$/;
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

// The credits (licences.json): what the page's bundle and its web workers' bundles hold.
const credits = licencesPlugin();

// Relative base so the built app can be hosted from any folder (static hosting, file shares).
export default defineConfig({
  base: './',
  // The Content-Security-Policy: connect-src names the hosts of the vendor config (docs/deploy.md).
  plugins: [
    linguiCatalogPlugin(),
    react(),
    credits.app,
    offlinePlugin(),
    cspPlugin('keyboards/tabkb/configs.json'),
    // The app's chunk is asked for before the static frame's gate stops the parser (issue 43).
    shellGatePlugin(),
  ],
  worker: { plugins: () => [credits.worker()] },
  build: {
    target: 'es2022',
    sourcemap: true,
    modulePreload: {
      // Every browser with WebHID preloads modules itself; the polyfill would only add bytes to the first screen.
      polyfill: false,
      // A chunk imported by the first screen's chunk fetches its own imports as it loads (one more round trip per
      // level of imports on a pane's first opening, none once the service worker holds the app): listing them in
      // the first screen's chunk cost it ~1.3 kB gz. A chunk imported by an on-demand chunk is fetched with all it
      // imports at once (the list sits in the importer, off the first screen): the Vial and ZMK families start
      // through a small starter chunk (families/*Start.ts) for this, so their first screen is not a chain of
      // round trips (issue 43). Stylesheets are always listed: the preload is what loads a chunk's CSS.
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'html' || !FIRST_SCREEN_CHUNK.test(hostId)
          ? deps
          : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      output: {
        postBanner: (chunk) =>
          chunk.facadeModuleId && COMPILED_WHILE_STREAMING.test(chunk.facadeModuleId) ? COMPILE_HINT : '',
        codeSplitting: {
          // Every module the first screen imports statically goes in one chunk: left to itself the bundler makes
          // dozens of small chunks of the modules that on-demand code shares with the first screen, and each file
          // compresses on its own (≈ 16 kB gz more in all). What loads on demand still gets its own chunks.
          // The ZMK demo's path was ≈ 12 files of ZMK code alone (split by importer), which an HTTP/1.1 host serves
          // six at a time: the ZMK code the screen and the store run at once is one chunk (`zmk`, with the Studio
          // protocol's descriptors and runtime), the virtual ZMK firmware another (`zmkFirmware`). Only listed
          // modules, not their dependencies (shared code keeps its chunks); what the ZMK path loads with `import()`
          // stays an entry of its own (in the `zmk` group `ZmkRoute` lost its exports), as do the on-demand panes
          // (issue 43). The `vial` group below does hold `import()` targets; its build loads them (e2e/vial*.spec.ts).
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'zmk', test: zmkGroup('zmk'), includeDependenciesRecursively: false },
            { name: 'zmkFirmware', test: zmkGroup('zmkFirmware'), includeDependenciesRecursively: false },
            ...(Object.keys(PATH_GROUPS) as (keyof typeof PATH_GROUPS)[]).map((name) => ({
              name,
              test: pathGroup(name),
              includeDependenciesRecursively: false,
            })),
          ],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
    environment: 'node',
    // Threads start faster than forked processes, and two workers keep a 2-core machine busy while one imports:
    // the suite takes about a third less time than with the default (one fork per spare core).
    pool: 'threads',
    maxWorkers: 2,
    setupFiles: [
      'tests/support/allLegends.ts',
      'tests/support/faultInjection.ts',
      'tests/support/firmwareInspection.ts',
    ],
    // Some tests spawn the CLI or compile hundreds of definitions; a loaded machine must not turn them into failures.
    testTimeout: 30_000,
    // expect.poll waits for something the code does in the background: on a busy machine that is seconds, not 1.
    expect: { poll: { timeout: 20_000 } },
    // The VIA reader's schema compiler prints notes about its own schemas at import time; they are noise here.
    onConsoleLog: (log) => !/strict mode: "items"|DEPRECATED: option unicode/.test(log),
  },
});
