import type { Config } from '@backstage/config';
import { onlyKeys } from '../settings';

/** A fleet cluster name (a DNS label). */
const CLUSTER = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
/** A hostname or an IPv4/IPv6 address, as DNSEndpoint targets hold them. */
const ADDRESS = /^[A-Za-z0-9]([A-Za-z0-9.:-]{0,252})$/;

/** `multiCluster.traffic.providers[]` of type `external-dns`. */
export interface ExternalDnsSettings {
  /** The fleet cluster where external-dns reads its DNSEndpoints. */
  cluster: string;
  /**
   * `weighted`: one endpoint per cluster (`setIdentifier` = cluster name)
   * weighted with `aws/weight`; `target`: one endpoint whose targets are
   * the serving clusters' addresses.
   */
  mode: 'weighted' | 'target';
  /** Each cluster's address (hostname or IP) its endpoint targets. */
  targets: Record<string, string>;
  /** The weight a cluster gets when it takes traffic with no weight of its own. */
  weight: number;
}

const KEYS = ['name', 'type', 'cluster', 'mode', 'targets', 'weight'];

/** Reads and checks one entry; throws naming the setting. */
export function readExternalDnsSettings(config: Config): ExternalDnsSettings {
  onlyKeys(config, KEYS);
  const cluster = config.getString('cluster');
  if (!CLUSTER.test(cluster)) {
    throw new Error(`cluster '${cluster}' is not a cluster name`);
  }
  const mode = config.getString('mode');
  if (mode !== 'weighted' && mode !== 'target') {
    throw new Error(`mode must be 'weighted' or 'target', not '${mode}'`);
  }
  const targets: Record<string, string> = {};
  const targetsConfig = config.getOptionalConfig('targets');
  for (const name of targetsConfig?.keys() ?? []) {
    const address = targetsConfig!.getString(name);
    if (!CLUSTER.test(name) || !ADDRESS.test(address)) {
      throw new Error(
        `targets.${name}: expected a cluster name and a hostname or IP`,
      );
    }
    targets[name] = address;
  }
  const addresses = Object.values(targets);
  if (new Set(addresses).size !== addresses.length) {
    // An address must tell its cluster when the record is read back.
    throw new Error('targets: two clusters have the same address');
  }
  if (mode === 'target' && addresses.length === 0) {
    throw new Error('mode target needs targets (each cluster and its address)');
  }
  const weight = config.getOptionalNumber('weight') ?? 100;
  // Route 53 weights are 0..255; 0 would take no traffic.
  if (!Number.isInteger(weight) || weight < 1 || weight > 255) {
    throw new Error('weight must be an integer from 1 to 255');
  }
  return { cluster, mode, targets, weight };
}
