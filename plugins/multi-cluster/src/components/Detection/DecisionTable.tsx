import { Link } from '@backstage/core-components';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import { Chip, TableCell, TableRow } from '@material-ui/core';
import type { DetectionDecision } from '@flotilla/plugin-multi-cluster-common';
import { SmallTable } from '../common/SmallTable';
import { useRegionFailoverLink } from '../common/links';
import { formatTime } from '../common/formatTime';
import { DECISION_KIND_LABEL } from './decisionKinds';
import { EvidenceList } from './EvidenceList';

function DecisionRow(props: {
  decision: DetectionDecision;
  showService: boolean;
  stormLink?: (id: string) => string;
}) {
  const { decision, stormLink } = props;
  return (
    <TableRow data-testid={`decision-${decision.id}`}>
      <TableCell>{formatTime(decision.createdAt)}</TableCell>
      <TableCell>
        <Chip size="small" label={DECISION_KIND_LABEL[decision.kind]} />
      </TableCell>
      {props.showService && (
        <TableCell>
          {decision.entityRef ? (
            <EntityRefLink entityRef={decision.entityRef} />
          ) : (
            '-'
          )}
        </TableCell>
      )}
      <TableCell>{decision.clusters.join(', ')}</TableCell>
      <TableCell>
        {decision.reason} ({decision.policy})
      </TableCell>
      <TableCell>
        <EvidenceList evidence={decision.evidence} />
      </TableCell>
      <TableCell>
        {decision.stormId && stormLink ? (
          <Link to={stormLink(decision.stormId)}>{decision.stormId}</Link>
        ) : (
          decision.stormId ?? '-'
        )}
      </TableCell>
    </TableRow>
  );
}

/** Detection's decisions, newest first, with the evidence each rests on. */
export function DecisionTable(props: {
  decisions: DetectionDecision[];
  showService: boolean;
}) {
  const stormLink = useRegionFailoverLink();
  const columns = [
    'When',
    'Decision',
    ...(props.showService ? ['Service'] : []),
    'Clusters',
    'Reason (policy)',
    'Evidence',
    'Region failover',
  ];
  return (
    <SmallTable aria-label="Detection decisions" columns={columns}>
      {props.decisions.map(decision => (
        <DecisionRow
          key={decision.id}
          decision={decision}
          showService={props.showService}
          stormLink={stormLink}
        />
      ))}
    </SmallTable>
  );
}
