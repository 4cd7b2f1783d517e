import { useEntity } from '@backstage/plugin-catalog-react';
import {
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { Grid } from '@material-ui/core';
import {
  ClusterConnectivityCard,
  ClusterVirtualNodesCard,
} from '../Connectivity';
import { CapacityBars } from './CapacityBars';
import {
  ClusterDetailsCard,
  ClusterProblems,
  PlacedWorkloadsTable,
} from './ClusterOverview';
import { LifecycleCard } from './LifecycleCard';
import { LifecycleDialogs } from './LifecycleDialogs';
import { useClusterLifecycle } from './useClusterLifecycle';

/** The "Cluster" tab of a kubernetes-cluster Resource: health, capacity, connectivity, lifecycle. */
export function EntityClusterContent() {
  const { entity } = useEntity();
  const name = entity.metadata.name;
  const { clusterState, scaling, upgrading, ...actions } =
    useClusterLifecycle(name);
  const { value: cluster, loading, error } = clusterState;

  if (loading && !cluster) return <Progress />;
  if (error) return <ResponseErrorPanel error={error} />;
  if (!cluster) return null;

  return (
    <Grid container spacing={3}>
      {(cluster.problems ?? []).length > 0 && (
        <Grid item xs={12}>
          <ClusterProblems problems={cluster.problems!} />
        </Grid>
      )}
      <Grid item xs={12} md={6}>
        <ClusterDetailsCard cluster={cluster} />
      </Grid>
      <Grid item xs={12} md={6}>
        <InfoCard title="Capacity">
          <CapacityBars cluster={cluster} />
        </InfoCard>
      </Grid>
      <Grid item xs={12}>
        <ClusterConnectivityCard cluster={cluster} />
      </Grid>
      <Grid item xs={12}>
        <ClusterVirtualNodesCard cluster={cluster} />
      </Grid>
      <Grid item xs={12}>
        <LifecycleCard
          lifecycle={cluster.lifecycle}
          scalePermission={actions.scalePermission}
          upgradePermission={actions.upgradePermission}
          onScale={actions.setScaling}
          onUpgrade={() => actions.setUpgrading(true)}
        />
      </Grid>
      <Grid item xs={12}>
        <PlacedWorkloadsTable workloads={cluster.workloads ?? []} />
      </Grid>
      <LifecycleDialogs
        clusterName={name}
        version={cluster.lifecycle?.version}
        scaling={scaling}
        upgrading={upgrading}
        onCloseScaling={() => actions.setScaling(undefined)}
        onCloseUpgrading={() => actions.setUpgrading(false)}
        onChanged={actions.watchChange}
      />
    </Grid>
  );
}
