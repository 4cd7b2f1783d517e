import { TableCell, TableRow } from '@material-ui/core';
import type { PlacementAdvice } from '@flotilla/plugin-multi-cluster-common';
import { SmallTable } from '../common/SmallTable';
import { CollapsedSection } from './CollapsedSection';

/** Clusters the scheduler excluded, with its reasons. */
export function ExcludedClusters(props: {
  excluded: PlacementAdvice['excluded'];
}) {
  return (
    <CollapsedSection
      title={`Excluded clusters (${props.excluded.length})`}
      testId="placement-advice-excluded"
      items={props.excluded}
      render={page => (
        <SmallTable aria-label="Excluded clusters" columns={['Cluster', 'Why']}>
          {page.map(e => (
            <TableRow key={e.cluster}>
              <TableCell>{e.cluster}</TableCell>
              <TableCell>{e.reasons.join('; ')}</TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
    />
  );
}
