import { StepError, StepExecutor } from './types';

/**
 * Records the source's health. A healthy source stops the run unless the
 * request was forced (a drill is always forced).
 */
export const precheckSource: StepExecutor = async ({ step, deps }) => {
  const { cluster, force } = step.params as { cluster: string; force: boolean };
  const source = await deps.inventory.getCluster(cluster);
  const health = source?.health.status ?? 'missing';
  const output = {
    cluster,
    health,
    message: source?.health.message,
    checkedAt: source?.health.checkedAt,
    forced: force,
  };
  if (health === 'healthy' && !force) {
    throw new StepError(
      `${cluster} still reports healthy; refusing to fail over from a healthy cluster without force: true`,
      { retryable: false },
    );
  }
  return { output };
};
