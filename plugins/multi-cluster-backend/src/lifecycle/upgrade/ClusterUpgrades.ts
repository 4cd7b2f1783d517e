import type {
  ClusterUpgrade,
  ClusterUpgradeStep,
} from '@flotilla/plugin-multi-cluster-common';
import type { ClusterLifecycle } from '@flotilla/plugin-multi-cluster-node';
import { randomUUID } from 'node:crypto';
import type { UpgradeClusterResult } from '../types';
import { ClusterUpgradeStore, StoredUpgrade } from './ClusterUpgradeStore';

/** What every upgrade answers about machine images. */
export const MACHINE_IMAGE_NOTE =
  'Flotilla changes Kubernetes versions only. The control plane and each MachineDeployment keep their infrastructure machine template, so its machine image must hold the new kubelet and kubeadm (Cluster API: "Upgrading workload clusters", Images): check the AWSMachineTemplate ami, GCPMachineTemplate image or imageFamily and AzureMachineTemplate image, and where one pins an image for the old version, point the object at a new template first (templates are immutable; CAPA and CAPZ look an image up by version when none is set).';

function publicView(upgrade: StoredUpgrade): ClusterUpgrade {
  const { lifecycle: _l, actor: _a, revision: _r, ...view } = upgrade;
  return view;
}

function initialSteps(
  lifecycle: ClusterLifecycle,
  result: UpgradeClusterResult,
): ClusterUpgradeStep[] {
  const since = new Date().toISOString();
  const workers = lifecycle.machineDeployments
    .map(md => md.name)
    .sort((a, b) => a.localeCompare(b))
    .map(name => ({
      kind: 'machine-deployment' as const,
      name,
      status: 'pending' as const,
    }));
  const controlPlane = {
    kind: 'control-plane' as const,
    name: lifecycle.controlPlane?.name ?? 'control plane',
  };
  return result.target === 'topology'
    ? [
        {
          kind: 'topology',
          name: 'spec.topology.version',
          status: 'in-progress',
          detail: `set to ${result.version}`,
          since,
        },
        { ...controlPlane, status: 'pending' },
        ...workers,
      ]
    : [
        {
          ...controlPlane,
          status: 'in-progress',
          detail: `spec.version set to ${result.version}`,
          since,
        },
        ...workers,
      ];
}

/** Starts and reads cluster upgrades; the worker takes them further. */
export class ClusterUpgrades {
  constructor(
    private readonly options: {
      store: ClusterUpgradeStore;
      /** Asks the worker for a pass soon. */
      wake: () => void;
    },
  ) {}

  async start(
    cluster: string,
    lifecycle: ClusterLifecycle,
    result: UpgradeClusterResult,
    actor: string,
  ): Promise<ClusterUpgrade> {
    const now = new Date().toISOString();
    const stored = await this.options.store.create({
      id: randomUUID(),
      cluster,
      lifecycle,
      version: result.version,
      ...(result.previousVersion
        ? { previousVersion: result.previousVersion }
        : {}),
      management: result.target === 'topology' ? 'topology' : 'classic',
      status: 'in-progress',
      steps: initialSteps(lifecycle, result),
      actor,
      startedAt: now,
      updatedAt: now,
    });
    this.options.wake();
    return publicView(stored);
  }

  async latest(cluster: string): Promise<ClusterUpgrade | undefined> {
    const stored = await this.options.store.latest(cluster);
    return stored ? publicView(stored) : undefined;
  }
}
