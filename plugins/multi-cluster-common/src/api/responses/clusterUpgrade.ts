import { z } from 'zod';
import type { ClusterUpgrade } from '../clusterUpgrade';
import { upgradeClusterResponseSchema } from './clusters';

/** A cluster upgrade and its steps. @public */
export const clusterUpgradeSchema = z.object({
  id: z.string(),
  cluster: z.string(),
  version: z.string(),
  previousVersion: z.string().optional(),
  management: z.enum(['classic', 'topology']),
  status: z.enum(['in-progress', 'succeeded', 'failed']),
  steps: z.array(
    z.object({
      kind: z.enum(['topology', 'control-plane', 'machine-deployment']),
      name: z.string(),
      status: z.enum(['pending', 'in-progress', 'done', 'failed']),
      detail: z.string().optional(),
      since: z.string().optional(),
    }),
  ),
  imageNote: z.string(),
  error: z.string().optional(),
  startedAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().optional(),
}) as z.ZodType<ClusterUpgrade, z.ZodTypeDef, unknown>;

/**
 * `POST /clusters/:name/upgrade`: the first write and the upgrade it
 * started, whose later steps run in the background.
 *
 * @public
 */
export const upgradeClusterStartedSchema = upgradeClusterResponseSchema.extend({
  upgrade: clusterUpgradeSchema,
});
