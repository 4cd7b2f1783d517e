import { Link, Table, type TableColumn } from '@backstage/core-components';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import type { RegionFailoverChild } from '@flotilla/plugin-multi-cluster-common';
import { useFailoverRunLink } from '../common/links';
import { CHILD_STATUS_LABEL } from './stormStatus';

function columns(
  runLink: (entityRef: string, runId: string) => string,
): TableColumn<RegionFailoverChild>[] {
  return [
    { title: '#', field: 'priority', width: '4%' },
    {
      title: 'Service',
      field: 'entityRef',
      render: c => <EntityRefLink entityRef={c.entityRef} />,
    },
    { title: 'From', field: 'from' },
    { title: 'To', render: c => c.to.join(', ') || '-' },
    { title: 'Replicas', field: 'replicas', type: 'numeric' },
    {
      title: 'Status',
      render: c => (
        <span
          data-testid={`child-status-${c.entityRef}-${c.from}`}
          data-status={c.status}
        >
          {CHILD_STATUS_LABEL[c.status]}
        </span>
      ),
    },
    {
      title: 'Run',
      render: c =>
        c.runId ? (
          <Link to={runLink(c.entityRef, c.runId)}>{c.runId}</Link>
        ) : (
          '-'
        ),
    },
    { title: 'Reason', render: c => c.reason ?? '' },
  ];
}

/** The region failover's services in the order they are admitted. */
export function StormChildrenTable(props: { items: RegionFailoverChild[] }) {
  const runLink = useFailoverRunLink();
  const rows = [...props.items]
    .sort(
      (a, b) =>
        a.priority - b.priority ||
        a.entityRef.localeCompare(b.entityRef) ||
        a.from.localeCompare(b.from),
    )
    .map(c => ({ ...c }));
  return (
    <Table
      title="Services in priority order"
      options={{
        search: true,
        paging: rows.length > 50,
        pageSize: 50,
        padding: 'dense',
      }}
      columns={columns(runLink)}
      data={rows}
    />
  );
}
