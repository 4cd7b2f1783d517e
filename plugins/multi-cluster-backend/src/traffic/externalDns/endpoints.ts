import type { TrafficEndpoint } from '@flotilla/plugin-multi-cluster-node';
import { TrafficProviderError } from '../errors';
import type { ExternalDnsSettings } from './settings';

/**
 * One entry of a DNSEndpoint's `spec.endpoints` (externaldns.k8s.io/v1alpha1,
 * the CRD in packages/upstream-crds/crds/external-dns). Fields Flotilla does
 * not touch (labels, recordTTL) are carried along unchanged.
 */
export interface DnsEndpointEntry {
  dnsName?: string;
  recordType?: string;
  targets?: string[];
  setIdentifier?: string;
  providerSpecific?: { name: string; value?: string }[];
  recordTTL?: number;
  labels?: Record<string, string>;
}

/**
 * The weight of a weighted record, as external-dns's AWS provider reads it
 * from an endpoint (`providerSpecificWeight` in provider/aws/aws.go of
 * kubernetes-sigs/external-dns, with the endpoint's `SetIdentifier`).
 */
export const AWS_WEIGHT = 'aws/weight';

function weightOf(entry: DnsEndpointEntry): number | undefined {
  const value = entry.providerSpecific?.find(p => p.name === AWS_WEIGHT)?.value;
  if (value === undefined || !/^\d{1,3}$/.test(value)) return undefined;
  return Number(value);
}

/** The entry with its weight set, every other property kept in place. */
function withWeight(entry: DnsEndpointEntry, weight: number): DnsEndpointEntry {
  const properties = entry.providerSpecific ?? [];
  const value = String(weight);
  return {
    ...entry,
    providerSpecific: properties.some(p => p.name === AWS_WEIGHT)
      ? properties.map(p => (p.name === AWS_WEIGHT ? { ...p, value } : p))
      : [...properties, { name: AWS_WEIGHT, value }],
  };
}

/** Reads a record's endpoints in cluster terms; writes the shifted ones. */
export class EndpointMapping {
  private readonly clusterByAddress: Map<string, string>;

  constructor(private readonly settings: ExternalDnsSettings) {
    this.clusterByAddress = new Map(
      Object.entries(settings.targets).map(([cluster, address]) => [
        address.toLowerCase(),
        cluster,
      ]),
    );
  }

  private clusterOfAddress(address: string): string | undefined {
    return this.clusterByAddress.get(address.toLowerCase());
  }

  /** Weighted mode: the set identifier names the cluster; else its target does. */
  private clusterOfEntry(entry: DnsEndpointEntry): string | undefined {
    if (entry.setIdentifier) return entry.setIdentifier;
    const [first] = entry.targets ?? [];
    return first === undefined ? undefined : this.clusterOfAddress(first);
  }

  endpointsOf(entries: DnsEndpointEntry[]): TrafficEndpoint[] {
    if (this.settings.mode === 'target') {
      return entries.flatMap(entry =>
        (entry.targets ?? []).map(target => ({
          cluster: this.clusterOfAddress(target),
          target,
          enabled: true,
        })),
      );
    }
    return entries.map(entry => {
      const weight = weightOf(entry);
      return {
        cluster: this.clusterOfEntry(entry),
        target: (entry.targets ?? []).join(','),
        ...(weight === undefined ? {} : { weight }),
        enabled: weight === undefined || weight > 0,
      };
    });
  }

  /** The entries sending `from`'s users to `to`; the same entries when they already do. */
  shifted(
    entries: DnsEndpointEntry[],
    from: string,
    to: string[],
  ): DnsEndpointEntry[] {
    return this.settings.mode === 'target'
      ? this.retargeted(entries, from, to)
      : this.reweighted(entries, from, to);
  }

  private addressOf(cluster: string): string {
    const address = this.settings.targets[cluster];
    if (!address) {
      throw new TrafficProviderError(
        `no address for cluster ${cluster} (the provider's targets.${cluster})`,
      );
    }
    return address;
  }

  private retargeted(
    entries: DnsEndpointEntry[],
    from: string,
    to: string[],
  ): DnsEndpointEntry[] {
    const addresses = to.map(cluster => this.addressOf(cluster));
    return entries.map(entry =>
      (entry.targets ?? []).some(t => this.clusterOfAddress(t) === from)
        ? { ...entry, targets: addresses }
        : entry,
    );
  }

  private reweighted(
    entries: DnsEndpointEntry[],
    from: string,
    to: string[],
  ): DnsEndpointEntry[] {
    const { weight } = this.settings;
    const out = entries.map(entry => {
      const cluster = this.clusterOfEntry(entry);
      if (cluster === from) return withWeight(entry, 0);
      if (cluster && to.includes(cluster) && !weightOf(entry)) {
        return withWeight(entry, weight);
      }
      return entry;
    });
    const template = entries[0];
    for (const cluster of to) {
      if (out.some(entry => this.clusterOfEntry(entry) === cluster)) continue;
      if (!template) {
        throw new TrafficProviderError('the record has no endpoint to copy');
      }
      // The new cluster's entry: the record's name and type, its own target.
      out.push({
        dnsName: template.dnsName,
        recordType: template.recordType,
        ...(template.recordTTL === undefined
          ? {}
          : { recordTTL: template.recordTTL }),
        setIdentifier: cluster,
        targets: [this.addressOf(cluster)],
        providerSpecific: [{ name: AWS_WEIGHT, value: String(weight) }],
      });
    }
    return out;
  }
}
