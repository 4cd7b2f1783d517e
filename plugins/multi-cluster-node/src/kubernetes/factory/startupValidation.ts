import type { ClusterDetails } from '@backstage/plugin-kubernetes-node';
import type { ClusterCredentials } from '../../credentials/ClusterCredentials';

/**
 * Throws, naming every bad entry, when an auth strategy refuses a configured
 * cluster or control plane. At start-up: a typo in authProvider would
 * otherwise show much later as one unreachable cluster.
 */
export function validateClusterEntries(
  credentials: ClusterCredentials,
  entries: ClusterDetails[],
): void {
  const invalid = entries.flatMap(details =>
    credentials
      .validate(details)
      .map(error => `'${details.name}': ${error.message}`),
  );
  if (invalid.length) {
    throw new Error(`Invalid cluster configuration: ${invalid.join('; ')}`);
  }
}
