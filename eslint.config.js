// ESLint: typescript-eslint's recommended rules plus the type-aware ones that catch real bugs here
// (a floating promise leaves a server running; an unused value is usually a forgotten step).
//
// Import layers and cycles are checked by dependency-cruiser (`.dependency-cruiser.mjs`, run by `npm run lint` after
// eslint; docs/architecture.md § Layers). Lowest first; units of one layer do not import each other:
// layers: util < config < catalog < discovery < auth | naming | profiles | search < source | checks | call | snapshot | export < report | route | diff < gateway < cli | library
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'bench/.work/**',
      '.tmp/**',
      '.cache/**',
      'src/config/validate-config.generated.ts',
      'src/catalog/validate-catalog.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-control-regex': 'off',
    },
  },
  // Tests read JSON documents the CLI printed: `any` there is the document, checked by the assertions.
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        AbortController: 'readonly',
        setImmediate: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
      },
    },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }], 'no-control-regex': 'off' },
  },
);
