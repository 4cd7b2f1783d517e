module.exports = require('@backstage/cli/config/eslint-factory')(
  __dirname,
  // The connectivity detectors are still to type (owned by the connectivity
  // work); remove each file from the list once it is typed.
  require('../eslint-no-explicit-any')([
    'src/connectivity/detectors/IstioDetector.ts',
    'src/connectivity/detectors/McsDetector.ts',
    'src/connectivity/detectors/NetworksDetector.ts',
    'src/connectivity/detectors/SubmarinerDetector.ts',
  ]),
);
