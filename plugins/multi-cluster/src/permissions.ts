/**
 * Start, pause, resume or cancel a region failover, and start a failback
 * (`multi-cluster.failover.region`, a basic permission: it spans services).
 * The same object as the backend checks; declared here until common exports
 * it with the suite's other permissions.
 */
export const multiClusterFailoverRegionPermission = {
  type: 'basic',
  name: 'multi-cluster.failover.region',
  attributes: { action: 'update' },
} as const;
