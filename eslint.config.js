// Lint keeps the layers honest: the pure core never reaches React, the DOM or the browser's device APIs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Every folder of the pure core (docs/ARCHITECTURE.md); a test checks this list against src/.
const CORE = [
  'src/protocol/**',
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
  'src/convert/**',
  'src/keymap/**',
];

// zod is imported only through src/formats/zod.ts, which turns its eval probe off before any schema exists
// (the Content-Security-Policy has no 'unsafe-eval').
const zodPath = { name: 'zod', message: 'Import { z } from src/formats/zod.ts (CSP-safe, jitless).' };

const react = ['react', 'react-dom', 'react/*', 'react-dom/*', 'react-i18next'];

const coreImports = {
  paths: [zodPath],
  patterns: [
    { group: react, message: 'The core is React-free.' },
    {
      group: ['**/ui/**', '**/state/**', '**/services/**', '**/transport/**'],
      message: 'The core sits below every other layer.',
    },
  ],
};

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
      'src/zmk/generated/**',
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
            { group: ['**/ui/**'], message: 'Services never import the UI.' },
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
    files: ['src/state/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [zodPath],
          patterns: [
            { group: react, message: 'State is React-free.' },
            { group: ['**/ui/**'], message: 'State never imports the UI.' },
          ],
        },
      ],
    },
  },
  {
    // The UI renders state and dispatches intents; bytes for the keyboard are built below it.
    files: ['src/ui/**', 'src/App.tsx', 'src/main.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [zodPath],
          patterns: [
            {
              group: ['**/protocol/**', '**/transfer/**'],
              importNamePattern: '^(pack|encode|build|serialize)[A-Z]',
              message: 'The UI never builds byte arrays: call a state or service function that does.',
            },
          ],
        },
      ],
    },
  },
);
