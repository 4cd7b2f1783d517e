import {
  DescribeEndpointGroupCommand,
  type EndpointConfiguration,
  GlobalAcceleratorClient,
  UpdateEndpointGroupCommand,
} from '@aws-sdk/client-global-accelerator';
import type { Config } from '@backstage/config';
import type { LoggerService } from '@backstage/backend-plugin-api';
import type {
  TrafficEndpoint,
  TrafficProvider,
  TrafficProviderFactory,
  TrafficState,
} from '@flotilla/plugin-multi-cluster-node';
import { z } from 'zod';
import { StepError } from '../../../failover/steps/types';
import {
  AWS_CLIENT_DEFAULTS,
  awsCredentials,
  awsStepError,
  canonicalJson,
  evenShare,
  toJson,
} from '../route53/aws';

/** Global Accelerator's API is served from us-west-2 only. */
const GA_REGION = 'us-west-2';

const ENDPOINT_GROUP_ARN =
  /^arn:aws[a-z-]*:globalaccelerator::\d{12}:accelerator\/[\w-]{1,64}\/listener\/[\w-]{1,64}\/endpoint-group\/[\w-]{1,64}$/;

const settingsSchema = z.object({
  name: z.string().min(1).max(128),
  roleArn: z
    .string()
    .regex(/^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/)
    .optional(),
  /** cluster → endpoint id (an ALB/NLB ARN, an EIP allocation, an instance). */
  clusters: z.record(z.string().min(1).max(255)),
});

/** The writable state of an endpoint group, as `raw`. */
interface GroupState {
  endpointConfigurations: EndpointConfiguration[];
  trafficDialPercentage?: number;
}

/**
 * The endpoints of one Global Accelerator endpoint group (the service's
 * record is its ARN): shifting sets `from`'s weight to 0 and shares it
 * evenly over `to`'s, and opens a dial left at 0.
 */
export class GlobalAcceleratorTrafficProvider implements TrafficProvider {
  readonly type = 'global-accelerator';
  readonly name: string;
  private readonly client: GlobalAcceleratorClient;
  private readonly clusterOf: Map<string, string>;

  constructor(
    private readonly settings: z.infer<typeof settingsSchema>,
    private readonly logger: LoggerService,
  ) {
    this.name = settings.name;
    this.clusterOf = new Map(
      Object.entries(settings.clusters).map(([c, id]) => [id, c]),
    );
    this.client = new GlobalAcceleratorClient({
      ...AWS_CLIENT_DEFAULTS,
      region: GA_REGION,
      credentials: awsCredentials(settings.roleArn, GA_REGION),
    });
  }

  async read({ record, signal }: { record: string; signal: AbortSignal }) {
    const arn = checkArn(record);
    const out = await this.call(signal, () =>
      this.client.send(
        new DescribeEndpointGroupCommand({ EndpointGroupArn: arn }),
        { abortSignal: signal },
      ),
    );
    const group: GroupState = {
      endpointConfigurations: (
        out.EndpointGroup?.EndpointDescriptions ?? []
      ).map(d => ({
        EndpointId: d.EndpointId,
        Weight: d.Weight,
        ClientIPPreservationEnabled: d.ClientIPPreservationEnabled,
      })),
      trafficDialPercentage: out.EndpointGroup?.TrafficDialPercentage,
    };
    return this.state(arn, group);
  }

  async shift(request: Parameters<TrafficProvider['shift']>[0]) {
    const before = await this.read(request);
    const group = before.raw as unknown as GroupState;
    const next = this.shifted(group, request.from, request.to);
    if (canonicalJson(next) === canonicalJson(group)) return before;
    this.logger.info(
      `global-accelerator ${this.name}: ${before.record} from ${
        request.from
      } to ${request.to.join(', ')} (run ${request.runId})`,
    );
    await this.update(before.record, next, group, request.signal);
    return this.read(request);
  }

  async restore({
    record,
    state,
    signal,
  }: Parameters<TrafficProvider['restore']>[0]) {
    const arn = checkArn(record);
    const saved = savedGroup(state, this.name, arn);
    const current = (await this.read({ record, signal }))
      .raw as unknown as GroupState;
    if (canonicalJson(current) !== canonicalJson(saved)) {
      await this.update(arn, saved, current, signal);
    }
    return this.read({ record, signal });
  }

