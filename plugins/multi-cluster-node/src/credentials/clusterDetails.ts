import type { Config } from '@backstage/config';
import {
  ANNOTATION_KUBERNETES_AUTH_PROVIDER,
  ANNOTATION_KUBERNETES_AWS_ASSUME_ROLE,
  ANNOTATION_KUBERNETES_AWS_EXTERNAL_ID,
  ANNOTATION_KUBERNETES_OIDC_TOKEN_PROVIDER,
} from '@backstage/plugin-kubernetes-common';
import type {
  AuthMetadata,
  ClusterDetails,
} from '@backstage/plugin-kubernetes-node';
import type { KubernetesEndpoint } from '../kubernetes/client/kubeConfig';
import { CLIENT_CERTIFICATE_KEYS } from './ClientCertificateStrategy';

/**
 * The `authMetadata` of a cluster entry, read the way the Kubernetes
 * plugin's config cluster locator reads it (`authProvider`,
 * `serviceAccountToken`, `assumeRole`, `externalId`, `oidcTokenProvider`,
 * then the `authMetadata` block), plus the client certificate fields. An
 * entry without `authProvider` uses its client certificate when it has one,
 * else its service account token (or the pod's own).
 *
 * @public
 */
export function readAuthMetadata(
  entry: Config,
  options: { tokenKey?: string } = {},
): AuthMetadata {
  const block = entry.getOptional<Record<string, string>>('authMetadata');
  const token = entry.getOptionalString(
    options.tokenKey ?? 'serviceAccountToken',
  );
  const optional: Array<[string, string | undefined]> = [
    ['serviceAccountToken', token],
    [
      ANNOTATION_KUBERNETES_AWS_ASSUME_ROLE,
      entry.getOptionalString('assumeRole'),
    ],
    [
      ANNOTATION_KUBERNETES_AWS_EXTERNAL_ID,
      entry.getOptionalString('externalId'),
    ],
    [
      ANNOTATION_KUBERNETES_OIDC_TOKEN_PROVIDER,
      entry.getOptionalString('oidcTokenProvider'),
    ],
    ...Object.values(CLIENT_CERTIFICATE_KEYS).map(
      key =>
        [key, entry.getOptionalString(key)] as [string, string | undefined],
    ),
  ];
  const metadata: AuthMetadata = Object.fromEntries(
    optional.filter((pair): pair is [string, string] => !!pair[1]),
  );
  const provider =
    block?.[ANNOTATION_KUBERNETES_AUTH_PROVIDER] ??
    entry.getOptionalString('authProvider') ??
    defaultAuthProvider(metadata);
  return {
    [ANNOTATION_KUBERNETES_AUTH_PROVIDER]: provider,
    ...metadata,
    ...block,
  };
}

function defaultAuthProvider(metadata: AuthMetadata): string {
  return metadata[CLIENT_CERTIFICATE_KEYS.certData] ||
    metadata[CLIENT_CERTIFICATE_KEYS.certFile]
    ? 'clientCertificate'
    : 'serviceAccount';
}

/**
 * The Kubernetes plugin's `ClusterDetails` of an endpoint: its own
 * `authMetadata` when it came from configuration, else what its inline
 * token or certificate says (endpoints built in code and tests).
 *
 * @public
 */
export function clusterDetailsOf(endpoint: KubernetesEndpoint): ClusterDetails {
  const inline: AuthMetadata = {
    ...(endpoint.token ? { serviceAccountToken: endpoint.token } : {}),
    ...(endpoint.certData && endpoint.keyData
      ? {
          [CLIENT_CERTIFICATE_KEYS.certData]: endpoint.certData,
          [CLIENT_CERTIFICATE_KEYS.keyData]: endpoint.keyData,
        }
      : {}),
  };
  return {
    name: endpoint.name,
    url: endpoint.url,
    caData: endpoint.caData,
    caFile: endpoint.caFile,
    skipTLSVerify: endpoint.skipTLSVerify,
    authMetadata: endpoint.authMetadata ?? {
      [ANNOTATION_KUBERNETES_AUTH_PROVIDER]: defaultAuthProvider(inline),
      ...inline,
    },
  };
}
