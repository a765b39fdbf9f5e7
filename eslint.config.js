import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['server/**/*.ts', 'server/**/*.mjs', 'scripts/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'reliability/**/*.ts', '*.config.ts', '*.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'reliability/**/*.ts'],
    rules: {
      // One module owns each family of tables: only its own files use its repos; everyone else
      // goes through its service (ARCHITECTURE, 'Rules of the house').
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/*.repo', '!./*.repo'], message: "A repo is its module's own: import the module's service instead." }] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'shared/**/*.ts'],
    rules: {
      // The client never reaches into the server.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'web/ and shared/ never import server/' }] }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
);
