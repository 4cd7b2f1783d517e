import { z } from 'zod';

/**
 * OpenCost's Allocation API answer (`GET /allocation/compute`, documented at
 * https://opencost.io/docs/integrations/api; the shape is opencost/opencost
 * `pkg/costmodel/aggregation.go` writing `core/pkg/opencost` AllocationSets):
 * `{code, data: [ {<aggregate name>: Allocation} ]}`, one map per step
 * (one with `accumulate=true`). Only the fields the price needs are read;
 * the rest of each Allocation passes.
 */
const allocationSchema = z
  .object({
    cpuCost: z.number().finite().nonnegative(),
    cpuCoreHours: z.number().finite().nonnegative(),
  })
  .passthrough();

export const openCostAnswerSchema = z.object({
  code: z.number().int(),
  message: z.string().max(2000).optional(),
  data: z
    .array(
      z
        .record(z.string().max(253), allocationSchema.nullable())
        .refine(set => Object.keys(set).length <= 1000, 'too many allocations'),
    )
    .max(100),
});

export type OpenCostAnswer = z.infer<typeof openCostAnswerSchema>;

/** A price read from OpenCost, or why there is none. */
export type OpenCostPrice =
  | { ok: true; costPerCpuHour: number; cpuCost: number; cpuCoreHours: number }
  | { ok: false; reason: string };

/**
 * The cluster's price of one CPU core for one hour over the window: the
 * CPU cost of every allocation (idle included: idle cores are paid for
 * too) over the core-hours they were allocated. E.g. cpuCost 12.5 over
 * cpuCoreHours 250 is 0.05 per CPU-hour.
 */
export function priceFromOpenCost(body: unknown): OpenCostPrice {
  const parsed = openCostAnswerSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      reason: `not an OpenCost allocation answer (${
        issue.path.join('.') || 'body'
      }: ${issue.message})`,
    };
  }
  const { code, message, data } = parsed.data;
  if (code !== 200) {
    return {
      ok: false,
      reason: `OpenCost answered code ${code}${
        message ? `: ${message.slice(0, 200)}` : ''
      }`,
    };
  }
  let cpuCost = 0;
  let cpuCoreHours = 0;
  for (const set of data) {
    for (const allocation of Object.values(set)) {
      cpuCost += allocation?.cpuCost ?? 0;
      cpuCoreHours += allocation?.cpuCoreHours ?? 0;
    }
  }
  if (cpuCoreHours <= 0) {
    return {
      ok: false,
      reason: 'OpenCost reports no CPU core-hours in the window',
    };
  }
  return {
    ok: true,
    costPerCpuHour: cpuCost / cpuCoreHours,
    cpuCost,
    cpuCoreHours,
  };
}

/** The Allocation API path behind the service proxy. */
export function openCostPath(options: {
  namespace: string;
  service: string;
  port: string | number;
  window: string;
}): string {
  const e = encodeURIComponent;
  return (
    `/api/v1/namespaces/${e(options.namespace)}/services/` +
    `${e(options.service)}:${e(
      String(options.port),
    )}/proxy/allocation/compute` +
    `?window=${e(options.window)}&aggregate=cluster&accumulate=true`
  );
}
