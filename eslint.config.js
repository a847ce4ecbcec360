// Lint: eslint's and typescript-eslint's recommended sets, type-aware where tsconfig.json reaches.
// A rule is off below only when it would need hundreds of edits for little gain; each says why.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

// The Node globals the plain scripts use (the `globals` package is not a dependency).
const NODE_GLOBALS = [
  'process',
  'console',
  'URL',
  'URLSearchParams',
  'Buffer',
  'fetch',
  'performance',
  'setTimeout',
  'clearTimeout',
  'setImmediate',
];

export default defineConfig(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'bench/out/',
      'test-output/',
      'schemas/*.gen.ts',
      'openapi/',
      '**/package-lock.json',
      'test/independent/spec-only-server.mjs',
      'test/independent/spring-style-server.mjs',
    ],
  },
  // StrykerJS's sandbox and reports (npm run mutation).
  { ignores: ['.stryker-tmp/', 'mutation-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Sync and async mock handlers, background cleanup: a dropped promise hides a failure or a race.
      '@typescript-eslint/no-floating-promises': 'error',
      // `_name` marks a value dropped on purpose (a destructured field left out of a copy, an unused parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Control characters are what the sanitizers, the HTML checks and the boundary tests look for.
      'no-control-regex': 'off',
      // Received values are `unknown` by design (what a server sent), and a report prints them with String() or `${}`.
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      // The literal members document the forms a string option takes ('off' | '*' | string).
      '@typescript-eslint/no-redundant-type-constituents': 'off',
    },
  },
  {
    // 160 columns hold for every hand-written line, strings, templates and comments included: a long message goes into
    // template pieces or a data constant. Prettier (140 columns) breaks code but never a string, hence the rule. A URL may
    // run past it; generated files (*.gen.ts) are the generators' to shape.
    files: ['**/*.ts', '**/*.mts', '**/*.cts', '**/*.js', '**/*.mjs', '**/*.cjs'],
    ignores: ['**/*.gen.ts'],
    rules: {
      'max-len': ['error', { code: 160, ignoreUrls: true, ignoreStrings: false, ignoreTemplateLiterals: false, ignoreComments: false }],
    },
  },
  {
    // Outside tsconfig.json (plain JS scripts, the README's examples): the rules that need no types.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs', 'examples/**'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: Object.fromEntries(NODE_GLOBALS.map((name) => [name, 'readonly'])) },
  },
  {
    // Tests read parsed HTTP and JSON bodies as `any` and assert their shape: typing each read would be hundreds of casts.
    files: ['test/**', '**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      // Stubs implement async interfaces (a rule's run, a client's request) with answers ready at once.
      '@typescript-eslint/require-await': 'off',
      // Tests destructure functions that do not use `this` (a module's exports, a helper's send) and compare enums with their strings.
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
