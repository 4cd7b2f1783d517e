import {
  activeActiveNPlusOneRule,
  activeActiveSpreadRule,
} from './rules/activeActive';
import { failoverTargetReachabilityRule } from './rules/failoverTargetReachability';
import {
  rpoUnachievableRule,
  rtoUnachievableRule,
} from './rules/recoveryTargets';
import { restoreTargetRule } from './rules/restoreTarget';
import { notRunningRule, runningClustersRule } from './rules/runningClusters';
import {
  standbyCapacityRule,
  standbyHealthRule,
  standbyPlacementRule,
} from './rules/standby';
import type { PostureRule } from './facts';

/**
 * Every posture rule, in report order: findings of equal severity keep the
 * order their rules have here.
 */
export const POSTURE_RULES: readonly PostureRule[] = [
  rtoUnachievableRule,
  rpoUnachievableRule,
  runningClustersRule,
  notRunningRule,
  activeActiveSpreadRule,
  activeActiveNPlusOneRule,
  standbyPlacementRule,
  standbyHealthRule,
  standbyCapacityRule,
  restoreTargetRule,
  failoverTargetReachabilityRule,
];
