import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // The dashboard's web/ is checked by its own tsc project (npm run check).
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'data/', 'bench/results/', 'test/client/generated/', 'web/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': ['error', { ignoreRestArgs: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // Migrations receive an untyped query builder by Kysely's design.
    files: ['src/db/migrations/**', 'src/db/dialect.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // HTML is made only by src/http/html (JSX through preact-render-to-string, which escapes; ADR 0070).
    files: ['src/**'],
    ignores: ['src/http/html/**', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/<!doctype|<html[\\s>]/i]', 'TemplateElement[value.raw=/<!doctype|<html[\\s>]/i]'].map((selector) => ({
          selector,
          message: 'Build HTML with the JSX components of src/http/html, not strings.',
        })),
      ],
    },
  },
  { files: ['bench/**', 'test/**'], rules: { 'no-console': 'off' } },
  { files: ['bench/**/*.mjs', '.dependency-cruiser.cjs'], languageOptions: { globals: globals.node } },
);
