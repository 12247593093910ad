import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const boundary = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];

/**
 * Shared folders, which every feature may import and which import no feature. Every other folder (and file) beside
 * them is a feature, or the composition around the features (server: app.ts, main.ts, startup.ts, config.ts; web:
 * router.tsx, main.tsx, layout, pages), so a new feature folder is covered without being listed. The test support
 * folders are no feature either, but shared code never needs them: only test files use them.
 */
const SHARED = {
  server: ['lib', 'db'],
  web: ['lib', 'components', 'i18n', 'locales'],
};
const sharedZone = (side, targets) => ({
  target: targets.map((folder) => `src/${side}/${folder}`),
  from: `src/${side}`,
  except: SHARED[side].map((folder) => `./${folder}`),
  message: `src/${side}/{${targets.join(',')}} is shared code: it imports no feature (only ${SHARED[side].join(', ')}).`,
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.data/', 'bench/out/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': boundary(['#server/*', '**/server/**'], 'The storefront talks to the server through contracts and HTTP only.'),
    },
  },
  {
    // The server's `detail` (an ApiError's message) is English for the spec's clients: people read useErrorText().
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/web/test/**'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "MemberExpression[property.name='message']:matches([object.name=/^(e|err|error|failure|refusal)$|Error$/], "
          + "[object.property.name=/^error$|Error$/], [object.type='TSAsExpression'])",
        message: "Show an error with useErrorText() (src/web/lib/error-text.ts): its message is the server's English.",
      }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary(['#web/*', '**/web/**'], 'The server never imports storefront code.'),
      'no-restricted-syntax': ['error', {
        selector: "NewExpression[callee.name='HttpError'][arguments.0.value=409]",
        message: 'A 409 carries a code its contract declares, which the storefront shows in the buyer\'s language: raise it with apiError().',
      }],
    },
  },
  {
    // Import circles fail lint. The resolver follows the package.json "imports" aliases (#contracts/*, #server/*,
    // #web/*) as TypeScript does. A type-only import is erased from the running code, so no-cycle does not count it;
    // the zones below count it too.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Shared code imports no feature, and nothing but the process and the test harness imports the server's
    // composition root. Test files may import whatever they test with.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/*/test/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', {
        zones: [
          sharedZone('server', SHARED.server),
          sharedZone('web', ['lib', 'components']),
          {
            target: 'src/server/*/**',
            from: 'src/server/app.ts',
            message: 'app.ts wires the features together: a feature declares the dependencies it needs instead.',
          },
        ],
      }],
    },
  },
  {
    files: ['src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary(['#server/*', '#web/*', '**/server/**', '**/web/**'], 'Contracts depend on nothing but zod.'),
    },
  },
);
