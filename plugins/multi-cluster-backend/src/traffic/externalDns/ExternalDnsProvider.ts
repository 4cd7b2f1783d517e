import { isDeepStrictEqual } from 'node:util';
import type { JsonValue } from '@backstage/types';
import {
  isConflict,
  isNotFound,
  type CustomObject,
  type KubernetesClient,
  type TrafficProvider,
  type TrafficProviderFactory,
  type TrafficState,
} from '@flotilla/plugin-multi-cluster-node';
import { TrafficProviderError } from '../errors';
import { DnsEndpointEntry, EndpointMapping } from './endpoints';
import { ExternalDnsSettings, readExternalDnsSettings } from './settings';

const DNS_ENDPOINTS = {
  group: 'externaldns.k8s.io',
  version: 'v1alpha1',
  plural: 'dnsendpoints',
};
const RECORD =
  /^([a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?)\/([a-z0-9]([-.a-z0-9]{0,251}[a-z0-9])?)$/;
/** More entries than a service's record has; bounds what a step records. */
const MAX_ENDPOINTS = 100;
/** Writes re-read after a 409 (another writer, external-dns itself) before failing. */
const CONFLICT_RETRIES = 5;

type DnsEndpoint = CustomObject & { spec?: { endpoints?: DnsEndpointEntry[] } };
type Request = { record: string; signal: AbortSignal };

/**
 * Traffic through external-dns: the service's record is a DNSEndpoint
 * (`namespace/name`) on the cluster where external-dns runs, which
 * external-dns then writes to the DNS provider. Writes carry the
 * resourceVersion they read (a 409 is re-read and retried).
 */
export class ExternalDnsProvider implements TrafficProvider {
  readonly type = 'external-dns';
  private readonly mapping: EndpointMapping;

  constructor(
    readonly name: string,
    private readonly settings: ExternalDnsSettings,
    private readonly clusterClient: (
      cluster: string,
    ) => Promise<KubernetesClient | undefined>,
  ) {
    this.mapping = new EndpointMapping(settings);
  }

  async read(request: Request): Promise<TrafficState> {
    const { object } = await this.get(request);
    return this.stateOf(request.record, object);
  }

  shift(request: Request & { from: string; to: string[] }) {
    return this.write(request, entries =>
      this.mapping.shifted(entries, request.from, request.to),
    );
  }

  restore(request: Request & { state: TrafficState }) {
    const { state } = request;
    if (state.provider !== this.name || state.record !== request.record) {
      throw new TrafficProviderError(
        `the state to restore is of ${state.provider} ${state.record}, not of ${this.name} ${request.record}`,
      );
    }
    if (state.raw !== null && !Array.isArray(state.raw)) {
      throw new TrafficProviderError('the state to restore has no endpoints');
    }
    const raw = state.raw as unknown as DnsEndpointEntry[] | null;
    return this.write(request, () => raw);
  }

  /** Reads, changes and writes at the version read; an unchanged record is not written. */
  private async write(
    request: Request,
    change: (entries: DnsEndpointEntry[]) => DnsEndpointEntry[] | null,
  ): Promise<TrafficState> {
    for (let attempt = 0; ; attempt++) {
      const { client, ref, object } = await this.get(request);
      const current = object.spec?.endpoints ?? null;
      const next = change(current ?? []);
      if (isDeepStrictEqual(next ?? null, current)) {
        return this.stateOf(request.record, object);
      }
      try {
        const written = await client.mergePatchCustomObject<DnsEndpoint>(
          {
            ...ref,
            // A merge patch replaces the list whole; null removes it.
            body: {
              metadata: { resourceVersion: object.metadata?.resourceVersion },
              spec: { endpoints: next },
            },
          },
          { signal: request.signal },
        );
        return this.stateOf(request.record, written);
      } catch (error) {
        if (!isConflict(error) || attempt >= CONFLICT_RETRIES) throw error;
      }
    }
  }

  private async get(request: Request) {
    const match = RECORD.exec(request.record);
    if (!match) {
      throw new TrafficProviderError(
        `record '${request.record.slice(
          0,
          80,
        )}' is not a DNSEndpoint's namespace/name`,
      );
    }
    const client = await this.clusterClient(this.settings.cluster);
    if (!client) {
      // The inventory may not have loaded the cluster yet: retryable.
      throw new TrafficProviderError(
        `cluster ${this.settings.cluster} (external-dns) is not reachable`,
        { retryable: true },
      );
    }
    const ref = { ...DNS_ENDPOINTS, namespace: match[1], name: match[3] };
    try {
      const object = await client.getCustomObject<DnsEndpoint>(ref, {
        signal: request.signal,
      });
      return { client, ref, object };
    } catch (error) {
      if (!isNotFound(error)) throw error;
      throw new TrafficProviderError(
        `DNSEndpoint ${request.record} not found on ${this.settings.cluster}`,
      );
    }
  }

  private stateOf(record: string, object: DnsEndpoint): TrafficState {
    const entries = object.spec?.endpoints;
    if (entries !== undefined && !Array.isArray(entries)) {
      throw new TrafficProviderError(
        `DNSEndpoint ${record} has no endpoint list`,
      );
    }
    if ((entries?.length ?? 0) > MAX_ENDPOINTS) {
      throw new TrafficProviderError(
        `DNSEndpoint ${record} has more than ${MAX_ENDPOINTS} endpoints`,
      );
    }
    return {
      provider: this.name,
      record,
      endpoints: this.mapping.endpointsOf(entries ?? []),
      raw: (entries ?? null) as unknown as JsonValue,
    };
  }
}

/** The `external-dns` type of `multiCluster.traffic.providers`. */
export const createExternalDnsProvider: TrafficProviderFactory = ({
  config,
  clusterClient,
}) => {
  const name = config.getString('name');
  if (!clusterClient) {
    throw new Error(
      'external-dns needs the fleet inventory to reach its cluster',
    );
  }
  return new ExternalDnsProvider(
    name,
    readExternalDnsSettings(config),
    clusterClient,
  );
};
