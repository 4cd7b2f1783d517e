import type { CapiInputRule } from './types';

/**
 * At least one worker pool; pool names unique, not `control-plane`, and short
 * enough that the pool's objects (named cluster-pool) fit a label value; a
 * pool's class only with a ClusterClass.
 */
export const workerPoolsAreValid: CapiInputRule = (input, issue) => {
  if (input.workers.length === 0) {
    issue('at least one worker pool is required', ['workers']);
  }
  const seen = new Set<string>();
  input.workers.forEach((worker, index) => {
    if (seen.has(worker.name)) {
      issue(`worker pool name "${worker.name}" is used twice`, [
        'workers',
        index,
        'name',
      ]);
    }
    seen.add(worker.name);
    if (worker.name === 'control-plane') {
      issue('worker pool name "control-plane" is reserved', [
        'workers',
        index,
        'name',
      ]);
    }
    const objectName = `${input.name}-${worker.name}`;
    if (objectName.length > 63) {
      issue(
        `"${objectName}" (cluster name + "-" + pool name) is longer than 63 characters; Cluster API uses it as a label value`,
        ['workers', index, 'name'],
      );
    }
    if (worker.class && !input.topology) {
      issue('class is only used with topology (a ClusterClass)', [
        'workers',
        index,
        'class',
      ]);
    }
  });
};
