import Cloudflare from 'cloudflare';
import type { Config } from '@backstage/config';
import type { LoggerService } from '@backstage/backend-plugin-api';
import type {
  TrafficProvider,
  TrafficProviderFactory,
  TrafficState,
} from '@flotilla/plugin-multi-cluster-node';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import type { JsonObject } from '@backstage/types';
import { z } from 'zod';
import { StepError } from '../../../failover/steps/types';
import { canonicalJson, toJson } from '../route53/aws';
import {
  endpointsOf,
  parseRecord,
  type PoolRouting,
  READ_ONLY,
  shiftedRouting,
} from './loadBalancer';

const POOL_ID = z.string().regex(/^[0-9a-f]{32}$/, 'a pool id');

const settingsSchema = z.object({
  name: z.string().min(1).max(128),
  accountId: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
  apiToken: z.string().min(1).max(1024),
  /** cluster → the id of the pool of that cluster's origins. */
  pools: z.record(POOL_ID),
});

type Settings = z.infer<typeof settingsSchema>;
type LoadBalancerParams = Parameters<Cloudflare['loadBalancers']['update']>[1];
type LoadBalancerPatch = Parameters<Cloudflare['loadBalancers']['edit']>[1];

/**
 * A Cloudflare load balancer (the service's record: `<zoneId>/<id>`) whose
 * pools are the clusters: a shift puts `to`'s pools first and takes
 * `from`'s out of its pool lists; restore PUTs back what was read.
 */
export class CloudflareTrafficProvider implements TrafficProvider {
  readonly type = 'cloudflare';
  readonly name: string;
  private readonly client: Cloudflare;

  constructor(
    private readonly settings: Settings,
    private readonly logger: LoggerService,
  ) {
    this.name = settings.name;
    this.client = new Cloudflare({
      apiToken: settings.apiToken,
      // Only the token: the SDK would otherwise pick keys from the environment.
      apiKey: null,
      apiEmail: null,
      userServiceKey: null,
      baseURL: 'https://api.cloudflare.com/client/v4',
      // The failover step retries with its own backoff.
      maxRetries: 0,
      timeout: 30_000,
    });
  }

  async read({ record, signal }: { record: string; signal: AbortSignal }) {
    const { scope, id } = parseRecord(record, this.settings.accountId);
    const lb = await this.call(signal, () =>
      this.client.loadBalancers.get(id, scope, { signal }),
    );
    return this.state(record, toJson(lb) as JsonObject);
  }

  async shift(request: Parameters<TrafficProvider['shift']>[0]) {
    const { record, signal } = request;
    const before = await this.read(request);
    const pools = this.settings.pools;
    const to = request.to.map(c => pools[c]).filter((p): p is string => !!p);
    const patch = shiftedRouting(
      before.raw as PoolRouting,
      pools[request.from],
      to,
    );
    if (!Object.keys(patch).length) return before;
    this.logger.info(
      `cloudflare ${this.name}: ${record} from ${
        request.from
      } to ${request.to.join(', ')} (run ${request.runId})`,
    );
    const { scope, id } = parseRecord(record, this.settings.accountId);
    const after = await this.call(signal, () =>
      this.client.loadBalancers.edit(
        id,
        { ...scope, ...patch } as LoadBalancerPatch,
        { signal },
      ),
    );
    return this.state(record, toJson(after) as JsonObject);
  }

  async restore({
    record,
    state,
    signal,
  }: Parameters<TrafficProvider['restore']>[0]) {
    const { scope, id } = parseRecord(record, this.settings.accountId);
    const saved = savedLoadBalancer(state, this.name, record, id);
    const current = await this.read({ record, signal });
    if (
      canonicalJson(writable(current.raw as JsonObject)) ===
      canonicalJson(saved)
    ) {
      return current;
    }
    const after = await this.call(signal, () =>
      this.client.loadBalancers.update(
        id,
        { ...scope, ...saved } as LoadBalancerParams,
        { signal },
      ),
    );
    return this.state(record, toJson(after) as JsonObject);
  }

  private state(record: string, lb: JsonObject): TrafficState {
    return {
      provider: this.name,
      record,
      endpoints: endpointsOf(lb as PoolRouting, this.settings.pools),
      raw: lb,
    };
  }

  private async call<T>(signal: AbortSignal, work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      throw cloudflareStepError(error, signal);
    }
  }
}

/**
 * A Cloudflare API error as a short StepError: `cloudflare: HTTP 403:
 * <first error> (<code>)`, retryable for 429, 5xx and connection errors.
 */
export function cloudflareStepError(
  error: unknown,
  signal: AbortSignal,
): Error {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    return reason instanceof Error ? reason : new Error(String(reason));
  }
  if (error instanceof StepError) return error;
  if (!(error instanceof Cloudflare.APIError) || error.status === undefined) {
    const message = error instanceof Error ? error.message : String(error);
    return new StepError(`cloudflare: ${sanitizeForLog(message, 160)}`);
  }
  const first = error.errors[0];
  const detail = first
    ? `${sanitizeForLog(first.message ?? '', 160)}${
        first.code ? ` (${first.code})` : ''
      }`
    : 'no error detail';
  return new StepError(`cloudflare: HTTP ${error.status}: ${detail}`, {
    retryable: error.status === 429 || error.status >= 500,
  });
}

/** What a PUT may carry of a load balancer as read. */
function writable(lb: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(lb).filter(([k]) => !READ_ONLY.includes(k)),
  );
}

function savedLoadBalancer(
  state: TrafficState,
  provider: string,
  record: string,
  id: string,
): JsonObject {
  const raw = state.raw;
  const valid =
    state.provider === provider &&
    state.record === record &&
    typeof raw === 'object' &&
    raw !== null &&
    !Array.isArray(raw) &&
    raw.id === id &&
    Array.isArray(raw.default_pools) &&
    typeof raw.fallback_pool === 'string';
  if (!valid) {
    throw new StepError(
      `cloudflare: the saved state is not ${provider}'s state of this load balancer`,
      { retryable: false },
    );
  }
  return writable(raw as JsonObject);
}

function readSettings(config: Config): Settings {
  const parsed = settingsSchema.safeParse(config.get());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `traffic provider ${
        config.getOptionalString('name') ?? '?'
      } (cloudflare): ` + `${issue.path.join('.')}: ${issue.message}`,
    );
  }
  return parsed.data;
}

/** `type: cloudflare`: see the README's "Cloud traffic providers". */
export const cloudflareTrafficProviderFactory: TrafficProviderFactory = ({
  config,
  logger,
}) => new CloudflareTrafficProvider(readSettings(config), logger);
