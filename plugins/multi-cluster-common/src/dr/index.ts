export * from './strategies';
export * from './service';
export * from './posture';
export * from './failoverPlan';
