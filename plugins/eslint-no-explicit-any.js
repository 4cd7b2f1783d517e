/**
 * ESLint options shared by the plugins' .eslintrc.js: `any` is
 * an error in production code; tests, test utilities and fixtures may keep
 * loose types. `stillToType` lists production files (relative to the
 * plugin) exempted until they are typed.
 */
const anyAllowed = { '@typescript-eslint/no-explicit-any': 'off' };

module.exports = (stillToType = []) => ({
  tsRules: { '@typescript-eslint/no-explicit-any': 'error' },
  testRules: anyAllowed,
  overrides: [
    { files: ['**/__fixtures__/**'], rules: anyAllowed },
    ...(stillToType.length > 0
      ? [{ files: stillToType, rules: anyAllowed }]
      : []),
  ],
});
