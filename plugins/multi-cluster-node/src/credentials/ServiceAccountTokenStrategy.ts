import type {
  AuthMetadata,
  AuthenticationStrategy,
  ClusterDetails,
  KubernetesCredential,
} from '@backstage/plugin-kubernetes-node';
import { ServiceAccountStrategy } from '@backstage/plugin-kubernetes-backend';

/**
 * `authProvider: serviceAccount`: the entry's `serviceAccountToken`, else
 * the Kubernetes plugin's `ServiceAccountStrategy` (the pod's own token, read
 * again on every call since the kubelet rotates it). The configured token is
 * answered here because that strategy imports `@kubernetes/client-node`
 * dynamically on every call, even when it only returns the token, which
 * costs a module lookup per credential and does not run under Jest's
 * CommonJS modules.
 *
 * @public
 */
export class ServiceAccountTokenStrategy implements AuthenticationStrategy {
  private readonly inCluster = new ServiceAccountStrategy();

  async getCredential(
    clusterDetails: ClusterDetails,
  ): Promise<KubernetesCredential> {
    const token = clusterDetails.authMetadata.serviceAccountToken;
    return token
      ? { type: 'bearer token', token }
      : this.inCluster.getCredential(clusterDetails);
  }

  validateCluster(): Error[] {
    return [];
  }

  presentAuthMetadata(): AuthMetadata {
    return {};
  }
}
