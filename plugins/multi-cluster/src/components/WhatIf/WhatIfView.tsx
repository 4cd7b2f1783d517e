import useAsync from 'react-use/esm/useAsync';
import useAsyncFn from 'react-use/esm/useAsyncFn';
import { useApi } from '@backstage/core-plugin-api';
import {
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { Box, Grid, Typography } from '@material-ui/core';
import type {
  WhatIfLoss,
  WhatIfPlan,
} from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';
import { ClusterHeadroomTable } from './ClusterHeadroomTable';
import { LossForm } from './LossForm';
import { PlanSummary } from './PlanSummary';
import { RegionCapacityChart } from './RegionCapacityChart';
import { ServicePlanTable } from './ServicePlanTable';
import { ServicesAtRiskChart } from './ServicesAtRiskChart';
import { StartRegionFailover } from './StartRegionFailover';

/** The plan of one loss: summary, charts, services and clusters. */
function PlanView(props: { loss: WhatIfLoss; plan: WhatIfPlan }) {
  const { plan } = props;
  return (
    <>
      <Grid item xs={12}>
        <InfoCard
          title="What the fleet can absorb"
          action={<StartRegionFailover loss={props.loss} plan={plan} />}
        >
          <PlanSummary plan={plan} />
        </InfoCard>
      </Grid>
      <Grid item xs={12}>
        <InfoCard title="Capacity per region">
          <Box display="flex" flexWrap="wrap" style={{ gap: 24 }}>
            <RegionCapacityChart clusters={plan.clusters} resource="cpu" />
            <RegionCapacityChart clusters={plan.clusters} resource="memory" />
            <ServicesAtRiskChart services={plan.services} />
          </Box>
        </InfoCard>
      </Grid>
      <Grid item xs={12}>
        <ServicePlanTable services={plan.services} />
      </Grid>
      <Grid item xs={12}>
        <ClusterHeadroomTable clusters={plan.clusters} />
      </Grid>
    </>
  );
}

/**
 * "Region loss": pick clusters, regions or providers to lose, and see every
 * affected service re-placed over the survivors in priority order, with the
 * capacity left; those allowed can then fail the services over.
 */
export function WhatIfView() {
  const api = useApi(multiClusterApiRef);
  const fleet = useAsync(() => api.listAllClusters(), [api]);
  const [result, plan] = useAsyncFn(
    async (loss: WhatIfLoss) => ({ loss, plan: await api.planWhatIf(loss) }),
    [api],
  );

  if (fleet.loading) return <Progress />;
  if (fleet.error) return <ResponseErrorPanel error={fleet.error} />;
  return (
    <Grid container spacing={2}>
      <Grid item xs={12}>
        <InfoCard title="If these were lost">
          <Typography variant="body2" color="textSecondary" paragraph>
            Every service running there is placed again on the surviving
            clusters, most critical first (DR tier, then RTO, then replicas),
            each taking the capacity it needs before the next. Nothing changes.
          </Typography>
          <LossForm
            clusters={fleet.value ?? []}
            busy={result.loading}
            onRun={plan}
          />
        </InfoCard>
      </Grid>
      {result.error && (
        <Grid item xs={12}>
          <ResponseErrorPanel error={result.error} />
        </Grid>
      )}
      {result.value && !result.loading && (
        <PlanView loss={result.value.loss} plan={result.value.plan} />
      )}
    </Grid>
  );
}
