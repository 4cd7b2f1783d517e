import type { CapiInputRule } from './types';

/** Docker machines have no machine type (outside a ClusterClass). */
export const dockerHasNoMachineTypes: CapiInputRule = (input, issue) => {
  if (input.provider !== 'docker') return;
  const withType = input.workers.findIndex(w => w.machineType !== undefined);
  if (input.controlPlane.machineType !== undefined && !input.topology) {
    issue('machineType does not apply to provider docker', [
      'controlPlane',
      'machineType',
    ]);
  }
  if (withType >= 0 && !input.topology) {
    issue('machineType does not apply to provider docker', [
      'workers',
      withType,
      'machineType',
    ]);
  }
};
