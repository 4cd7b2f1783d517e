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
    {
      // Still to type (issue #17): the connectivity detectors, owned by the
      // connectivity work. Remove each file from this list once it is typed.
      files: [
        'src/connectivity/detectors/IstioDetector.ts',
        'src/connectivity/detectors/McsDetector.ts',
        'src/connectivity/detectors/NetworksDetector.ts',
        'src/connectivity/detectors/SubmarinerDetector.ts',
      ],
      rules: {
        '@typescript-eslint/no-explicit-any': 'off',
      },
    },
  ],
});
