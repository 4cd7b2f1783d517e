/**
 * The status Cluster API's Machine controller writes: phase, nodeRef and
 * nodeInfo of the joined Node, and the v1beta2 conditions. Pure.
 */
import {
  AVAILABLE_REASONS,
  condition,
  notSet,
  timestamp,
  withConditions,
} from './conditions';
import { isDeleting } from './decisions';
import type { Machine, MachineStatus, NodeInfo } from './capiObjects';

/** Ready Machines: a Node joined and the Machine is not going away. */
export const isMachineReady = (m: Machine) =>
  !isDeleting(m) &&
  Boolean(m?.status?.nodeRef) &&
  ['Running', 'Updating'].includes(m?.status?.phase ?? '');

export function machineStatus(
  machine: Machine,
  phase: 'Provisioning' | 'Running' | 'Updating' | 'Deleting',
  now: Date,
  node?: {
    name: string;
    nodeInfo?: NodeInfo;
    addresses?: MachineStatus['addresses'];
  },
): MachineStatus {
  const status: MachineStatus = { ...(machine.status ?? {}) };
  const joined = node ?? status.nodeRef;
  const version = machine.spec?.version;
  const nodeInfo = node?.nodeInfo ?? status.nodeInfo;
  const upToDate = !joined || !version || nodeInfo?.kubeletVersion === version;
  const ready = Boolean(joined) && phase !== 'Deleting';
  const provisioned = Boolean(joined);
  if (node) {
    status.nodeRef = { name: node.name };
    status.nodeInfo = node.nodeInfo;
    status.addresses = node.addresses;
  }
  status.phase = phase;
  status.failureDomain = machine.spec?.failureDomain;
  status.initialization = {
    bootstrapDataSecretCreated: true,
    infrastructureProvisioned: provisioned,
  };
  status.lastUpdated = timestamp(now);
  status.observedGeneration = machine.metadata?.generation;
  status.conditions = withConditions(
    status.conditions,
    [
      condition('BootstrapConfigReady', true, ['Ready', 'NotReady']),
      condition(
        'InfrastructureReady',
        provisioned,
        ['Ready', 'NotReady'],
        provisioned ? '' : 'Instance is being provisioned',
      ),
      condition(
        'NodeReady',
        ready,
        ['NodeReady', 'NodeNotReady'],
        joined ? '' : 'Waiting for a Node with spec.providerID to exist',
      ),
      condition('NodeHealthy', ready, ['NodeHealthy', 'NodeNotHealthy']),
      condition(
        'UpToDate',
        upToDate,
        ['UpToDate', 'NotUpToDate'],
        upToDate
          ? ''
          : `Version ${nodeInfo?.kubeletVersion}, ${version} required`,
      ),
      condition('Ready', ready, ['Ready', 'NotReady']),
      condition('Available', ready, AVAILABLE_REASONS),
      phase === 'Deleting'
        ? {
            type: 'Deleting',
            status: 'True',
            reason: 'DrainingNode',
            message: `Drain and delete Node ${joined?.name ?? ''}`.trim(),
          }
        : notSet('Deleting', 'NotDeleting'),
      notSet('Paused', 'NotPaused'),
    ],
    now,
    machine.metadata?.generation,
  );
  return status;
}
