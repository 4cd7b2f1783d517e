import fs from 'node:fs';
import type { ClusterDetails } from '@backstage/plugin-kubernetes-node';
import { authProviderOf } from '../../credentials/ClusterCredentials';

const IN_CLUSTER_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

/**
 * Whether the service identity has a credential for a cluster entry. False
 * only for a service account without a token outside a pod: the Kubernetes
 * plugin's strategy would read the pod's token, and there is none. The pod's
 * token file is looked for once.
 */
export class InClusterTokenProbe {
  private inClusterToken?: boolean;

  hasServiceCredential(service: ClusterDetails): boolean {
    if (
      authProviderOf(service) !== 'serviceAccount' ||
      service.authMetadata.serviceAccountToken
    ) {
      return true;
    }
    this.inClusterToken ??= fs.existsSync(IN_CLUSTER_TOKEN);
    return this.inClusterToken;
  }
}