  private shifted(group: GroupState, from: string, to: string[]): GroupState {
    const fromId = this.settings.clusters[from];
    const toIds = new Set(to.flatMap(c => this.settings.clusters[c] ?? []));
    const isTo = (id?: string) => id !== undefined && toIds.has(id);
    const configs = group.endpointConfigurations;
    const targets = configs.filter(e => isTo(e.EndpointId));
    if (!targets.length) {
      throw new StepError(
        `global-accelerator: no endpoint of ${to.join(
          ', ',
        )} in the endpoint group`,
        { retryable: false },
      );
    }
    const moved = configs.filter(
      e => e.EndpointId === fromId || isTo(e.EndpointId),
    );
    const share = evenShare(
      moved.reduce((sum, e) => sum + (e.Weight ?? 0), 0),
      targets.length,
    );
    return {
      endpointConfigurations: configs.map(e => {
        if (e.EndpointId === fromId) return { ...e, Weight: 0 };
        return isTo(e.EndpointId) ? { ...e, Weight: share } : e;
      }),
      // A dial at 0 sends none of the group's users anywhere.
      trafficDialPercentage:
        group.trafficDialPercentage === 0 ? 100 : group.trafficDialPercentage,
    };
  }

  private async update(
    arn: string,
    next: GroupState,
    now: GroupState,
    signal: AbortSignal,
  ) {
    const dial = next.trafficDialPercentage;
    await this.call(signal, () =>
      this.client.send(
        new UpdateEndpointGroupCommand({
          EndpointGroupArn: arn,
          // The whole list: UpdateEndpointGroup replaces the group's endpoints.
          EndpointConfigurations: next.endpointConfigurations,
          ...(dial !== undefined && dial !== now.trafficDialPercentage
            ? { TrafficDialPercentage: dial }
            : {}),
        }),
        { abortSignal: signal },
      ),
    );
  }

  private state(arn: string, group: GroupState): TrafficState {
    const dial = group.trafficDialPercentage ?? 100;
    const endpoints: TrafficEndpoint[] = group.endpointConfigurations.map(
      e => ({
        cluster: this.clusterOf.get(e.EndpointId ?? ''),
        target: e.EndpointId ?? '',
        weight: e.Weight,
        enabled: dial > 0 && (e.Weight ?? 128) > 0,
      }),
    );
    return { provider: this.name, record: arn, endpoints, raw: toJson(group) };
  }

  private async call<T>(signal: AbortSignal, work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      throw awsStepError('global-accelerator', error, signal);
    }
  }
}

function checkArn(record: string): string {
  if (!ENDPOINT_GROUP_ARN.test(record)) {
    throw new StepError(
      'global-accelerator: the record is not an endpoint group ARN',
      {
        retryable: false,
      },
    );
  }
  return record;
}

const savedSchema = z.object({
  endpointConfigurations: z
    .array(
      z
        .object({
          EndpointId: z.string().min(1).max(255),
          Weight: z.number().int().min(0).max(255).optional(),
          ClientIPPreservationEnabled: z.boolean().optional(),
        })
        .strict(),
    )
    .max(100),
  trafficDialPercentage: z.number().min(0).max(100).optional(),
});

function savedGroup(
  state: TrafficState,
  provider: string,
  arn: string,
): GroupState {
  const parsed = savedSchema.safeParse(state.raw);
  if (state.provider !== provider || state.record !== arn || !parsed.success) {
    throw new StepError(
      `global-accelerator: the saved state is not ${provider}'s state of this endpoint group`,
      { retryable: false },
    );
  }
  return parsed.data;
}

function readSettings(config: Config) {
  const parsed = settingsSchema.safeParse(config.get());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `traffic provider ${
        config.getOptionalString('name') ?? '?'
      } (global-accelerator): ` + `${issue.path.join('.')}: ${issue.message}`,
    );
  }
  return parsed.data;
}

/** `type: global-accelerator`: see the README's "Cloud traffic providers". */
export const globalAcceleratorTrafficProviderFactory: TrafficProviderFactory =
  ({ config, logger }) =>
    new GlobalAcceleratorTrafficProvider(readSettings(config), logger);
