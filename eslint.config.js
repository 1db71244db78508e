// Lint: typescript-eslint's recommended rules with the standard style (@stylistic), and the
// direction of imports between the plugin's layers (eslint-plugin-import-x).
// neostandard was dropped: its import resolver pulls platform packages the registry here
// does not serve, which broke `npm ci` on a clean checkout.
import tseslint from 'typescript-eslint'
import stylistic from '@stylistic/eslint-plugin'
import { importX, createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'

/**
 * The layers of the plugin, bottom first (docs/architecture.md, 'Rules of the house'): a file
 * may import only from its own folder and from the layers before its own, so imports run one
 * way. Every import that runs back up fails the lint, `import type` included.
 */
const LAYERS = [
  ['plugin/errors.ts', 'plugin/is-record.ts', 'plugin/passwords.ts', 'plugin/sql', 'plugin/i18n'],
  ['plugin/content-types'],
  ['plugin/query', 'plugin/write-plan'],
  ['plugin/repository'],
  ['plugin/options.ts', 'plugin/options', 'plugin/transform'],
  ['plugin/auth', 'schemas'],
  ['plugin/access', 'plugin/lifecycles', 'plugin/openapi', 'plugin/typegen'],
  ['plugin/routes', 'plugin/graphql'],
  ['plugin/upload', 'plugin/auth-routes', 'plugin/admin'],
  ['plugin/import'],
  ['plugin/index.ts', 'plugin/cli.ts', 'plugin/cli']
]

const ONE_WAY = [
  ...LAYERS.slice(0, -1).map((layer, index) => ({
    target: layer.map(path => `./${path}`),
    from: LAYERS.slice(index + 1).flat().map(path => `./${path}`),
    message: `${layer.join(', ')} is layer ${index + 1}: it may not import a later layer (docs/architecture.md, 'Rules of the house').`
  })),
  {
    target: './plugin/sql',
    from: './plugin',
    except: ['./sql'],
    message: 'sql/ is the bottom of every statement: it imports nothing else of the plugin.'
  },
  ...[['query', 'write-plan'], ['write-plan', 'query']].map(([target, from]) => ({
    target: `./plugin/${target}`,
    from: `./plugin/${from}`,
    message: 'The QueryTree and the WritePlan are two contracts side by side: neither imports the other.'
  })),
  {
    target: ['./plugin', './schemas'],
    from: ['./test', './benchmarks', './example'],
    message: 'The published package holds no tests, benchmarks or example.'
  }
]

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'coverage/**', '.tap/**', 'benchmarks/results/**', 'public/**', 'test/artifacts/**', '.scratch-*/**', 'tap-snapshots/**'] },
  ...tseslint.configs.recommended,
  stylistic.configs.customize({ indent: 2, quotes: 'single', semi: false, commaDangle: 'never', braceStyle: '1tbs' }),
  {
    rules: {
      '@stylistic/space-before-function-paren': ['error', 'always'],
      '@stylistic/operator-linebreak': 'off',
      '@stylistic/multiline-ternary': 'off',
      '@stylistic/arrow-parens': 'off',
      '@stylistic/max-statements-per-line': 'off',
      '@stylistic/quote-props': 'off',
      '@stylistic/quotes': ['error', 'single', { avoidEscape: true }],
      '@stylistic/indent-binary-ops': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }]
    }
  },
  {
    files: ['plugin/**/*.ts', 'schemas/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      // `.js` specifiers name the `.ts` files they are compiled from.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } })]
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: ONE_WAY }],
      'import-x/no-cycle': 'error'
    }
  },
  {
    // The admin panel's React sources (admin-panel/, bundled by Vite, type-checked by its own
    // tsconfig): the same style, and React's rules of hooks.
    files: ['admin-panel/**/*.ts', 'admin-panel/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error'
    }
  },
  {
    // Tests read JSON answers whose shape they are checking: `any` is the honest type there.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' }
  }
)
