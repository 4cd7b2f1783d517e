import type {
  TrafficProvider,
  TrafficProviderFactory,
  TrafficState,
} from '@flotilla/plugin-multi-cluster-node';
import { TrafficProviderError } from '../errors';
import { onlyKeys } from '../settings';
import { postWebhook, WebhookTarget } from './postWebhook';

/**
 * Traffic through a webhook of the operator's: POSTs
 * `{ entityRef, from, to, runId }` on a shift and the same with
 * `revert: true` (the rollback's route) on a restore. A webhook answers
 * nothing Flotilla can read back, so `read` knows no endpoints
 * (`raw: null`), and says so rather than guess.
 */
export class WebhookTrafficProvider implements TrafficProvider {
  readonly type = 'webhook';

  constructor(readonly name: string, private readonly target: WebhookTarget) {}

  async read(request: { record: string }): Promise<TrafficState> {
    return this.unknown(request.record);
  }

  async shift(request: Parameters<TrafficProvider['shift']>[0]) {
    await postWebhook(
      this.target,
      {
        entityRef: request.entityRef,
        from: request.from,
        to: request.to,
        runId: request.runId,
      },
      request.signal,
    );
    return this.unknown(request.record);
  }

  async restore(request: Parameters<TrafficProvider['restore']>[0]) {
    const { route } = request;
    if (!route) {
      throw new TrafficProviderError(
        'the webhook cannot restore a state it never read: it needs the route back',
      );
    }
    await postWebhook(
      this.target,
      {
        entityRef: route.entityRef,
        from: route.from,
        to: route.to,
        runId: route.runId,
        revert: true,
      },
      request.signal,
    );
    return this.unknown(request.record);
  }

  private unknown(record: string): TrafficState {
    return { provider: this.name, record, endpoints: [], raw: null };
  }
}

/** The `webhook` type of `multiCluster.traffic.providers`. */
export const createWebhookTrafficProvider: TrafficProviderFactory = ({
  config,
}) => {
  onlyKeys(config, ['name', 'type', 'url', 'token']);
  const url = config.getString('url');
  if (!/^https?:\/\//.test(url)) {
    throw new Error('url must be an http(s) URL');
  }
  return new WebhookTrafficProvider(config.getString('name'), {
    url,
    token: config.getOptionalString('token'),
  });
};
