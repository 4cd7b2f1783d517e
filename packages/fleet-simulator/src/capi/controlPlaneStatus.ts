/**
 * The status the KubeadmControlPlane controller writes: version, replica
 * counts and the RollingOut condition of a version rollout. Pure.
 */
import {
  AVAILABLE_REASONS,
  condition,
  notSet,
  withConditions,
} from './conditions';
import { LABELS } from './model';
import type { KubeadmControlPlane } from './capiObjects';

/**
 * The control plane's status; `runningVersion` is the version it runs now
 * and `rollingTo` the one a rollout is moving it to. Control-plane Machines
 * are not modelled: its replicas are reported as they are specified.
 */
export function controlPlaneStatus(
  kcp: KubeadmControlPlane,
  runningVersion: string,
  rollingTo: string | undefined,
  now: Date,
) {
  const replicas: number = kcp.spec?.replicas ?? 1;
  const cluster = kcp.metadata?.labels?.[LABELS.clusterName];
  const rolling = Boolean(rollingTo && rollingTo !== runningVersion);
  return {
    ...(kcp.status ?? {}),
    selector: `${LABELS.clusterName}=${cluster},${LABELS.controlPlane}`,
    replicas,
    readyReplicas: replicas,
    availableReplicas: replicas,
    upToDateReplicas: rolling ? 0 : replicas,
    version: runningVersion,
    versions: [{ version: runningVersion, replicas }],
    initialization: { controlPlaneInitialized: true },
    observedGeneration: kcp.metadata?.generation,
    deprecated: {
      v1beta1: {
        readyReplicas: replicas,
        updatedReplicas: rolling ? 0 : replicas,
        unavailableReplicas: 0,
      },
    },
    conditions: withConditions(
      kcp.status?.conditions,
      [
        condition('Available', true, AVAILABLE_REASONS),
        condition('Initialized', true, ['Initialized', 'NotInitialized']),
        condition('CertificatesAvailable', true, ['Available', 'NotAvailable']),
        condition('EtcdClusterHealthy', true, ['Healthy', 'NotHealthy']),
        condition('ControlPlaneComponentsHealthy', true, [
          'Healthy',
          'NotHealthy',
        ]),
        condition('MachinesReady', true, ['Ready', 'NotReady']),
        condition(
          'MachinesUpToDate',
          !rolling,
          ['UpToDate', 'NotUpToDate'],
          rolling
            ? `${replicas} Machines at ${runningVersion}, ${rollingTo} required`
            : '',
        ),
        condition(
          'RollingOut',
          rolling,
          ['RollingOut', 'NotRollingOut'],
          rolling
            ? `Rolling out ${replicas} not up-to-date replicas: ${runningVersion} -> ${rollingTo}`
            : '',
        ),
        notSet('ScalingUp', 'NotScalingUp'),
        notSet('ScalingDown', 'NotScalingDown'),
        notSet('Remediating', 'NotRemediating'),
        notSet('Deleting', 'NotDeleting'),
        notSet('Paused', 'NotPaused'),
      ],
      now,
      kcp.metadata?.generation,
    ),
  };
}
