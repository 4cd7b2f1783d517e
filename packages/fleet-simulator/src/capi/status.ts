/**
 * The status Cluster API v1beta2 controllers write, computed from the objects
 * they own: Machines (phase, nodeRef, conditions), MachineDeployments
 * (replica counts, ScalingUp/ScalingDown/RollingOut), KubeadmControlPlanes
 * (version, RollingOut) and Clusters (controlPlane/workers summaries and the
 * Available/ControlPlaneAvailable/WorkersAvailable conditions), one file per
 * kind; and when a status write changes nothing. Pure.
 */
export { isMachineReady, machineStatus } from './machineStatus';
export {
  machineDeploymentCounts,
  machineDeploymentStatus,
  type ReplicaCounts,
} from './machineDeploymentStatus';
export { controlPlaneStatus } from './controlPlaneStatus';
export { clusterStatus } from './clusterStatus';

/** Structural equality, whatever the key order (the API server reorders keys). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const ka = Object.keys(left).filter(k => left[k] !== undefined);
  const kb = Object.keys(right).filter(k => right[k] !== undefined);
  return ka.length === kb.length && ka.every(k => deepEqual(left[k], right[k]));
}

/**
 * Whether a status write would change anything but `lastUpdated`, which
 * moves on every pass: controllers write only on change.
 */
export function sameStatus(a: unknown, b: unknown): boolean {
  const strip = (s: unknown) => {
    if (!s || typeof s !== 'object') return s;
    const { lastUpdated, ...rest } = s as Record<string, unknown>;
    return rest;
  };
  return deepEqual(strip(a), strip(b));
}
