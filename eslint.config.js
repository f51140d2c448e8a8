// Lint keeps the layers honest: the pure core never reaches React, the DOM or the browser's device APIs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Every folder of the pure core (docs/ARCHITECTURE.md); a test checks this list against src/.
const CORE = [
  'src/protocol/**',
  'src/bootloaders/**',
  'src/keycodes/**',
  'src/macros/**',
  'src/definitions/**',
  'src/formats/**',
  'src/transfer/**',
  'src/matrix/**',
  'src/screen/**',
  'src/tester/**',
  'src/virtual-keyboard/**',
  'src/vial/**',
  'src/zmk/**',
  'src/zmk-studio/**',
  'src/qmk/**',
  'src/convert/**',
  'src/keymap/**',
  'src/flash/**',
  'src/lib/**',
];

// zod is imported only through src/formats/zod.ts, which turns its eval probe off before any schema exists
// (the Content-Security-Policy has no 'unsafe-eval').
const zodPath = { name: 'zod', message: 'Import { z } from src/formats/zod.ts (CSP-safe, jitless).' };

// The strings hook (src/i18n/useTranslation.ts) is React too; the core words nothing itself.
const react = ['react', 'react-dom', 'react/*', 'react-dom/*', '**/i18n/useTranslation.ts'];

const coreImports = {
  paths: [zodPath],
  patterns: [
    { group: react, message: 'The core is React-free.' },
    {
      group: ['**/ui/**', '**/app/**', '**/state/**', '**/families/**', '**/services/**', '**/transport/**'],
      message: 'The core sits below every other layer.',
    },
  ],
};

// The wire (issue 42): VIA's raw-HID codecs and clients, transports, bootloader clients and bulk transfers (WIRE),
// and ZMK's RPC client (zmk-studio/, `zmkClient`). The models and files never import it (WIRE_FREE): ZMK's keymap
// model is zmk/; QMK boards' shared facts (protocol versions, vendor limits, actuation, Keychron's settings) are qmk/
// and vial/; the bootloaders' chips and targets bootloaders/. Nor does the UI (uiImports): a pane takes those units,
// limits and names, and state and intents from state/ and services/. tests/layers.test.ts proves each rule bites.
// The virtual keyboards' firmware models count as wire too: the UI lists and plugs them through
// services/virtualKeyboardChoices.ts and the runtime, as it reaches a real keyboard through its device interfaces.
const WIRE = ['**/protocol/**', '**/transport/**', '**/flash/**', '**/transfer/**', '**/virtual-keyboard/**'];
const WIRE_FREE = [
  'src/convert/**',
  'src/keymap/**',
  'src/formats/**',
  'src/keycodes/**',
  'src/definitions/**',
  'src/macros/**',
  'src/zmk/**',
  'src/qmk/**',
  'src/bootloaders/**',
];
const zmkClient = {
  group: ['**/zmk-studio/**'],
  message:
    "ZMK's RPC client is wire: take the model from zmk/ (behavior.ts, keymapData.ts, …) or the ZMK store.",
};
const wireImports = {
  ...coreImports,
  patterns: [
    ...coreImports.patterns,
    zmkClient,
    {
      group: WIRE,
      message:
        'Models and files never import the wire (raw-HID codecs, transports, bootloader clients, transfers, ' +
        'the virtual keyboards): ' +
        'move the constant or type to qmk/, vial/ or bootloaders/.',
    },
  ],
};

