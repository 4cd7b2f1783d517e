import { Table, type TableColumn } from '@backstage/core-components';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import { Box, Chip, Typography } from '@material-ui/core';
import type { WhatIfServiceResult } from '@flotilla/plugin-multi-cluster-common';
import {
  moveText,
  objectiveText,
  quorumText,
  shortfallText,
} from './objectives';
import { risksOf } from './serviceRisk';

const OUTCOME_LABEL: Record<WhatIfServiceResult['outcome'], string> = {
  unaffected: 'unaffected',
  moved: 'moved',
  partial: 'partly placed',
  unplaceable: 'not placed',
};

function Outcome(props: { service: WhatIfServiceResult }) {
  const { service } = props;
  const risks = risksOf(service).filter(
    risk => risk !== 'partial' && risk !== 'unplaceable',
  );
  return (
    <Box data-testid={`outcome-${service.entityRef}`}>
      <Chip
        size="small"
        label={OUTCOME_LABEL[service.outcome]}
        color={service.outcome === 'moved' ? 'primary' : 'secondary'}
      />
      {risks.length > 0 && (
        <Typography variant="caption" display="block">
          loses {risks.join(', ')}
        </Typography>
      )}
    </Box>
  );
}

function Shortfall(props: { service: WhatIfServiceResult }) {
  const { shortfall, reason, entityRef } = props.service;
  if (!shortfall && !reason) return <>-</>;
  return (
    <Box data-testid={`shortfall-${entityRef}`}>
      {shortfall && (
        <Typography variant="body2">{shortfallText(shortfall)}</Typography>
      )}
      {reason && (
        <Typography variant="caption" color="textSecondary">
          {reason}
        </Typography>
      )}
    </Box>
  );
}

const columns: TableColumn<WhatIfServiceResult>[] = [
  { title: '#', field: 'priority', width: '4%' },
  {
    title: 'Service',
    field: 'entityRef',
    render: s => <EntityRefLink entityRef={s.entityRef} />,
  },
  { title: 'Tier', render: s => s.tier ?? '-' },
  { title: 'Outcome', render: s => <Outcome service={s} /> },
  {
    title: 'From → targets',
    render: s => (
      <Box data-testid={`moves-${s.entityRef}`}>
        {s.sources.map(move => (
          <Typography key={move.from} variant="body2">
            {moveText(move)}
          </Typography>
        ))}
      </Box>
    ),
  },
  { title: 'Shortfall', render: s => <Shortfall service={s} /> },
  { title: 'RTO', render: s => objectiveText(s.rto) },
  { title: 'RPO', render: s => objectiveText(s.rpo) },
  { title: 'Quorum', render: s => quorumText(s.quorum) },
  {
    title: 'Dependencies',
    render: s =>
      s.dependencies.reachable
        ? 'reachable'
        : s.dependencies.problems.join('; ') || 'unreachable',
  },
];

/** The affected services in the order they are placed (most critical first). */
export function ServicePlanTable(props: { services: WhatIfServiceResult[] }) {
  // Copies: the table adds its own bookkeeping to the rows it is given.
  const affected = props.services
    .filter(s => s.outcome !== 'unaffected')
    .sort((a, b) => a.priority - b.priority)
    .map(s => ({ ...s }));
  const unaffected = props.services.length - affected.length;
  return (
    <Table
      title={`Services in priority order (${affected.length} affected, ${unaffected} unaffected not shown)`}
      options={{
        paging: affected.length > 20,
        pageSize: 20,
        padding: 'dense',
        search: true,
      }}
      columns={columns}
      data={affected}
      emptyContent={
        <Box p={2}>
          <Typography>No service runs on the lost clusters.</Typography>
        </Box>
      }
    />
  );
}
