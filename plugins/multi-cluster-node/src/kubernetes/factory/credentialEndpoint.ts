import type {
  ClusterDetails,
  KubernetesCredential,
} from '@backstage/plugin-kubernetes-node';
import type { KubernetesEndpoint } from '../client/kubeConfig';

/** The endpoint a credential from an auth strategy authenticates. */
export function endpointWith(
  details: ClusterDetails,
  credential: KubernetesCredential,
): KubernetesEndpoint {
  const base = {
    name: details.name,
    url: details.url,
    caData: details.caData,
    caFile: details.caFile,
    skipTLSVerify: details.skipTLSVerify,
  };
  switch (credential.type) {
    case 'bearer token':
      return { ...base, token: credential.token };
    case 'x509 client certificate':
      return {
        ...base,
        certData: Buffer.from(credential.cert).toString('base64'),
        keyData: Buffer.from(credential.key).toString('base64'),
      };
    default:
      return base;
  }
}
