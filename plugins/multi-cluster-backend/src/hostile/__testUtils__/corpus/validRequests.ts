/** The names, sizes and valid requests several targets share. */

export const RUN_ID = '00000000-0000-4000-8000-000000000000';
export const CLUSTER = 'fleet-eu-west-1';
export const ENTITY = 'component:default/checkout';

export const KB = 1_024;
export const MB = 1_024 * KB;

export const simulateValid = {
  replicas: 2,
  placement: { clusterAffinity: { clusterNames: [CLUSTER] } },
};
export const recommendValid = { replicas: 2 };
export const startValid = {
  entityRef: ENTITY,
  from: CLUSTER,
  reason: 'hostile input test',
  dryRun: true,
};
