import {
  Content,
  ContentHeader,
  EmptyState,
  Header,
  InfoCard,
  Page,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { Grid } from '@material-ui/core';
import { PlacementSimulator } from '../common/PlacementSimulator';
import { FleetConnectivity } from '../Connectivity';
import { FleetClustersTable } from './FleetClustersTable';
import { FleetFilters } from './FleetFilters';
import { RegionSummaries } from './RegionSummaries';
import { useFleetClusters } from './useFleetClusters';

/**
 * The whole fleet: filters by segmentation axis, a summary by region,
 * connectivity and add-on coverage, and the simulator.
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

/** The fleet page with its header, for the legacy frontend system. */
export function FleetPage() {
  return (
    <Page themeId="tool">
      <Header
        title="Fleet"
        subtitle="Multi-cluster placement, failover and lifecycle"
      />
      <Content>
        <FleetPageContent />
      </Content>
    </Page>
  );
}
