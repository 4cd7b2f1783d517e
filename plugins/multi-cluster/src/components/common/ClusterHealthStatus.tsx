import {
  StatusError,
  StatusOK,
  StatusPending,
  StatusWarning,
} from '@backstage/core-components';
import type { FleetCluster } from '@flotilla/plugin-multi-cluster-common';

/** Health with staleness: a stale snapshot is never shown as plainly healthy. */
export function ClusterHealthStatus(props: {
  cluster: Pick<FleetCluster, 'health' | 'stale' | 'lastError'>;
}) {
  const { health, stale, lastError } = props.cluster;
  const suffix = stale ? ' (stale)' : '';
  const title = [health.message, stale ? lastError : undefined]
    .filter(Boolean)
    .join(' - ');
  if (health.status === 'healthy' && !stale) {
    return <StatusOK>healthy</StatusOK>;
  }
  if (health.status === 'healthy') {
    return (
      <span title={title}>
        <StatusWarning>healthy{suffix}</StatusWarning>
      </span>
    );
  }
  if (health.status === 'unhealthy') {
    return (
      <span title={title}>
        <StatusError>unhealthy{suffix}</StatusError>
      </span>
    );
  }
  return (
    <span title={title}>
      <StatusPending>unknown{suffix}</StatusPending>
    </span>
  );
}
