// Lint rules. The pure core (schema, adapters, analysis, report) must never import @actions/* or
// @octokit/*: it takes data and returns data, and the GitHub edge stays thin and injectable.
import js from '@eslint/js';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CORE = [
  'src/schema/**',
  'src/adapters/**',
  'src/load/**',
  'src/policy/**',
  'src/pipeline/**',
  'src/analysis/**',
  'src/history/**',
  'src/report/**',
  'src/stats/**',
  'tools/calibrate/**',
];

export default tseslint.config(
  // Fixtures are other tools' files (a gh-pages data.js), read as data: their bytes are the test.
  { ignores: ['dist/**', 'build/**', 'node_modules/**', 'coverage/**', 'demo-output/**', 'bench-output/**', '__tests__/fixtures/**'] },
  js.configs.recommended,
  {
    // Imports sorted by the linter (eslint --fix sorts them): one order, so a merge never fights
    // over where an import goes. simple-import-sort rather than import/order: it is made for this
    // alone, autofixes it, and needs no resolver.
    files: ['**/*.ts', '**/*.mjs', '**/*.js'],
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: { 'simple-import-sort/imports': 'error' },
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommended],
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      // One import statement per module (a type-only one beside it is allowed).
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node, sourceType: 'module' },
  },
  {
    files: CORE,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@actions/*', '@octokit/*'], message: 'The core is pure: GitHub access belongs in src/github/.' },
            { group: ['node:child_process', 'child_process'], message: 'The core runs no processes.' },
          ],
        },
      ],
    },
  },
  {
    files: ['__tests__/**'],
    rules: { 'no-console': 'off' },
  },
);
