import type { Config } from '@backstage/config';
import type { LoggerService } from '@backstage/backend-plugin-api';
import type {
  ClusterClientFactory,
  KubernetesClient,
  TrafficProvider,
  TrafficProviderFactory,
} from '@flotilla/plugin-multi-cluster-node';
import { BUILT_IN_TRAFFIC_PROVIDERS } from './builtInProviders';
import { messageOf } from './settings';
import { WebhookTrafficProvider } from './webhook';

/** Provider names are what `flotilla.io/traffic-provider` holds: DNS labels. */
const PROVIDER_NAME = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/** The implicit provider of `multiCluster.failover.traffic.webhook`. */
export const LEGACY_WEBHOOK_PROVIDER = 'webhook';

/** What the failover steps read of the registry. */
export interface TrafficProviderRegistry {
  get(name: string): TrafficProvider | undefined;
}

export interface TrafficProvidersOptions {
  /** The root config: `multiCluster.traffic.providers` and the legacy webhook. */
  config: Config;
  logger: LoggerService;
  clients: ClusterClientFactory;
  clusterClient?: (cluster: string) => Promise<KubernetesClient | undefined>;
  /** Types added through the extension point. */
  types?: ReadonlyMap<string, TrafficProviderFactory>;
}

/**
 * The configured traffic providers by name (`multiCluster.traffic.providers`),
 * each built by the factory of its `type` when the plugin starts: an unknown
 * type, a duplicate name or a setting its factory refuses stops the start
 * with a message naming the entry.
 */
export class TrafficProviders implements TrafficProviderRegistry {
  private constructor(
    private readonly providers: ReadonlyMap<string, TrafficProvider>,
  ) {}

  static create(options: TrafficProvidersOptions): TrafficProviders {
    const factories = new Map<string, TrafficProviderFactory>([
      ...Object.entries(BUILT_IN_TRAFFIC_PROVIDERS),
      ...(options.types ?? []),
    ]);
    const providers = new Map<string, TrafficProvider>();
    const entries =
      options.config.getOptionalConfigArray('multiCluster.traffic.providers') ??
      [];
    entries.forEach((entry, index) => {
      const provider = buildEntry(entry, index, factories, options);
      if (providers.has(provider.name)) {
        throw new Error(
          `multiCluster.traffic.providers[${index}]: the name '${provider.name}' is used twice`,
        );
      }
      providers.set(provider.name, provider);
    });
    const legacy = legacyWebhook(options.config);
    if (legacy && !providers.has(LEGACY_WEBHOOK_PROVIDER)) {
      providers.set(LEGACY_WEBHOOK_PROVIDER, legacy);
    }
    return new TrafficProviders(providers);
  }

  get(name: string): TrafficProvider | undefined {
    return this.providers.get(name);
  }

  names(): string[] {
    return [...this.providers.keys()];
  }
}

function buildEntry(
  entry: Config,
  index: number,
  factories: ReadonlyMap<string, TrafficProviderFactory>,
  options: TrafficProvidersOptions,
): TrafficProvider {
  const at = `multiCluster.traffic.providers[${index}]`;
  const name = entry.getString('name');
  if (!PROVIDER_NAME.test(name)) {
    throw new Error(`${at}: name '${name}' is not a DNS label`);
  }
  const type = entry.getString('type');
  const factory = factories.get(type);
  if (!factory) {
    throw new Error(
      `${at} (${name}): unknown type '${type}' (known: ${[...factories.keys()]
        .sort()
        .join(', ')})`,
    );
  }
  let provider: TrafficProvider;
  try {
    provider = factory({
      config: entry,
      logger: options.logger.child({ trafficProvider: name }),
      clients: options.clients,
      clusterClient: options.clusterClient,
    });
  } catch (error) {
    throw new Error(`${at} (${name}, ${type}): ${messageOf(error)}`);
  }
  if (provider.name !== name) {
    throw new Error(
      `${at} (${name}, ${type}): the factory named its provider '${provider.name}'`,
    );
  }
  return provider;
}

/** `multiCluster.failover.traffic.webhook`, kept as the provider `webhook`. */
function legacyWebhook(config: Config): TrafficProvider | undefined {
  const webhook = config.getOptionalConfig(
    'multiCluster.failover.traffic.webhook',
  );
  if (!webhook) return undefined;
  return new WebhookTrafficProvider(LEGACY_WEBHOOK_PROVIDER, {
    url: webhook.getString('url'),
    token: webhook.getOptionalString('token'),
  });
}
