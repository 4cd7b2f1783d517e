import { z } from 'zod';

/** `GET /entities/:kind/:namespace/:name/dr/history`. @public */
export const recoveryHistorySchema = z.object({
  entityRef: z.string(),
  targetRtoSeconds: z.number().nullable(),
  targetRpoSeconds: z.number().nullable(),
  items: z.array(
    z.object({
      runId: z.string(),
      kind: z.enum(['failover', 'rollback', 'drill']),
      outcome: z.enum(['succeeded', 'failed', 'cancelled']),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      rtoSeconds: z.number().nullable(),
      rtoReason: z.string().nullable(),
      rpoSeconds: z.number().nullable(),
      rpo: z.enum(['measured', 'unknown', 'not-applicable']),
    }),
  ),
});
