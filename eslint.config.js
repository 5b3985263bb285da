import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (docs/architecture.md). Code reaches another part of the tree through a path
// alias (@api, @web, @shared, @test, @bench; tsconfig.json), so each rule names what a part may
// not import. api/architecture.test.ts checks the same rules over the resolved import graph,
// whatever the spelling.
const DEEP = {
  group: ['../../../*'],
  message: 'Reach other parts of the tree through an alias (@api, @web, @shared, @test, @bench), not three or more ../',
};
const banned = (aliases, message) => ({ group: aliases, message });
const NO_API = banned(['@api/*'], 'web talks to the API over HTTP only');
const UI = ['@web/app/*', '@web/features/*', '@web/widgets/*', '@web/components/*'];
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [DEEP, ...patterns] }] });
const FEATURES = [
  'auth',
  'customers',
  'dashboard',
  'deferred',
  'email-templates',
  'inspections',
  'invoices',
  'reports',
  'settings',
  'sync',
  'users',
  'vehicles',
];
const TESTS = ['**/*.test.{ts,tsx}', 'web/test/**', 'api/test/**', 'test/**', 'bench/**', 'web/**/*-e2e-kit.ts'];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      ...restrict(),
    },
  },
  { files: ['web/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['shared/**/*.ts'],
    rules: restrict(
      banned(['@api/*', '@web/*', '@test/*', '@bench/*'], 'shared is imported by web and api and imports neither'),
    ),
  },
  { files: ['api/**/*.ts'], rules: restrict(banned(['@web/*'], 'api must not import web')) },
  {
    files: ['api/db/**/*.ts', 'api/lib/**/*.ts'],
    rules: restrict(
      banned(['@web/*'], 'api must not import web'),
      banned(['@api/modules/*', '@api/plugins/*'], 'the data layer and lib do not know the modules'),
    ),
  },
  {
    files: ['api/db/**/*.ts'],
    rules: restrict(
      banned(
        ['@web/*', '@api/modules/*', '@api/plugins/*', '@api/lib/*'],
        'api/db is the bottom layer: it imports no module, plugin or lib',
      ),
    ),
  },
  {
    files: ['api/db/migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../**', '!./*', '@*/*'],
              message: 'migrations are frozen in time: never import application code',
            },
          ],
        },
      ],
    },
  },
  { files: ['web/**/*.{ts,tsx}'], rules: restrict(NO_API) },
  ...FEATURES.map((name) => ({
    files: [`web/features/${name}/**/*.{ts,tsx}`],
    rules: restrict(
      NO_API,
      banned(
        ['@web/app/*', '@web/features/*', `!@web/features/${name}`, `!@web/features/${name}/**`],
        'features never import other features (share a widget or an entity instead)',
      ),
    ),
  })),
  {
    files: ['web/widgets/**/*.{ts,tsx}'],
    rules: restrict(NO_API, banned(['@web/app/*', '@web/features/*'], 'widgets never import features')),
  },
  {
    files: ['web/entities/**/*.{ts,tsx}'],
    rules: restrict(NO_API, banned(UI, 'entities hold data access only: no UI')),
  },
  {
    files: ['web/components/**/*.{ts,tsx}'],
    rules: restrict(
      NO_API,
      banned(
        ['@web/app/*', '@web/features/*', '@web/widgets/*', '@web/entities/*'],
        'shared UI knows no feature, widget or entity',
      ),
    ),
  },
  {
    files: ['web/lib/**/*.{ts,tsx}', 'web/offline/**/*.{ts,tsx}'],
    rules: restrict(NO_API, banned([...UI, '@web/entities/*'], 'lib and the offline engine import no UI')),
  },
  {
    files: ['web/share/**/*.{ts,tsx}'],
    rules: restrict(
      NO_API,
      banned([...UI, '@web/entities/*', '@web/offline/*'], 'the share pages are their own light app'),
    ),
  },
  // Tests and their support reach across layers (web tests use the API's test helpers).
  { files: TESTS, rules: restrict() },
  prettier,
);
