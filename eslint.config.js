import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { serverBoundaries } from './eslint/server-boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '**/.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read config, not process.env.',
        },
      ],
    },
  },
  // Only the config module (and scripts that launch processes) may read the environment.
  {
    files: [
      'apps/server/src/config.ts',
      'apps/provider-sim/src/config.ts',
      'scripts/**',
      'e2e/**',
      'bench/**',
      'apps/server/test/**',
      '**/*.config.ts',
      '.ci/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  // Our own games draw every outcome from the provably fair source (rules.md decision 13): never Math.random,
  // never node's random bytes, in the games' server modules or anywhere in the domain (tests included).
  {
    files: [
      'packages/domain/src/**/*.ts',
      'apps/server/src/modules/fair/**/*.ts',
      'apps/server/src/modules/lottery/**/*.ts',
      'apps/server/src/modules/minigame/**/*.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Games draw from the provably fair source (FairStream).',
        },
      ],
    },
  },
  // The domain library is pure: no I/O, no clock, no randomness, no floats' Math.round.
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', 'fetch', 'process', 'setTimeout', 'setInterval'],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'The domain takes time as an argument.' },
        { object: 'Math', property: 'random', message: 'The domain takes randomness as an argument.' },
      ],
    },
  },
  // The provider simulator's game-page script runs in the browser.
  {
    files: ['apps/provider-sim/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/backoffice/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // Server modules reach each other only through a service or a published interface (ARCHITECTURE.md).
  {
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { house: serverBoundaries },
    rules: { 'house/module-boundaries': 'error' },
  },
  // Feature folders never import another feature, and shared code never imports a feature.
  {
    files: [
      'apps/web/src/features/**/*.{ts,tsx}',
      'apps/web/src/shared/**/*.{ts,tsx}',
      'apps/backoffice/src/features/**/*.{ts,tsx}',
      'apps/backoffice/src/shared/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../features/*', '../features/*', '**/features/*/**'],
              message: 'Features never import other features; move shared code to src/shared.',
            },
            {
              group: ['**/apps/web/**', '../../web/**', '../../../web/**'],
              message: 'The back office shares types through packages/contract only, never apps/web.',
            },
          ],
        },
      ],
    },
  },
);
