import { InfoCard } from '@backstage/core-components';
import { Button, Tooltip, Typography } from '@material-ui/core';
import type {
  ClusterLifecycle,
  MachineDeploymentSummary,
} from '@flotilla/plugin-multi-cluster-common';
import { MachineDeploymentsTable } from './MachineDeploymentsTable';
import { deniedReason, type PermissionState } from './permissionDenied';

function UpgradeButton(props: {
  permission: PermissionState;
  onUpgrade(): void;
}) {
  const { permission } = props;
  return (
    <Tooltip title={deniedReason(permission.allowed, 'upgrade')}>
      <span>
        <Button
          variant="outlined"
          disabled={!permission.allowed || permission.loading}
          onClick={props.onUpgrade}
        >
          Upgrade
        </Button>
      </span>
    </Tooltip>
  );
}

/** Phase, version and control plane readiness of the Cluster API cluster. */
function LifecycleSummary({ lifecycle }: { lifecycle: ClusterLifecycle }) {
  return (
    <Typography variant="body2" paragraph>
      Phase {lifecycle.phase ?? 'unknown'} · version{' '}
      {lifecycle.version ?? 'unknown'} · control plane{' '}
      {lifecycle.controlPlane
        ? `${lifecycle.controlPlane.readyReplicas ?? 0}/${
            lifecycle.controlPlane.replicas ?? 0
          } ready`
        : 'unknown'}
    </Typography>
  );
}

/** The cluster's Cluster API lifecycle, with permission-gated scale and upgrade. */
export function LifecycleCard(props: {
  lifecycle?: ClusterLifecycle;
  scalePermission: PermissionState;
  upgradePermission: PermissionState;
  onScale(md: MachineDeploymentSummary): void;
  onUpgrade(): void;
}) {
  const { lifecycle, scalePermission } = props;
  return (
    <InfoCard
      title="Lifecycle (Cluster API)"
      action={
        lifecycle && (
          <UpgradeButton
            permission={props.upgradePermission}
            onUpgrade={props.onUpgrade}
          />
        )
      }
    >
      {lifecycle ? (
        <>
          <LifecycleSummary lifecycle={lifecycle} />
          {!scalePermission.loading && !scalePermission.allowed && (
            <Typography variant="body2" color="textSecondary" paragraph>
              {deniedReason(false, 'scale or upgrade')}
            </Typography>
          )}
          <MachineDeploymentsTable
            machineDeployments={lifecycle.machineDeployments}
            scalePermission={scalePermission}
            onScale={props.onScale}
          />
        </>
      ) : (
        <Typography>
          No Cluster API management cluster reports this cluster. Configure
          multiCluster.clusterApi or the flotilla.io/capi-cluster annotation.
        </Typography>
      )}
    </InfoCard>
  );
}
