import { Table, type TableColumn } from '@backstage/core-components';
import type { FleetCluster } from '@flotilla/plugin-multi-cluster-common';
import { ClusterHealthStatus } from '../common/ClusterHealthStatus';

const columns: TableColumn<FleetCluster>[] = [
  { title: 'Cluster', field: 'name', highlight: true },
  { title: 'Health', render: c => <ClusterHealthStatus cluster={c} /> },
  { title: 'Environment', field: 'environment' },
  { title: 'Region', field: 'region' },
  { title: 'Provider', field: 'provider' },
  { title: 'Tenant', field: 'tenant' },
  { title: 'Workload class', field: 'workloadClass' },
  { title: 'Version', field: 'kubernetesVersion' },
  {
    title: 'CPU',
    render: c => c.capacity.allocatable?.cpu ?? c.capacity.declared?.cpu ?? '-',
  },
  {
    title: 'GPU',
    render: c =>
      c.capacity.allocatable?.['nvidia.com/gpu'] ??
      c.capacity.declared?.['nvidia.com/gpu'] ??
      '-',
  },
  { title: 'Source', field: 'source' },
];

/** The clusters the filters leave, out of the whole fleet. */
export function FleetClustersTable(props: {
  visible: FleetCluster[];
  total: number;
}) {
  return (
    <Table
      title={`Clusters (${props.visible.length} of ${props.total})`}
      options={{
        paging: true,
        pageSize: 20,
        pageSizeOptions: [20, 50, 100],
        padding: 'dense',
      }}
      columns={columns}
      data={props.visible}
    />
  );
}
