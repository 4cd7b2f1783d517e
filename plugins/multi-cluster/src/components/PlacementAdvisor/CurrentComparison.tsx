import { TableCell, TableRow, Typography } from '@material-ui/core';
import type {
  EntityPlacementAdvice,
  PlacementFootprint,
} from '@flotilla/plugin-multi-cluster-common';
import { SmallTable } from '../common/SmallTable';
import { formatCost, formatDelta, formatFigure } from './formatFigures';

const clustersText = (footprint: PlacementFootprint) =>
  footprint.clusters.map(c => `${c.name} x${c.replicas}`).join(', ');

const COLUMNS = [
  'Placement',
  'Clusters (replicas)',
  { title: 'Cost/hour', align: 'right' as const },
  { title: 'Mean latency', align: 'right' as const },
  { title: 'Headroom (replicas)', align: 'right' as const },
];

/**
 * Where the service runs now beside each alternative: lower cost and
 * latency, higher headroom are better; a figure whose input is unknown
 * reads `unknown`, and so does its difference.
 */
export function CurrentComparison(props: {
  current?: PlacementFootprint;
  comparisons: EntityPlacementAdvice['comparisons'];
}) {
  const { current, comparisons } = props;
  if (!current) {
    return (
      <Typography variant="body2" data-testid="placement-advice-no-current">
        The service runs nowhere now: nothing to compare with.
      </Typography>
    );
  }
  return (
    <SmallTable aria-label="Compare with current placement" columns={COLUMNS}>
      <TableRow data-testid="compare-current">
        <TableCell>Current</TableCell>
        <TableCell>{clustersText(current)}</TableCell>
        <TableCell align="right">{formatCost(current.costPerHour)}</TableCell>
        <TableCell align="right">
          {formatFigure(current.meanLatencyMs, ' ms')}
        </TableCell>
        <TableCell align="right">
          {formatFigure(current.headroomReplicas)}
        </TableCell>
      </TableRow>
      {comparisons.map(c => (
        <TableRow key={c.rank} data-testid={`compare-rank-${c.rank}`}>
          <TableCell>Rank {c.rank}</TableCell>
          <TableCell>{clustersText(c.footprint)}</TableCell>
          <TableCell align="right">
            {formatCost(c.footprint.costPerHour)} (
            {formatDelta(c.delta.costPerHour)})
          </TableCell>
          <TableCell align="right">
            {formatFigure(c.footprint.meanLatencyMs, ' ms')} (
            {formatDelta(c.delta.meanLatencyMs, ' ms')})
          </TableCell>
          <TableCell align="right">
            {formatFigure(c.footprint.headroomReplicas)} (
            {formatDelta(c.delta.headroomReplicas)})
          </TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
}
