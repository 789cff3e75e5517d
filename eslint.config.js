import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'data/', 'bench/results/', 'test/client/generated/'] },
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
  { files: ['bench/**', 'test/**'], rules: { 'no-console': 'off' } },
);
