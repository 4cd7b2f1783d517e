import { Table, type TableColumn } from '@backstage/core-components';
import type { WhatIfClusterHeadroom } from '@flotilla/plugin-multi-cluster-common';
import { formatAmount, type ChartedResource } from './capacity';

/** "12 cores of 32": used and allocatable. */
function usage(
  cluster: WhatIfClusterHeadroom,
  resource: ChartedResource,
  when: 'usedBefore' | 'usedAfter',
) {
  const { allocatable } = cluster[resource];
  return `${formatAmount(resource, cluster[resource][when])} of ${formatAmount(
    resource,
    allocatable,
  )}`;
}

/** Free after the loss, never below zero; a lost cluster has none. */
function freeAfter(cluster: WhatIfClusterHeadroom, resource: ChartedResource) {
  if (cluster.lost) return '-';
  const { allocatable, usedAfter } = cluster[resource];
  return formatAmount(resource, Math.max(0, allocatable - usedAfter));
}

const columns: TableColumn<WhatIfClusterHeadroom>[] = [
  { title: 'Cluster', field: 'name', highlight: true },
  { title: 'Region', render: c => c.region ?? '-' },
  { title: 'Provider', render: c => c.provider ?? '-' },
  { title: 'After the loss', render: c => (c.lost ? 'lost' : 'survives') },
  { title: 'CPU used before', render: c => usage(c, 'cpu', 'usedBefore') },
  {
    title: 'CPU used after',
    render: c => (c.lost ? '-' : usage(c, 'cpu', 'usedAfter')),
  },
  { title: 'CPU free after', render: c => freeAfter(c, 'cpu') },
  {
    title: 'Memory used before',
    render: c => usage(c, 'memory', 'usedBefore'),
  },
  {
    title: 'Memory used after',
    render: c => (c.lost ? '-' : usage(c, 'memory', 'usedAfter')),
  },
  { title: 'Memory free after', render: c => freeAfter(c, 'memory') },
];

/** Every cluster's headroom before and after the loss. */
export function ClusterHeadroomTable(props: {
  clusters: WhatIfClusterHeadroom[];
}) {
  const rows = props.clusters.map(c => ({ ...c }));
  return (
    <Table
      title="Headroom per cluster"
      options={{
        paging: rows.length > 20,
        pageSize: 20,
        padding: 'dense',
        search: true,
      }}
      columns={columns}
      data={rows}
    />
  );
}
