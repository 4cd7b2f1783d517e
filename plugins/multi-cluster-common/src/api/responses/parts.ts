import { z } from 'zod';

// Shapes several answers share.

export const stringMap = z.record(z.string(), z.string());
/** Quantities keyed by resource name (`cpu`, `memory`, ...). */
export const resourceListSchema = stringMap;
export const strings = z.array(z.string());
/** A Kubernetes condition as the answers summarise it. */
export const conditionSummarySchema = z.object({
  status: z.string(),
  reason: z.string().optional(),
  message: z.string().optional(),
});
