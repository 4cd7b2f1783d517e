import { Button, TableCell, TableRow } from '@material-ui/core';
import type { PlacementRecommendation } from '@flotilla/plugin-multi-cluster-common';
import { SmallTable } from '../common/SmallTable';
import { formatCost } from './formatFigures';

const splitText = (split: PlacementRecommendation['split']) =>
  split.map(s => `${s.name} x${s.replicas}`).join(', ');

/** The ranked alternatives, one line each; `onSelect` shows one's details. */
export function AlternativesTable(props: {
  recommendations: PlacementRecommendation[];
  selected: number;
  onSelect(rank: number): void;
}) {
  return (
    <SmallTable
      aria-label="Ranked placements"
      columns={[
        'Rank',
        'Strategy',
        'Clusters (replicas)',
        'Regions',
        { title: 'Cost/hour', align: 'right' },
        { title: 'Score', align: 'right' },
        '',
      ]}
    >
      {props.recommendations.map(r => (
        <TableRow
          key={r.rank}
          data-testid={`placement-advice-rank-${r.rank}`}
          selected={r.rank === props.selected}
        >
          <TableCell>{r.rank}</TableCell>
          <TableCell>{r.strategy}</TableCell>
          <TableCell>{splitText(r.split)}</TableCell>
          <TableCell>{r.regions.join(', ')}</TableCell>
          <TableCell align="right">{formatCost(r.costPerHour)}</TableCell>
          <TableCell align="right">{Math.round(r.score.total)}</TableCell>
          <TableCell>
            <Button
              size="small"
              disabled={r.rank === props.selected}
              onClick={() => props.onSelect(r.rank)}
            >
              Details {r.rank}
            </Button>
          </TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
}