// The UI's floors (docs/ARCHITECTURE.md, src/ui/README.md), bottom to top: shared pieces (the context, common
// controls, dialogs, canvas, legends, theme), the Configure panes, the screens, the shell. A file imports from its
// own floor and the floors below, never from a floor above; tests/layers.test.ts proves each rule bites.
const SCREENS = ['configure', 'settings', 'errors', 'tester', 'design', 'debug', 'boot', 'share'];
// Paths are matched as written, so a pattern names the UI folder by its distance from the importing file
// (`src/tester` and `src/ui/tester` are different folders): `up` is the way from that file to src/ui/.
const uiFolder = (up, names) => `^${up}(?:\\.\\./ui/)?(?:${names.join('|')})(?:/|$)`;
const offTheWire = {
  group: WIRE,
  message:
    'The UI never imports the wire (protocol/, transport/, flash/, transfer/) or the virtual keyboards ' +
    '(virtual-keyboard/): move the unit, limit or name it needs to the domain, or take state and intents from ' +
    'state/ and services/ (services/virtualKeyboardChoices.ts lists the virtual keyboards).',
};
const uiImports = (...floorPatterns) => [
  'error',
  { paths: [zodPath], patterns: [offTheWire, zmkClient, ...floorPatterns] },
];
const aboveShared = (up) => ({
  regex: uiFolder(up, [...SCREENS, 'shell']),
  message:
    'Shared UI pieces sit below the panes, screens and shell: move what both need down to a shared piece.',
});
// A pane's floor: below the Configure screen's own files, the other screens and the shell.
const PANE_FLOOR = [
  {
    regex: '^(?:\\.\\./|\\.\\./\\.\\./configure/)[^/]+\\.tsx?$',
    message:
      'A pane sits below the Configure screen (ConfigureScreen, lazyPanes, …): pass what it needs down.',
  },
  {
    regex: uiFolder('\\.\\./\\.\\./', [...SCREENS.filter((name) => name !== 'configure'), 'shell']),
    message: 'A pane sits below the screens and the shell.',
  },
];
const UI_FLOORS = [
  {
    files: ['src/ui/AppContext.tsx'],
    rule: uiImports(aboveShared('\\./')),
  },
  {
    files: ['src/ui/{theme,common,canvas,legends,media,offline,devices,keymapTools}/**'],
    rule: uiImports(aboveShared('\\.\\./')),
  },
  {
    // A pane may use another pane's parts (keymap's keycode input, menus' colour control), never its screen. ZMK's
    // screen (configure/zmk) too: it reaches neither the wire nor ZMK's client, only its store and ZMK's model.
    files: ['src/ui/configure/*/**'],
    rule: uiImports(...PANE_FLOOR),
  },
  ...SCREENS.map((screen) => ({
    files: [screen === 'configure' ? 'src/ui/configure/*.{ts,tsx}' : `src/ui/${screen}/**`],
    rule: uiImports(
      {
        regex: uiFolder(
          '\\.\\./',
          SCREENS.filter((name) => name !== screen && name !== 'configure'),
        ),
        message: 'Screens stand side by side: move what two screens share down to a shared piece.',
      },
      ...(screen === 'configure'
        ? []
        : [
            {
              regex: '^\\.\\./(?:\\.\\./ui/)?configure/[^/]+\\.tsx?$',
              message: 'Screens stand side by side: move what two screens share down to a shared piece.',
            },
          ]),
      { regex: uiFolder('\\.\\./', ['shell']), message: 'The shell sits on top: nothing below imports it.' },
    ),
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'node_modules/**',
      'public/**',
      'test-results/**',
      'playwright-report/**',
      // 2.4 MB of ajv output (scripts/generate-definition-validators.ts); a test keeps it in step.
      'src/definitions/generated/**',
      // protoc-gen-es output from the vendored ZMK Studio .proto files (npm run generate:zmk); a test keeps it in step.
      'src/zmk-studio/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: CORE,
    ignores: ['**/*.test.ts', 'src/formats/zod.ts', 'src/formats/zodMini.ts'],
    rules: {
      'no-restricted-imports': ['error', coreImports],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'The core has no DOM; take what you need as a parameter.' },
        { name: 'document', message: 'The core has no DOM.' },
        { name: 'navigator', message: 'Only transport adapters touch navigator.hid / navigator.serial.' },
        { name: 'localStorage', message: 'Storage is injected from the app layer.' },
      ],
    },
  },
  {
    files: WIRE_FREE,
    ignores: ['**/*.test.ts', 'src/formats/zod.ts', 'src/formats/zodMini.ts'],
    rules: { 'no-restricted-imports': ['error', wireImports] },
  },
  {
    // lib/ sits below the whole core (src/lib/README.md): it imports no other folder of src/.
    files: ['src/lib/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...coreImports,
          patterns: [
            ...coreImports.patterns,
            { group: ['../*'], message: 'lib/ sits below the core: it imports no other folder of src/.' },
          ],
        },
      ],
    },
  },
  {
    // Services sit below the stores: state → services → core, never back up.
    files: ['src/services/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [zodPath],
          patterns: [
            { group: react, message: 'Services are React-free.' },
            { group: ['**/ui/**', '**/app/**'], message: 'Services never import the UI or the app.' },
            { group: ['**/families/**'], message: 'The device families sit above the services they use.' },
            {
              group: ['**/state/**'],
              message:
                'Services sit below the stores: declare the slice you need and let the app pass the store.',
            },
          ],
        },
      ],
    },
  },
  {
    // Device families (src/families/README.md) stand between the services they drive and the device store that
    // consults them.
    files: ['src/families/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [zodPath],
          patterns: [
            { group: react, message: 'Device families are React-free.' },
            {
              group: ['**/ui/**', '**/app/**', '**/state/**'],
              message:
                'Device families sit below the stores: the device store asks them, never the other way.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/state/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [zodPath],
          patterns: [
            { group: react, message: 'State is React-free.' },
            { group: ['**/ui/**', '**/app/**'], message: 'State never imports the UI or the app.' },
          ],
        },
      ],
    },
  },
  {
    // The UI renders state and dispatches intents; it never touches the wire, where bytes for the keyboard are built.
    files: ['src/ui/**', 'src/App.tsx', 'src/main.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': uiImports() },
  },
  ...UI_FLOORS.map(({ files, rule }) => ({
    files,
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': rule },
  })),
  {
    // The UI reaches the app's device wiring through AppContext's stores (useAppStores()), never by importing it.
    files: ['src/ui/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/**'],
              allowTypeImports: true,
              message: 'The UI reaches the app through AppContext (useAppStores()): import its types only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The app's composition root for devices (src/app/README.md): it wires state, services and transports for the
    // browser; the UI sits on top of it.
    files: ['src/app/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [zodPath],
          patterns: [
            { group: react, message: 'The app layer is React-free.' },
            { group: ['**/ui/**'], message: 'The app layer never imports the UI.' },
          ],
        },
      ],
    },
  },
);
