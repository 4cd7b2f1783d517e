module.exports = require('@backstage/cli/config/eslint-factory')(
  __dirname,
  require('../eslint-shared')(),
);
