/** @public */
export type DrStrategyId =
  | 'active-active'
  | 'active-passive-warm'
  | 'active-passive-cold'
  | 'backup-restore';

/** @public */
export type RecoveryClass = 'near-zero' | 'seconds' | 'minutes' | 'hours';

/**
 * One disaster-recovery strategy, as data: what it can achieve, what it
 * costs, and what it asks of the fleet.
 *
 * @public
 */
export interface DrStrategy {
  id: DrStrategyId;
  title: string;
  description: string;
  /** The best RTO the strategy can typically achieve, in seconds. */
  bestRtoSeconds: number;
  /** The best RPO the strategy can typically achieve, in seconds. */
  bestRpoSeconds: number;
  rtoClass: RecoveryClass;
  rpoClass: RecoveryClass;
  complexity: 'low' | 'medium' | 'high';
  /** Infrastructure cost relative to running the service in one cluster. */
  costFactor: number;
  /** Clusters the strategy needs at the least. */
  minClusters: number;
  /** Whether a failover target must already run the service. */
  standby:
    | 'serving'
    | 'scaled-down'
    | 'provisioned-on-demand'
    | 'restored-from-backup';
}

/**
 * The four strategies, from most to least resilient. Figures are the typical
 * classes practitioners plan with; a service's own targets are checked
 * against the best a strategy can do.
 *
 * @public
 */
export const DR_STRATEGIES: Record<DrStrategyId, DrStrategy> = {
  'active-active': {
    id: 'active-active',
    title: 'Active-active',
    description:
      'Every cluster serves traffic; losing one shifts its share to the others.',
    bestRtoSeconds: 0,
    bestRpoSeconds: 0,
    rtoClass: 'near-zero',
    rpoClass: 'near-zero',
    complexity: 'high',
    costFactor: 2,
    minClusters: 2,
    standby: 'serving',
  },
  'active-passive-warm': {
    id: 'active-passive-warm',
    title: 'Active-passive (warm standby)',
    description:
      'A standby cluster runs the service scaled down (or to zero) with data replicated; failover scales it up and moves traffic.',
    bestRtoSeconds: 60,
    bestRpoSeconds: 1,
    rtoClass: 'minutes',
    rpoClass: 'seconds',
    complexity: 'medium',
    costFactor: 1.5,
    minClusters: 2,
    standby: 'scaled-down',
  },
  'active-passive-cold': {
    id: 'active-passive-cold',
    title: 'Active-passive (cold standby)',
    description:
      'A standby cluster has capacity but not the service; failover deploys it and restores data from the last replica or snapshot.',
    bestRtoSeconds: 30 * 60,
    bestRpoSeconds: 5 * 60,
    rtoClass: 'hours',
    rpoClass: 'minutes',
    complexity: 'medium',
    costFactor: 1.2,
    minClusters: 2,
    standby: 'provisioned-on-demand',
  },
  'backup-restore': {
    id: 'backup-restore',
    title: 'Backup and restore',
    description:
      'Only backups leave the primary; recovery rebuilds the service in any cluster with capacity.',
    bestRtoSeconds: 2 * 3600,
    bestRpoSeconds: 3600,
    rtoClass: 'hours',
    rpoClass: 'hours',
    complexity: 'low',
    costFactor: 1.05,
    minClusters: 1,
    standby: 'restored-from-backup',
  },
};

/** @public */
export function isDrStrategyId(value: string): value is DrStrategyId {
  return Object.prototype.hasOwnProperty.call(DR_STRATEGIES, value);
}
