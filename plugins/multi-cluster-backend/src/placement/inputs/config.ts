import type { Config } from '@backstage/config';
import { durationToMilliseconds } from '@backstage/types';
import { readDurationFromConfig } from '@backstage/config';
import { z } from 'zod';
import type { LatencyMatrix } from './latency';
import type { PriceEntry } from './priceTable';

/** Where OpenCost runs on a cluster that runs it. */
export interface OpenCostConfig {
  namespace: string;
  service: string;
  port: string;
  /** OpenCost's `window`, e.g. `1d`. */
  window: string;
}

/** `multiCluster.placement`'s inputs of placement advice. */
export interface PlacementInputsConfig {
  openCost?: OpenCostConfig;
  prices: PriceEntry[];
  latency: LatencyMatrix;
  /** How long a cluster's live inputs are reused before they are read again. */
  maxAgeMs: number;
}

const ROOT = 'multiCluster.placement';
const name = z.string().trim().min(1).max(253);

const openCostSchema = z
  .object({
    namespace: name.default('opencost'),
    service: name.default('opencost'),
    port: z.union([z.number().int().min(1).max(65535), name]).default(9003),
    window: z
      .string()
      .regex(/^[0-9]{1,4}[mhd]$/, 'a duration like 30m, 24h or 7d')
      .default('1d'),
  })
  .strict();

const priceSchema = z
  .object({
    provider: name,
    region: name.optional(),
    instanceType: name,
    pricePerHour: z.number().finite().positive().max(1e6),
  })
  .strict();

/** One row per provider, region and instance type: a second would be ignored. */
const pricesSchema = z
  .array(priceSchema)
  .max(10_000)
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const key = [row.provider, row.region ?? '', row.instanceType].join('/');
      if (seen.has(key)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [index],
          message: `repeats the price of ${row.instanceType} (${row.provider} ${
            row.region ?? 'every region'
          })`,
        });
      }
      seen.add(key);
    });
  });

const latencySchema = z
  .record(name, z.record(name, z.number().finite().nonnegative().max(600_000)))
  .refine(m => Object.keys(m).length <= 1000, 'at most 1000 regions');

function check<T>(
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  value: unknown,
  key: string,
): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const at = issue.path
    .map(part => (typeof part === 'number' ? `[${part}]` : `.${part}`))
    .join('');
  throw new Error(`Invalid config ${key}${at}: ${issue.message}`);
}

/**
 * Reads and validates the inputs' config; the backend refuses to start on
 * a bad entry, naming it (`multiCluster.placement.prices[2].pricePerHour:
 * Number must be greater than 0`).
 */
export function readPlacementInputsConfig(
  config: Config,
): PlacementInputsConfig {
  const openCost = config.getOptional(`${ROOT}.openCost`);
  const prices = config.getOptional(`${ROOT}.prices`) ?? [];
  const latency = config.getOptional(`${ROOT}.latency`) ?? {};
  const maxAgeKey = `${ROOT}.inputsMaxAge`;
  const maxAgeMs = config.has(maxAgeKey)
    ? durationToMilliseconds(readDurationFromConfig(config, { key: maxAgeKey }))
    : 60_000;
  if (!(maxAgeMs >= 0 && maxAgeMs <= 86_400_000)) {
    throw new Error(`Invalid config ${maxAgeKey}: between 0 and 1 day`);
  }
  const cost =
    openCost === undefined
      ? undefined
      : check(openCostSchema, openCost, `${ROOT}.openCost`);
  return {
    openCost: cost && { ...cost, port: String(cost.port) },
    prices: check(pricesSchema, prices, `${ROOT}.prices`),
    latency: check(latencySchema, latency, `${ROOT}.latency`),
    maxAgeMs,
  };
}
