import type { Config } from '@backstage/config';
import { z } from 'zod';
import { durationMs } from './aws';
import type { Route53Mode } from './records';

const route53Settings = z.object({
  name: z.string().min(1).max(128),
  hostedZoneId: z
    .string()
    .regex(
      /^(\/hostedzone\/)?[A-Z0-9]{1,32}$/,
      'a hosted zone id, e.g. Z0123ABC',
    ),
  region: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d{1,2}$/)
    .optional(),
  roleArn: z
    .string()
    .regex(/^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/)
    .optional(),
  mode: z.enum(['failover', 'weighted']),
  clusters: z.record(z.string().min(1).max(128)).optional(),
});

export interface Route53Settings {
  name: string;
  hostedZoneId: string;
  region: string;
  roleArn?: string;
  mode: Route53Mode;
  /** cluster → SetIdentifier, where they differ. */
  clusters: Record<string, string>;
  syncTimeoutMs: number;
  syncPollIntervalMs: number;
}

/** Reads and checks one `type: route53` entry; a bad entry fails startup. */
export function readRoute53Settings(config: Config): Route53Settings {
  const parsed = route53Settings.safeParse(config.get());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `traffic provider ${
        config.getOptionalString('name') ?? '?'
      } (route53): ` + `${issue.path.join('.')}: ${issue.message}`,
    );
  }
  const { hostedZoneId, region, clusters, ...rest } = parsed.data;
  return {
    ...rest,
    hostedZoneId: hostedZoneId.replace(/^\/hostedzone\//, ''),
    // Route 53 is global; its API signs for us-east-1.
    region: region ?? 'us-east-1',
    clusters: clusters ?? {},
    syncTimeoutMs: durationMs(config, 'syncTimeout', 180_000),
    syncPollIntervalMs: durationMs(config, 'syncPollInterval', 5_000),
  };
}
