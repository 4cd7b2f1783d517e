import { TableCell, TableRow } from '@material-ui/core';
import type { PlacementAdvice } from '@flotilla/plugin-multi-cluster-common';
import { SmallTable } from '../common/SmallTable';
import { CollapsedSection } from './CollapsedSection';

/** Candidate sets assembled and then rejected (capacity, cost ceiling). */
export function RejectedCandidates(props: {
  rejected: PlacementAdvice['rejected'];
}) {
  return (
    <CollapsedSection
      title={`Rejected candidate sets (${props.rejected.length})`}
      testId="placement-advice-rejected"
      items={props.rejected}
      render={page => (
        <SmallTable
          aria-label="Rejected candidate sets"
          columns={['Clusters', 'Why']}
        >
          {page.map(r => (
            <TableRow key={r.clusters.join(',')}>
              <TableCell>{r.clusters.join(', ')}</TableCell>
              <TableCell>{r.reason}</TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
    />
  );
}
