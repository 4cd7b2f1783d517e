import { useState } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import {
  multiClusterClusterScalePermission,
  multiClusterClusterUpgradePermission,
  type MachineDeploymentSummary,
} from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';
import { useRereadAfterChange } from '../common/useRereadAfterChange';

/**
 * The cluster, whether the user may scale and upgrade it, which change dialog
 * is open, and `watchChange` to call once a change is accepted.
 */
export function useClusterLifecycle(name: string) {
  const api = useApi(multiClusterApiRef);
  const clusterState = useAsyncRetry(() => api.getCluster(name), [api, name]);
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
  const cluster = clusterState.value;
  const rollingOut = Boolean(
    cluster?.lifecycle?.machineDeployments.some(
      md => md.phase === 'ScalingUp' || md.phase === 'ScalingDown',
    ),
  );
  const watchChange = useRereadAfterChange(
    clusterState.retry,
    cluster,
    rollingOut,
  );
  return {
    clusterState,
    scalePermission,
    upgradePermission,
    scaling,
    setScaling,
    upgrading,
    setUpgrading,
    watchChange,
  };
}
