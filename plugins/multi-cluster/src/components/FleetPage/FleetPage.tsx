import { useMemo, useState } from 'react';
import useAsync from 'react-use/esm/useAsync';
import { useApi } from '@backstage/core-plugin-api';
import {
  Content,
  ContentHeader,
  EmptyState,
  Header,
  InfoCard,
  Page,
  Progress,
  ResponseErrorPanel,
  Table,
  type TableColumn,
} from '@backstage/core-components';
import {
  Box,
  FormControl,
  Grid,
  InputLabel,
  MenuItem,
  Select,
  Typography,
} from '@material-ui/core';
import type { FleetCluster } from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';
import { ClusterHealthStatus } from '../common/ClusterHealthStatus';
import { PlacementSimulator } from '../common/PlacementSimulator';
import { FleetConnectivity } from '../Connectivity';

type Axis =
  | 'environment'
  | 'region'
  | 'provider'
  | 'tenant'
  | 'workloadClass'
  | 'health';

const AXES: {
  id: Axis;
  title: string;
  value: (c: FleetCluster) => string | undefined;
}[] = [
  { id: 'environment', title: 'Environment', value: c => c.environment },
  { id: 'region', title: 'Region', value: c => c.region },
  { id: 'provider', title: 'Provider', value: c => c.provider },
  { id: 'tenant', title: 'Tenant', value: c => c.tenant },
  { id: 'workloadClass', title: 'Workload class', value: c => c.workloadClass },
  { id: 'health', title: 'Health', value: c => c.health.status },
];

const columns: TableColumn<FleetCluster>[] = [
  { title: 'Cluster', field: 'name', highlight: true },
  { title: 'Health', render: c => <ClusterHealthStatus cluster={c} /> },
  { title: 'Environment', field: 'environment' },
  { title: 'Region', field: 'region' },
  { title: 'Provider', field: 'provider' },
  { title: 'Tenant', field: 'tenant' },
  { title: 'Workload class', field: 'workloadClass' },
  { title: 'Version', field: 'kubernetesVersion' },
  {
    title: 'CPU',
    render: c => c.capacity.allocatable?.cpu ?? c.capacity.declared?.cpu ?? '-',
  },
  {
    title: 'GPU',
    render: c =>
      c.capacity.allocatable?.['nvidia.com/gpu'] ??
      c.capacity.declared?.['nvidia.com/gpu'] ??
      '-',
  },
  { title: 'Source', field: 'source' },
];

/**
 * The whole fleet: filters by segmentation axis, a summary by region,
 * connectivity and add-on coverage, and the simulator.
 */
export function FleetPageContent() {
  const api = useApi(multiClusterApiRef);
  const { value, loading, error } = useAsync(
    () => api.listAllClusters(),
    [api],
  );
  const [filters, setFilters] = useState<Partial<Record<Axis, string>>>({});

  const clusters = useMemo(() => value ?? [], [value]);
  const visible = useMemo(
    () =>
      clusters.filter(c =>
        AXES.every(
          axis => !filters[axis.id] || axis.value(c) === filters[axis.id],
        ),
      ),
    [clusters, filters],
  );
  // Virtual nodes link to their peer's catalog page when it has one.
  const clusterRefs = useMemo(
    () => Object.fromEntries(clusters.map(c => [c.name, c.catalogEntityRef])),
    [clusters],
  );
  const regions = useMemo(() => {
    const summary = new Map<string, { total: number; healthy: number }>();
    for (const c of visible) {
      const key = c.region ?? 'unknown';
      const entry = summary.get(key) ?? { total: 0, healthy: 0 };
      entry.total += 1;
      if (c.health.status === 'healthy' && !c.stale) entry.healthy += 1;
      summary.set(key, entry);
    }
    return [...summary.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [visible]);

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
          <Box display="flex" flexWrap="wrap" style={{ gap: 16 }}>
            {AXES.map(axis => {
              const options = [
                ...new Set(
                  clusters.map(axis.value).filter(Boolean) as string[],
                ),
              ].sort();
              return (
                <FormControl
                  key={axis.id}
                  variant="outlined"
                  size="small"
                  style={{ minWidth: 160 }}
                >
                  <InputLabel id={`filter-${axis.id}`}>{axis.title}</InputLabel>
                  <Select
                    labelId={`filter-${axis.id}`}
                    label={axis.title}
                    value={filters[axis.id] ?? ''}
                    onChange={e =>
                      setFilters(f => ({
                        ...f,
                        [axis.id]: (e.target.value as string) || undefined,
                      }))
                    }
                    SelectDisplayProps={
                      { 'data-testid': `filter-${axis.id}` } as object
                    }
                  >
                    <MenuItem value="">
                      <em>All</em>
                    </MenuItem>
                    {options.map(option => (
                      <MenuItem key={option} value={option}>
                        {option}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
              );
            })}
          </Box>
        </Grid>
        {regions.map(([region, { total, healthy }]) => (
          <Grid item xs={6} md={3} key={region}>
            <InfoCard title={region} variant="gridItem">
              <Typography variant="body2">
                {`${total} cluster${
                  total === 1 ? '' : 's'
                }, ${healthy} healthy`}
              </Typography>
            </InfoCard>
          </Grid>
        ))}
        <Grid item xs={12}>
          <Table
            title={`Clusters (${visible.length} of ${clusters.length})`}
            options={{
              paging: true,
              pageSize: 20,
              pageSizeOptions: [20, 50, 100],
              padding: 'dense',
            }}
            columns={columns}
            data={visible}
          />
        </Grid>
        <Grid item xs={12}>
          <FleetConnectivity clusterRefs={clusterRefs} />
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
