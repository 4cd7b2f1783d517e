import useAsync from 'react-use/esm/useAsync';
import { useApi } from '@backstage/core-plugin-api';
import { InfoCard, Progress } from '@backstage/core-components';
import { Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import { multiClusterApiRef } from '../../api';
import { DecisionTable } from './DecisionTable';

/** How many of a service's latest decisions its tab shows. */
export const ENTITY_DECISION_LIMIT = 20;

/**
 * What detection decided for one service (failed over, would fail over,
 * held back and why, failback proposed), with the evidence.
 */
export function EntityDetectionCard(props: { entityRef: string }) {
  const api = useApi(multiClusterApiRef);
  const decisions = useAsync(
    () =>
      api.listDetectionDecisions({
        entityRef: props.entityRef,
        limit: ENTITY_DECISION_LIMIT,
      }),
    [api, props.entityRef],
  );
  const items = decisions.value?.items ?? [];
  return (
    <InfoCard title="Detection">
      {decisions.loading && <Progress />}
      {decisions.error && (
        <Alert severity="warning">
          Detection's decisions are not available: {decisions.error.message}
        </Alert>
      )}
      {decisions.value && items.length === 0 && (
        <Typography variant="body2" color="textSecondary">
          Detection has decided nothing for this service: its clusters have not
          failed for a whole toleration window.
        </Typography>
      )}
      {items.length > 0 && (
        <DecisionTable decisions={items} showService={false} />
      )}
    </InfoCard>
  );
}
