// Lint: typescript-eslint's recommended rules with the standard style (@stylistic).
// neostandard was dropped: its import resolver pulls platform packages the registry here
// does not serve, which broke `npm ci` on a clean checkout.
import tseslint from 'typescript-eslint'
import stylistic from '@stylistic/eslint-plugin'

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
    // Tests read JSON answers whose shape they are checking: `any` is the honest type there.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' }
  }
)
