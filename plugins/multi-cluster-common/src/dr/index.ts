export * from './strategies';
export * from './service';
export * from './posture';
export * from './failoverPlan';
export * from './failoverHealth';
export { type PlannedTarget } from './plannedTargets';
export * from './rollbackPlan';
export * from './replicaShift';
export * from './placementReplicas';
