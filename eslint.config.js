// Lint keeps the layers honest: the pure core never reaches React, the DOM or the browser's device APIs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const CORE = [
  'src/protocol/**',
  'src/keycodes/**',
  'src/macros/**',
  'src/definitions/**',
  'src/formats/**',
  'src/virtual-keyboard/**',
  'src/transfers/**',
];

const uiImports = {
  patterns: [
    { group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'react-i18next'], message: 'The core is React-free.' },
    { group: ['**/ui/**', '**/state/**', '**/services/**', '**/transport/**'], message: 'The core sits below every other layer.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'public/**', 'test-results/**', 'playwright-report/**'] },
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
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', uiImports],
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
    files: ['src/state/**', 'src/services/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'State and services are React-free.' },
            { group: ['**/ui/**'], message: 'State never imports the UI.' },
          ],
        },
      ],
    },
  },
);
