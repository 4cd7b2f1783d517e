import { useState } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { useApi } from '@backstage/core-plugin-api';
import { useEntity } from '@backstage/plugin-catalog-react';
import { usePermission } from '@backstage/plugin-permission-react';
import {
  InfoCard,
  Progress,
  ResponseErrorPanel,
  StructuredMetadataTable,
  Table,
  type TableColumn,
} from '@backstage/core-components';
import {
  Box,
  Button,
  Grid,
  LinearProgress,
  Tooltip,
  Typography,
} from '@material-ui/core';
import {
  multiClusterClusterScalePermission,
  multiClusterClusterUpgradePermission,
  parseQuantity,
  type FleetCluster,
  type MachineDeploymentSummary,
  type PlacedWorkload,
} from '@flotilla/plugin-multi-cluster-common';
import Alert from '@material-ui/lab/Alert';
import { multiClusterApiRef } from '../../api';
import { ClusterHealthStatus } from '../common/ClusterHealthStatus';
import { LifecycleDialog } from './ScaleDialog';
import { useRereadAfterChange } from '../common/useRereadAfterChange';
import {
  ClusterConnectivityCard,
  ClusterVirtualNodesCard,
} from '../Connectivity';

const RESOURCES = ['cpu', 'memory', 'pods', 'nvidia.com/gpu'];

function amount(text: string | undefined): number {
  if (!text) return 0;
  try {
    return Number(parseQuantity(text).nanos) / 1e9;
  } catch {
    return 0;
  }
}

function CapacityBars({ cluster }: { cluster: FleetCluster }) {
  const allocatable =
    cluster.capacity.allocatable ?? cluster.capacity.declared ?? {};
  const allocated = cluster.capacity.allocated ?? {};
  const shown = RESOURCES.filter(r => allocatable[r]);
  if (shown.length === 0) {
    return <Typography>The cluster reports no capacity.</Typography>;
  }
  return (
    <>
      {shown.map(resource => {
        const total = amount(allocatable[resource]);
        const used = amount(allocated[resource]);
        const percent = total > 0 ? Math.min(100, (100 * used) / total) : 0;
        return (
          <Box key={resource} mb={2}>
            <Typography variant="body2">
              {resource}: {allocated[resource] ?? '0'} of{' '}
              {allocatable[resource]} allocated ({Math.round(percent)}%)
            </Typography>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={`${resource} allocated`}
            />
          </Box>
        );
      })}
    </>
  );
}

const workloadColumns: TableColumn<PlacedWorkload>[] = [
  { title: 'Workload', field: 'name' },
  { title: 'Kind', field: 'kind' },
  { title: 'Namespace', field: 'namespace' },
  { title: 'Service', field: 'kubernetesId' },
  { title: 'Replicas', field: 'replicas', type: 'numeric' },
];

