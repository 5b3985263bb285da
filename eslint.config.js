import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Import boundaries: shared is imported by web and api and imports neither; web and api never
  // import each other; migrations never import application code.
  {
    files: ['shared/**/*.ts'],
    rules: restrict([
      { group: ['**/web/**', '**/api/**', '../web', '../api', '../../web', '../../api'], message: 'shared must not import web or api' },
    ]),
  },
  // Matched by depth, because web has api/ folders of its own (fetchers, e.g. web/share/api): from a
  // file `depth` folders below the root, '../'.repeat(depth) + 'api' is the server's api/ folder.
  ...[1, 2, 3, 4, 5, 6, 7].map((depth) => {
    const up = '../'.repeat(depth);
    return {
      files: [`web/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      rules: restrict([{ group: [`${up}api`, `${up}api/**`], message: 'web talks to the API over HTTP only' }]),
    };
  }),
  {
    files: ['api/**/*.ts'],
    ignores: ['api/db/migrations/**'],
    rules: restrict([{ group: ['**/web/**', '../web', '../../web'], message: 'api must not import web' }]),
  },
  {
    files: ['api/db/migrations/**/*.ts'],
    rules: restrict([
      { group: ['../**', '!./*'], message: 'migrations are frozen in time: never import application code' },
    ]),
  },
);
