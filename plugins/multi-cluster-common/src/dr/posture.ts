import type { ClusterProfile } from '../fleet/cluster';
import { postureFacts } from './posture/facts';
import { POSTURE_RULES } from './posture/postureRules';
import type {
  DrFinding,
  DrPostureContext,
  FindingSeverity,
  ReplicaAssignment,
} from './posture/types';
import type { ServiceDrSpec } from './service';

export type {
  DrFinding,
  DrPostureContext,
  FindingSeverity,
  ReplicaAssignment,
} from './posture/types';

const SEVERITY_ORDER: FindingSeverity[] = [
  'critical',
  'high',
  'medium',
  'low',
  'info',
];

/**
 * Checks a service's DR declaration against where it runs and the fleet it
 * could fail over to. Findings come most severe first.
 *
 * @public
 */
export function assessDrPosture(
  service: ServiceDrSpec,
  placement: ReplicaAssignment,
  fleet: ClusterProfile[],
  context: DrPostureContext = {},
): DrFinding[] {
  const facts = postureFacts(service, placement, fleet, context);
  return POSTURE_RULES.flatMap(rule => rule(facts)).sort(
    (a, b) =>
      SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity),
  );
}
