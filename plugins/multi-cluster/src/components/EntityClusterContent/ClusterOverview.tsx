import {
  InfoCard,
  StructuredMetadataTable,
  Table,
  type TableColumn,
} from '@backstage/core-components';
import { Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import type {
  FleetCluster,
  PlacedWorkload,
} from '@flotilla/plugin-multi-cluster-common';
import { ClusterHealthStatus } from '../common/ClusterHealthStatus';

/** Values the cluster reported that Flotilla could not use. */
export function ClusterProblems(props: { problems: string[] }) {
  return (
    <Alert severity="warning" data-testid="cluster-problems">
      <Typography variant="body2">
        The cluster reported values Flotilla could not use; those resources
        count as unavailable:
      </Typography>
      <ul>
        {props.problems.map(problem => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </Alert>
  );
}

/** Health, location, provider, version and where the inventory read the cluster. */
export function ClusterDetailsCard({ cluster }: { cluster: FleetCluster }) {
  return (
    <InfoCard title="Cluster">
      <StructuredMetadataTable
        metadata={{
          health: <ClusterHealthStatus cluster={cluster} />,
          region: cluster.region ?? '-',
          zones: (cluster.zones ?? []).join(', ') || '-',
          provider: cluster.provider ?? '-',
          environment: cluster.environment ?? '-',
          'kubernetes version':
            cluster.kubernetesVersion ?? cluster.lifecycle?.version ?? '-',
          sources: cluster.sources.map(s => s.id).join(', '),
          refreshed: cluster.refreshedAt,
          ...(cluster.stale
            ? { 'last error': cluster.lastError ?? 'refresh failed' }
            : {}),
        }}
      />
    </InfoCard>
  );
}

const workloadColumns: TableColumn<PlacedWorkload>[] = [
  { title: 'Workload', field: 'name' },
  { title: 'Kind', field: 'kind' },
  { title: 'Namespace', field: 'namespace' },
  { title: 'Service', field: 'kubernetesId' },
  { title: 'Replicas', field: 'replicas', type: 'numeric' },
];

export function PlacedWorkloadsTable(props: { workloads: PlacedWorkload[] }) {
  return (
    <Table
      title="Workloads placed here"
      options={{ search: false, paging: false, padding: 'dense' }}
      columns={workloadColumns}
      data={props.workloads}
    />
  );
}
