import {
  ChangeResourceRecordSetsCommand,
  GetChangeCommand,
  ListResourceRecordSetsCommand,
  type ResourceRecordSet,
  Route53Client,
} from '@aws-sdk/client-route-53';
import type { LoggerService } from '@backstage/backend-plugin-api';
import type {
  TrafficProvider,
  TrafficProviderFactory,
  TrafficState,
} from '@flotilla/plugin-multi-cluster-node';
import { sleep } from '../../../util/deadline';
import { StepError } from '../../../failover/steps/types';
import {
  AWS_CLIENT_DEFAULTS,
  awsCredentials,
  awsStepError,
  canonicalJson,
  toJson,
} from './aws';
import {
  ClusterMap,
  endpointsOf,
  normalizeName,
  plannedSets,
  routedSets,
  sameName,
} from './records';
import { readRoute53Settings, type Route53Settings } from './settings';

/** Pages of 300 record sets read for one name before giving up. */
const MAX_PAGES = 10;

/**
 * Route 53 failover or weighted record sets of one name (the service's
 * record) in one hosted zone, one set per cluster (SetIdentifier).
 */
export class Route53TrafficProvider implements TrafficProvider {
  readonly type = 'route53';
  readonly name: string;
  private readonly clusters: ClusterMap;
  private readonly client: Route53Client;

  constructor(
    private readonly settings: Route53Settings,
    private readonly logger: LoggerService,
  ) {
    this.name = settings.name;
    this.clusters = new ClusterMap(settings.clusters);
    this.client = new Route53Client({
      ...AWS_CLIENT_DEFAULTS,
      region: settings.region,
      credentials: awsCredentials(settings.roleArn, settings.region),
    });
  }

  async read({ record, signal }: { record: string; signal: AbortSignal }) {
    const name = normalizeName(record);
    const sets = await this.call(signal, () => this.list(name, signal));
    return this.state(name, sets);
  }

  async shift(request: Parameters<TrafficProvider['shift']>[0]) {
    const { signal } = request;
    const before = await this.read(request);
    const sets = (before.raw as unknown as { recordSets: ResourceRecordSet[] })
      .recordSets;
    const changes = plannedSets(
      sets,
      { mode: this.settings.mode, from: request.from, to: request.to },
      this.clusters,
    );
    if (!changes.length) return before;
    this.logger.info(
      `route53 ${this.name}: ${before.record} from ${
        request.from
      } to ${request.to.join(', ')} (run ${request.runId})`,
    );
    await this.upsert(changes, `flotilla ${request.runId}: shift`, signal);
    return this.read(request);
  }

  async restore({
    record,
    state,
    signal,
  }: Parameters<TrafficProvider['restore']>[0]) {
    const name = normalizeName(record);
    const wanted = savedSets(state, this.name, name);
    const current = (await this.read({ record, signal })).raw as unknown as {
      recordSets: ResourceRecordSet[];
    };
    const key = (s: ResourceRecordSet) => `${s.Type}/${s.SetIdentifier}`;
    const now = new Map(
      current.recordSets.map(s => [key(s), canonicalJson(s)]),
    );
    const changes = wanted.filter(s => now.get(key(s)) !== canonicalJson(s));
    if (changes.length) {
      await this.upsert(changes, 'flotilla: restore', signal);
    }
    return this.read({ record, signal });
  }

  private state(name: string, all: ResourceRecordSet[]): TrafficState {
    const sets = routedSets(all, this.settings.mode);
    return {
      provider: this.name,
      record: name,
      endpoints: endpointsOf(sets, this.settings.mode, this.clusters),
      raw: { recordSets: toJson(sets) },
    };
  }

  /** The name's record sets, following pages while they hold the name. */
  private async list(name: string, signal: AbortSignal) {
    const sets: ResourceRecordSet[] = [];
    let next: { name?: string; type?: string; id?: string } = { name };
    for (let page = 0; page < MAX_PAGES; page++) {
      const out = await this.client.send(
        new ListResourceRecordSetsCommand({
          HostedZoneId: this.settings.hostedZoneId,
          StartRecordName: next.name,
          StartRecordType: next.type as never,
          StartRecordIdentifier: next.id,
        }),
        { abortSignal: signal },
      );
      const page_ = out.ResourceRecordSets ?? [];
      sets.push(...page_.filter(s => sameName(s.Name, name)));
      const leftName = page_.some(s => !sameName(s.Name, name));
      if (!out.IsTruncated || leftName || !sameName(out.NextRecordName, name)) {
        return sets;
      }
      next = {
        name: out.NextRecordName,
        type: out.NextRecordType,
        id: out.NextRecordIdentifier,
      };
    }
    throw new StepError(`route53: more than ${MAX_PAGES} pages of ${name}`, {
      retryable: false,
    });
  }

  /** UPSERTs `sets` in one batch, then waits until Route 53 says INSYNC. */
  private async upsert(
    sets: ResourceRecordSet[],
    comment: string,
    signal: AbortSignal,
  ) {
    const info = await this.call(signal, async () => {
      const out = await this.client.send(
        new ChangeResourceRecordSetsCommand({
          HostedZoneId: this.settings.hostedZoneId,
          ChangeBatch: {
            Comment: comment.slice(0, 256),
            Changes: sets.map(s => ({
              Action: 'UPSERT',
              ResourceRecordSet: s,
            })),
          },
        }),
        { abortSignal: signal },
      );
      return out.ChangeInfo;
    });
    await this.untilInSync(info?.Id, info?.Status, signal);
  }

  private async untilInSync(
    id: string | undefined,
    status: string | undefined,
    signal: AbortSignal,
  ) {
    const deadline = Date.now() + this.settings.syncTimeoutMs;
    let current = status;
    while (id && current !== 'INSYNC') {
      if (Date.now() >= deadline) {
        throw new StepError(
          `route53: change ${id} still ${current} after ${Math.round(
            this.settings.syncTimeoutMs / 1000,
          )} s`,
        );
      }
      await sleep(this.settings.syncPollIntervalMs, signal);
      const out = await this.call(signal, () =>
        this.client.send(new GetChangeCommand({ Id: id }), {
          abortSignal: signal,
        }),
      );
      current = out.ChangeInfo?.Status;
    }
  }

  private async call<T>(signal: AbortSignal, work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      throw awsStepError('route53', error, signal);
    }
  }
}

/**
 * The record sets a state read before holds, checked: only this
 * provider's sets of this name are written back.
 */
function savedSets(
  state: TrafficState,
  provider: string,
  name: string,
): ResourceRecordSet[] {
  const raw = state.raw as unknown as { recordSets?: unknown } | null;
  const sets = Array.isArray(raw?.recordSets) ? raw.recordSets : undefined;
  const valid =
    state.provider === provider &&
    sets?.every(
      s =>
        typeof s === 'object' &&
        s !== null &&
        sameName((s as ResourceRecordSet).Name, name) &&
        typeof (s as ResourceRecordSet).SetIdentifier === 'string',
    );
  if (!sets || !valid) {
    throw new StepError(
      `route53: the saved state is not ${provider}'s state of ${name}`,
      { retryable: false },
    );
  }
  return sets as ResourceRecordSet[];
}

/** `type: route53`: see the README's "Cloud traffic providers". */
export const route53TrafficProviderFactory: TrafficProviderFactory = ({
  config,
  logger,
}) => new Route53TrafficProvider(readRoute53Settings(config), logger);
