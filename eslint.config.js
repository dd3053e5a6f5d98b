import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import jestDom from 'eslint-plugin-jest-dom'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import testingLibrary from 'eslint-plugin-testing-library'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { SERVER_TO_SRC, TO_DEMO_API, serverLayers } from './eslint.server-layers.js'

const restriction = (regex, message) => ({ regex, message })
const SRC_TO_SERVER = restriction('^(\\.\\./)+server(/|$)', 'The browser code never imports server/.')
const SHARED_MESSAGE =
  'shared/ is pure and isomorphic: it imports only its own files and zod/mini, no other package, no browser or Node code.'
/** shared/*.ts: its own files and zod/mini (the route table's schemas; the mini build, as the browser loads it). */
const SHARED_IMPORTS = restriction('^(?!\\./|zod/mini$)', SHARED_MESSAGE)
/** One folder down (shared/api/): its own folder, shared/ above it, and zod/mini. */
const SHARED_SUBFOLDER_IMPORTS = restriction('^(?!\\./|\\.\\./(?!\\.\\.)|zod/mini$)', SHARED_MESSAGE)
/**
 * From a file `depth` folders below src/features/: `../` that many times reaches the folder of all features,
 * so a path that goes that far up and then into a name is another feature (deeper `../` reach the layers).
 */
const featureToFeature = (depth) =>
  restriction(
    `^(\\.\\./){${depth}}(?!\\.)|^(\\.\\./)+features/`,
    'Features never import each other; share through api/, components/ or lib/, and compose in app/.',
  )
const TO_FEATURES = restriction(
  '^(\\.\\./)+features(/|$)',
  'api/, components/ and lib/ never import features/.',
)
const TO_APP = restriction('^(\\.\\./)+app(/|$)', 'Only app/ composes the app; nothing imports it.')
// The shared layers, bottom up: shared/ (isomorphic rules), lib/ (browser helpers), api/ (the API's calls and
// cache), components/ (shared UI). Each imports only the layers below it.
const LIB_UPWARD = restriction(
  '^(\\.\\./)+(api|components)(/|$)',
  'lib/ sits below api/ and components/: it never imports them.',
)
const API_UPWARD = restriction(
  '^(\\.\\./)+components(/|$)',
  'api/ sits below components/: it never imports them.',
)

/** One zone of the architecture: files, and the import patterns they must not use. */
function boundary(files, patterns, extra = {}) {
  return { files, ...extra, rules: { 'no-restricted-imports': ['error', { patterns }] } }
}

/** An esquery regex literal for a restriction's pattern (its slashes escaped). */
const selectorRegex = (regex) => `/${regex.replaceAll('/', '\\/')}/`

/**
 * A zone of the browser code: no-restricted-imports sees import and export declarations; the same patterns
 * as syntax rules also catch dynamic import(), which the lazy features use.
 */
function clientBoundary(files, patterns, extra = {}) {
  const dynamic = patterns.map(({ regex, message }) => ({
    selector: `ImportExpression[source.value=${selectorRegex(regex)}]`,
    message,
  }))
  const zone = boundary(files, patterns, extra)
  return { ...zone, rules: { ...zone.rules, 'no-restricted-syntax': ['error', ...dynamic] } }
}

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'coverage', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ['**/*.{ts,tsx}'] })),
  {
    files: ['**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-deprecated': 'error' },
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.node.json', './tsconfig.e2e.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  { ...jsxA11y.flatConfigs.recommended, files: ['src/**/*.tsx'] },
  { ...testingLibrary.configs['flat/react'], files: ['src/**/*.test.{ts,tsx}'] },
  { ...jestDom.configs['flat/recommended'], files: ['src/**/*.test.{ts,tsx}'] },
  {
    files: ['server/**/*.{ts,mjs}', 'e2e/**/*.ts', 'scripts/**/*.{ts,js,mjs}', '*.config.{ts,js}', '*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // Playwright fixtures must destructure their (possibly empty) dependencies.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      complexity: ['error', 20],
    },
  },
  // The architecture as rules: each zone lists what it may not import (see docs/decisions and the README).
  clientBoundary(['shared/*.ts'], [SHARED_IMPORTS], { ignores: ['shared/**/*.test.ts'] }),
  clientBoundary(['shared/*/*.ts'], [SHARED_SUBFOLDER_IMPORTS], { ignores: ['shared/**/*.test.ts'] }),
  // A feature may keep its files in subfolders (executions/list, grid, …); they import each other freely.
  clientBoundary(['src/features/*/*.{ts,tsx}'], [SRC_TO_SERVER, featureToFeature(1), TO_APP]),
  clientBoundary(['src/features/*/*/*.{ts,tsx}'], [SRC_TO_SERVER, featureToFeature(2), TO_APP]),
  clientBoundary(['src/features/*/*/*/**/*.{ts,tsx}'], [SRC_TO_SERVER, featureToFeature(3), TO_APP]),
  clientBoundary(['src/lib/**/*.{ts,tsx}'], [SRC_TO_SERVER, TO_FEATURES, TO_APP, LIB_UPWARD]),
  clientBoundary(['src/api/**/*.{ts,tsx}'], [SRC_TO_SERVER, TO_FEATURES, TO_APP, API_UPWARD]),
  clientBoundary(['src/components/**/*.{ts,tsx}'], [SRC_TO_SERVER, TO_FEATURES, TO_APP]),
  clientBoundary(['src/app/**/*.{ts,tsx}', 'src/test/**/*.{ts,tsx}', 'src/*.{ts,tsx}'], [SRC_TO_SERVER]),
  boundary(['server/**/*.ts'], [SERVER_TO_SRC, TO_DEMO_API], {
    ignores: [
      'server/demo-api/**',
      'server/resolveUpstream.ts',
      'server/integration/**',
      'server/**/*.test.ts',
    ],
  }),
  boundary(
    ['server/demo-api/**/*.ts', 'server/resolveUpstream.ts', 'server/integration/**', 'server/**/*.test.ts'],
    [SERVER_TO_SRC],
  ),
  ...serverLayers,
)
