import { ReactNode } from 'react';
import {
  StatusError,
  StatusOK,
  StatusPending,
  StatusWarning,
} from '@backstage/core-components';
import { Tooltip } from '@material-ui/core';
import type {
  ClusterHealthEvidence,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';

type HealthView = Pick<FleetCluster, 'health' | 'stale' | 'lastError'>;

const OBSERVERS: Record<ClusterHealthEvidence['source'], string> = {
  probe: 'readiness probe',
  karmada: 'Karmada',
  ocm: 'OCM hub',
  'cluster-api': 'Cluster API',
};

function describeEvidence(e: ClusterHealthEvidence): string {
  const who = e.sourceId ?? OBSERVERS[e.source];
  const why = e.reason ? `: ${e.reason}` : '';
  const when = e.since ? ` (since ${e.since})` : '';
  return `${who} says ${e.status}${why}${when}`;
}

/**
 * Why the cluster has its health: each observer's evidence (the verdict
 * weighs them all), else the message of a snapshot stored without it.
 */
export function healthEvidenceLines(cluster: HealthView): string[] {
  const { health, stale, lastError } = cluster;
  const lines = health.evidence?.length
    ? health.evidence.map(describeEvidence)
    : [health.message].filter((m): m is string => Boolean(m));
  if (stale && lastError) lines.push(`stale: ${lastError}`);
  return lines;
}

function Evidence(props: { lines: string[] }) {
  return (
    <ul style={{ margin: 0, paddingLeft: 16 }}>
      {props.lines.map(line => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function badge(cluster: HealthView): ReactNode {
  const { health, stale } = cluster;
  const suffix = stale ? ' (stale)' : '';
  if (health.status === 'healthy' && !stale) {
    return <StatusOK>healthy</StatusOK>;
  }
  if (health.status === 'healthy') {
    return <StatusWarning>healthy{suffix}</StatusWarning>;
  }
  if (health.status === 'unhealthy') {
    return <StatusError>unhealthy{suffix}</StatusError>;
  }
  return <StatusPending>unknown{suffix}</StatusPending>;
}

/**
 * Health with staleness (a stale snapshot is never shown as plainly
 * healthy), and the evidence behind it on hover.
 */
export function ClusterHealthStatus(props: { cluster: HealthView }) {
  const lines = healthEvidenceLines(props.cluster);
  if (lines.length === 0) return <span>{badge(props.cluster)}</span>;
  return (
    <Tooltip title={<Evidence lines={lines} />}>
      <span>{badge(props.cluster)}</span>
    </Tooltip>
  );
}