/** The "Cluster" tab of a kubernetes-cluster Resource: health, capacity, connectivity, lifecycle. */
export function EntityClusterContent() {
  const { entity } = useEntity();
  const api = useApi(multiClusterApiRef);
  const name = entity.metadata.name;
  const {
    value: cluster,
    loading,
    error,
    retry,
  } = useAsyncRetry(() => api.getCluster(name), [api, name]);
  const scalePermission = usePermission({
    permission: multiClusterClusterScalePermission,
    resourceRef: name,
  });
  const upgradePermission = usePermission({
    permission: multiClusterClusterUpgradePermission,
    resourceRef: name,
  });
  const [scaling, setScaling] = useState<MachineDeploymentSummary>();
  const [upgrading, setUpgrading] = useState(false);
  // After a change, and while a rollout is under way, re-read the cluster:
  // the inventory shows a change only after its next refresh.
  const rollingOut = Boolean(
    cluster?.lifecycle?.machineDeployments.some(
      md => md.phase === 'ScalingUp' || md.phase === 'ScalingDown',
    ),
  );
  const watchChange = useRereadAfterChange(retry, cluster, rollingOut);

  if (loading && !cluster) return <Progress />;
  if (error) return <ResponseErrorPanel error={error} />;
  if (!cluster) return null;

  const lifecycle = cluster.lifecycle;
  const denied = (allowed: boolean, action: string) =>
    allowed
      ? ''
      : `You are not allowed to ${action} this cluster (platform team only).`;

  const mdColumns: TableColumn<MachineDeploymentSummary>[] = [
    { title: 'MachineDeployment', field: 'name' },
    { title: 'Phase', field: 'phase' },
    { title: 'Version', field: 'version' },
    { title: 'Desired', field: 'replicas', type: 'numeric' },
    { title: 'Ready', field: 'readyReplicas', type: 'numeric' },
    {
      title: '',
      render: md => (
        <Tooltip title={denied(scalePermission.allowed, 'scale')}>
          <span>
            <Button
              size="small"
              variant="outlined"
              disabled={!scalePermission.allowed || scalePermission.loading}
              onClick={() => setScaling(md)}
              aria-label={`Scale ${md.name}`}
            >
              Scale
            </Button>
          </span>
        </Tooltip>
      ),
    },
  ];

  return (
    <Grid container spacing={3}>
      {(cluster.problems ?? []).length > 0 && (
        <Grid item xs={12}>
          <Alert severity="warning" data-testid="cluster-problems">
            <Typography variant="body2">
              The cluster reported values Flotilla could not use; those
              resources count as unavailable:
            </Typography>
            <ul>
              {cluster.problems!.map(problem => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Alert>
        </Grid>
      )}
      <Grid item xs={12} md={6}>
        <InfoCard title="Cluster">
          <StructuredMetadataTable
            metadata={{
              health: <ClusterHealthStatus cluster={cluster} />,
              region: cluster.region ?? '-',
              zones: (cluster.zones ?? []).join(', ') || '-',
              provider: cluster.provider ?? '-',
              environment: cluster.environment ?? '-',
              'kubernetes version':
                cluster.kubernetesVersion ?? lifecycle?.version ?? '-',
              sources: cluster.sources.map(s => s.id).join(', '),
              refreshed: cluster.refreshedAt,
              ...(cluster.stale
                ? { 'last error': cluster.lastError ?? 'refresh failed' }
                : {}),
            }}
          />
        </InfoCard>
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
        <InfoCard
          title="Lifecycle (Cluster API)"
          action={
            lifecycle && (
              <Tooltip title={denied(upgradePermission.allowed, 'upgrade')}>
                <span>
                  <Button
                    variant="outlined"
                    disabled={
                      !upgradePermission.allowed || upgradePermission.loading
                    }
                    onClick={() => setUpgrading(true)}
                  >
                    Upgrade
                  </Button>
                </span>
              </Tooltip>
            )
          }
        >
          {lifecycle ? (
            <>
              <Typography variant="body2" paragraph>
                Phase {lifecycle.phase ?? 'unknown'} · version{' '}
                {lifecycle.version ?? 'unknown'} · control plane{' '}
                {lifecycle.controlPlane
                  ? `${lifecycle.controlPlane.readyReplicas ?? 0}/${
                      lifecycle.controlPlane.replicas ?? 0
                    } ready`
                  : 'unknown'}
              </Typography>
              {!scalePermission.loading && !scalePermission.allowed && (
                <Typography variant="body2" color="textSecondary" paragraph>
                  {denied(false, 'scale or upgrade')}
                </Typography>
              )}
              <Table
                options={{
                  search: false,
                  paging: false,
                  padding: 'dense',
                  toolbar: false,
                }}
                columns={mdColumns}
                data={lifecycle.machineDeployments}
              />
            </>
          ) : (
            <Typography>
              No Cluster API management cluster reports this cluster. Configure
              multiCluster.clusterApi or the flotilla.io/capi-cluster
              annotation.
            </Typography>
          )}
        </InfoCard>
      </Grid>
      <Grid item xs={12}>
        <Table
          title="Workloads placed here"
          options={{ search: false, paging: false, padding: 'dense' }}
          columns={workloadColumns}
          data={cluster.workloads ?? []}
        />
      </Grid>
      {scaling && (
        <LifecycleDialog
          open
          title={`Scale ${scaling.name}`}
          label="Replicas"
          inputType="number"
          initialValue={String(scaling.replicas ?? 0)}
          submitLabel="Scale"
          onClose={() => setScaling(undefined)}
          onSubmit={async value => {
            await api.scaleCluster(name, {
              machineDeployment: scaling.name,
              replicas: Number(value),
            });
            watchChange();
          }}
        />
      )}
      {upgrading && (
        <LifecycleDialog
          open
          title={`Upgrade ${name}`}
          label="Kubernetes version (e.g. v1.31.2)"
          initialValue={lifecycle?.version ?? ''}
          submitLabel="Upgrade"
          onClose={() => setUpgrading(false)}
          onSubmit={async value => {
            await api.upgradeCluster(name, value);
            watchChange();
          }}
        />
      )}
    </Grid>
  );
}
