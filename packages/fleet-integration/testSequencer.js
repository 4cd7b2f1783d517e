// The suite shares one fleet: tests that change it run in a fixed order, and
// the RBAC test, which removes rules and checks the audit logs of everything
// before it, runs last.
const Sequencer = require('@jest/test-sequencer').default;

const ORDER = [
  'inventory',
  'placement',
  // Before any test fails clusters over: it reads every member's Nodes.
  'placementAdvice',
  'census',
  'splitDeployment',
  'manifests',
  'lifecycle',
  // Before any failover of payments-ledger: its rollback backs up the
  // standby, and this test starts from a standby without a backup.
  'stateRestore',
  'failover',
  // Before verifyProbe, whose failed rollback leaves checkout-admin's
  // GitOps paused (it is declared leave-paused).
  'gitopsPause',
  'verifyProbe',
  'trafficDns',
  'regionLoss',
  'backends',
  'rbac',
];

const rank = test => {
  const name = require('path')
    .basename(test.path)
    .replace(/\.test\.ts$/, '');
  const index = ORDER.indexOf(name);
  return index === -1 ? ORDER.indexOf('rbac') - 0.5 : index;
};

module.exports = class FleetSuiteSequencer extends Sequencer {
  sort(tests) {
    return [...tests].sort((a, b) => rank(a) - rank(b));
  }
};
