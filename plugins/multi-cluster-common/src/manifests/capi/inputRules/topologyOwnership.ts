import type { CapiInputRule } from './types';

/**
 * With a ClusterClass, the class owns the audit settings, and machine types
 * reach it only through its machine type variable.
 */
export const topologyOwnsClassSettings: CapiInputRule = (input, issue) => {
  if (!input.topology) return;
  if (input.audit) {
    issue(
      'audit settings are owned by the ClusterClass in topology mode; set them in its KubeadmControlPlaneTemplate',
      ['audit'],
    );
  }
  const hasMachineTypes =
    input.controlPlane.machineType !== undefined ||
    input.workers.some(w => w.machineType !== undefined);
  if (hasMachineTypes && !input.topology.machineTypeVariable) {
    issue(
      'machine types come from the ClusterClass in topology mode; set topology.machineTypeVariable to pass them as a ClusterClass variable',
      ['topology', 'machineTypeVariable'],
    );
  }
};
