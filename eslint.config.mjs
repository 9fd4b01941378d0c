// ESLint: the recommended rules, for Node modules (scripts/, tests/, configs) and for the
// browser modules the site ships (assets/js/). Formatting is Prettier's (npm run lint).
import js from '@eslint/js';
import globals from 'globals';

export default [
  {
    ignores: [
      'node_modules/',
      '.venv/',
      '.cache/',
      'public/',
      '.*.tmp-*/',
      'build/',
      'data/',
      'seeds/',
      'test-results/',
      '**/fixtures/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }] },
  },
  {
    // Browser modules, and the end-to-end tests whose page.evaluate() callbacks run in the page.
    files: [
      'assets/js/**/*.js',
      'tests/e2e/**',
      'tests/helpers/site.mjs',
      'scripts/bench/weight.mjs',
      'scripts/bench/lighthouse.mjs',
    ],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Classic scripts: the embed page's options (in its head) and the snippet's iframe sizer.
    files: ['assets/js/embed-page.js', 'static/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
];
