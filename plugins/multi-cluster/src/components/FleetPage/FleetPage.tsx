import {
  ContentHeader,
  EmptyState,
  Header,
  InfoCard,
  Page,
  Progress,
  ResponseErrorPanel,
  TabbedLayout,
} from '@backstage/core-components';
import { Grid } from '@material-ui/core';
import { FLEET_TAB_PATHS } from '../../routes';
import { PlacementSimulator } from '../common/PlacementSimulator';
import { FleetConnectivity } from '../Connectivity';
import { FleetDetectionCard } from '../Detection';
import { RegionFailoversView } from '../RegionFailover';
import { WhatIfView } from '../WhatIf';
import { FleetClustersTable } from './FleetClustersTable';
import { FleetFilters } from './FleetFilters';
import { RegionSummaries } from './RegionSummaries';
import { useFleetClusters } from './useFleetClusters';

/**
 * The whole fleet: filters by segmentation axis, a summary by region,
 * detection's view of the clusters, connectivity and add-on coverage, and
 * the simulator.
 */
export function FleetPageContent() {
  const { loading, error, clusters, visible, ...fleet } = useFleetClusters();

  if (loading) return <Progress />;
  if (error) return <ResponseErrorPanel error={error} />;
  if (clusters.length === 0) {
    return (
      <EmptyState
        missing="data"
        title="No clusters in the fleet"
        description="Configure a source under multiCluster in app-config.yaml (catalog, kubernetes config, Karmada, Cluster API or Open Cluster Management), or register kubernetes-cluster Resource entities in the catalog."
      />
    );
  }

  return (
    <>
      <ContentHeader title="Fleet" description="Every cluster Flotilla knows" />
      <Grid container spacing={2}>
        <Grid item xs={12}>
          <FleetFilters
            clusters={clusters}
            filters={fleet.filters}
            setFilters={fleet.setFilters}
          />
        </Grid>
        <RegionSummaries regions={fleet.regions} />
        <Grid item xs={12}>
          <FleetDetectionCard />
        </Grid>
        <Grid item xs={12}>
          <FleetClustersTable visible={visible} total={clusters.length} />
        </Grid>
        <Grid item xs={12}>
          <FleetConnectivity clusterRefs={fleet.clusterRefs} />
        </Grid>
        <Grid item xs={12}>
          <InfoCard title="Simulate a placement on the whole fleet">
            <PlacementSimulator title="" />
          </InfoCard>
        </Grid>
      </Grid>
    </>
  );
}

/**
 * The fleet page with its header and tabs: the clusters, what the loss of a
 * region would mean ("Region loss"), and region failovers as they progress.
 */
export function FleetPage() {
  return (
    <Page themeId="tool">
      <Header
        title="Fleet"
        subtitle="Multi-cluster placement, failover and lifecycle"
      />
      <TabbedLayout>
        <TabbedLayout.Route path={FLEET_TAB_PATHS.clusters} title="Clusters">
          <FleetPageContent />
        </TabbedLayout.Route>
        <TabbedLayout.Route
          path={FLEET_TAB_PATHS.regionLoss}
          title="Region loss"
        >
          <WhatIfView />
        </TabbedLayout.Route>
        <TabbedLayout.Route
          path={FLEET_TAB_PATHS.regionFailovers}
          title="Region failovers"
        >
          <RegionFailoversView />
        </TabbedLayout.Route>
      </TabbedLayout>
    </Page>
  );
}
