import type { ServiceDrSpec } from '../service';

/** An active-passive service on `sampleFleet`: primary eu-aws, standby us-aws. */
export const ledger: ServiceDrSpec = {
  entityRef: 'component:default/ledger',
  strategy: 'active-passive-warm',
  primaryCluster: 'eu-aws',
  standbyCluster: 'us-aws',
  kubernetesId: 'ledger',
  resourceRequest: { cpu: '1' },
};
