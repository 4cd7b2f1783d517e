module.exports = require('@backstage/cli/config/eslint-factory')(__dirname, {
  // Production code states its types: `unknown` and narrowing, never `any`.
  tsRules: {
    '@typescript-eslint/no-explicit-any': 'error',
  },
  // Tests, their helpers and fixtures may keep loose types.
  testRules: {
    '@typescript-eslint/no-explicit-any': 'off',
  },
  overrides: [
    {
      files: ['**/__fixtures__/**'],
      rules: {
        '@typescript-eslint/no-explicit-any': 'off',
      },
    },
  ],
});
