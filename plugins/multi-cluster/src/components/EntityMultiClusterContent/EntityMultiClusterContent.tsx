import { useMemo } from 'react';
import { useEntity } from '@backstage/plugin-catalog-react';
import { stringifyEntityRef, type Entity } from '@backstage/catalog-model';
import { EmptyState, InfoCard } from '@backstage/core-components';
import { Grid } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import {
  readServiceDrSpec,
  SERVICE_ANNOTATIONS,
} from '@flotilla/plugin-multi-cluster-common';
import { FailoverPanel } from '../Failover';
import { PlacementAdvisorCard } from '../PlacementAdvisor';
import { DisasterRecoveryCard } from './DisasterRecoveryCard';
import { entityNameOf } from './entityName';
import { OcmPlacements } from './OcmPlacements';
import { ReplicasPerCluster } from './ReplicasPerCluster';
import { useDisasterRecovery } from './useDisasterRecovery';
import { useServicePlacement } from './useServicePlacement';
import { useEntityCards } from './useEntityCards';

/**
 * What a service without Flotilla's annotations shows: what to add, and
 * placement advice (which needs no annotation and says what is missing).
 */
function NoMultiClusterInformation(props: { entity: Entity }) {
  return (
    <Grid container spacing={3}>
      <Grid item xs={12}>
        <EmptyState
          missing="field"
          title="No multi-cluster information for this service"
          description="Add the backstage.io/kubernetes-id annotation to name the service's workloads, and flotilla.io/dr-strategy, flotilla.io/rto, flotilla.io/rpo and flotilla.io/placement to declare where and how it runs."
        />
      </Grid>
      <Grid item xs={12}>
        <PlacementAdvisorCard entity={props.entity} />
      </Grid>
    </Grid>
  );
}

/**
 * The "Multi-cluster" tab of a service: placement, placement advice,
 * exposure, preview, DR posture, failover and what detection decided.
 */
export function EntityMultiClusterContent() {
  const { entity } = useEntity();
  const entityRef = stringifyEntityRef(entity);
  const entityName = entityNameOf(entity);
  const { spec, problems } = useMemo(
    () => readServiceDrSpec(entityRef, entity.metadata.annotations),
    [entityRef, entity.metadata.annotations],
  );
  const { fleetState, placementState, watchPlacement, rows } =
    useServicePlacement(entity, entityRef);
  // Posture, drills and their history come from the backend, which sees
  // the live fleet.
  const { drState, historyState } = useDisasterRecovery(entityName);
  const cards = useEntityCards(entity, spec);

  if (
    !spec &&
    !entity.metadata.annotations?.[SERVICE_ANNOTATIONS.kubernetesId]
  ) {
    return <NoMultiClusterInformation entity={entity} />;
  }

  return (
    <Grid container spacing={3}>
      {problems.length > 0 && (
        <Grid item xs={12}>
          <Alert severity="warning">
            {problems.map(p => `${p.annotation}: ${p.message}`).join(' | ')}
          </Alert>
        </Grid>
      )}
      <Grid item xs={12} md={8}>
        <InfoCard title="Replicas per cluster">
          <ReplicasPerCluster
            loading={
              (placementState.loading && !placementState.value) ||
              fleetState.loading
            }
            error={placementState.error}
            errors={placementState.value?.errors ?? []}
            rows={rows}
          />
          <OcmPlacements placements={placementState.value?.desired.ocm ?? []} />
        </InfoCard>
      </Grid>
      <Grid item xs={12} md={4}>
        <DisasterRecoveryCard spec={spec} dr={drState} history={historyState} />
      </Grid>
      <Grid item xs={12}>
        {cards.advisor}
      </Grid>
      <Grid item xs={12}>
        {cards.exposure}
      </Grid>
      <Grid item xs={12}>
        <FailoverPanel
          entityRef={entityRef}
          sources={rows.filter(r => r.actual > 0).map(r => r.cluster)}
          targets={(fleetState.value ?? [])
            .filter(c => c.health.status !== 'unhealthy')
            .map(c => c.name)
            .sort()}
          defaultSource={spec?.primaryCluster}
          defaultTarget={spec?.standbyCluster}
          onRunFinished={() => {
            watchPlacement();
            drState.retry();
            historyState.retry();
          }}
        />
      </Grid>
      <Grid item xs={12}>
        {cards.detection}
      </Grid>
      {cards.placementCards}
    </Grid>
  );
}
