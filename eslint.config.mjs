// Lint for the whole repository (part of npm test and npm run test:quick): typescript-eslint's
// recommended rules, React's rules of hooks, and the layering rules (docs/product.md, the rules a contributor keeps).
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const infrastructure = ['express', 'mongoose', 'undici', 'amqplib', 'passport', 'passport-*', 'nodemailer'];
const restrict = (patterns, message) => ({ group: patterns, message });
const APPS = ['mfe-public', 'mfe-admin', 'mfe-dashboard', 'shell'];
const otherApps = (app) => ({
  regex: `(^@mealprep/(${APPS.join('|')})(/|$))|(^\\.\\.?/(.*/)?(${APPS.filter((other) => other !== app).join('|')})/)`,
  message: 'An app never imports another app: share through packages/.',
});
/** The gateway, the renderer and the services: they learn a remote's routes and code from its release, never from its source. */
const anyApp = {
  regex: `(^@mealprep/(${APPS.join('|')})(/|$))|(^\\.\\.?/(.*/)?(${APPS.join('|')})/)`,
  message: 'An app never imports another app: the gateway and the renderer read what a remote release carries (its routes.json, its server build).',
};
/** From a file `depth` folders inside its feature, an import that climbs to features/ and down into another. */
const otherFeatures = (depth) => ({
  regex: `^${'\\.\\./'.repeat(depth)}(?!\\.\\.)[^/]+/`,
  message: 'A feature does not reach into another feature: move what both need to lib/ or a package.',
});

export default tseslint.config(
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'tools/**', '.tmp/**', '**/*.d.ts', 'coverage/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  // Type-aware: a promise is awaited, returned or voided on purpose, and never handed where nothing
  // awaits it (an Express handler, an event listener, a condition). One program for the repository.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/vitest.config.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/no-misused-promises': 'error' },
  },
  {
    files: ['{shell,mfe-*,packages/ui}/src/**/*.tsx', '{shell,mfe-*,packages/ui}/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // The gateway, the renderer and the services never import an app (a remote or the shell): what
  // the gateway needs of a remote is in its release (routes.json), and the renderer loads the
  // shell's and the remote's server builds from theirs.
  { files: ['{svc-*,gateway,renderer}/src/**/*.ts'], ignores: ['**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [anyApp] }] } },
  // A domain knows no infrastructure: no web framework, database driver, HTTP client or broker.
  {
    files: ['{svc-*,gateway,renderer}/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            restrict(infrastructure, 'A domain uses no infrastructure: take it as a dependency (data-access) or leave it to the entry point.'),
            restrict(['**/entry-points/**'], 'A domain does not know its entry points.'),
            anyApp,
          ],
        },
      ],
    },
  },
  // An entry point (a router, a consumer) calls a use case of its domain, which is given the
  // repositories: it never reads or writes through data-access itself, not even for a type.
  {
    files: ['{svc-*,gateway,renderer}/src/entry-points/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            restrict(['**/data-access', '**/data-access/**'], 'An entry point goes through the domain: call a use case in src/domain/ (given the repository), and take types from there.'),
            anyApp,
          ],
        },
      ],
    },
  },
  // One app (a remote or the shell) never imports another: they share through packages/, and the
  // shell reaches the remotes only through federation. Inside an app, a feature never reaches into
  // another feature (features/<name>/…): what both need goes to the app's lib/ or a package. (In a
  // flat config the last matching block sets a rule, so each block carries both kinds of pattern.)
  ...APPS.flatMap((app) => [
    { files: [`${app}/src/**/*.{ts,tsx}`], rules: { 'no-restricted-imports': ['error', { patterns: [otherApps(app)] }] } },
    ...[1, 2, 3, 4].map((depth) => ({
      files: [`${app}/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns: [otherApps(app), otherFeatures(depth)] }] },
    })),
  ]),
  // Packages never import an app.
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [restrict(['**/svc-*/**', '**/gateway/**', '**/renderer/**', '**/shell/**', '**/mfe-*/**'], 'A package never depends on an app.')] }],
    },
  },
);
