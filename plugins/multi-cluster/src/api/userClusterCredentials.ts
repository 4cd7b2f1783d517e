import type { KubernetesAuthProvidersApi } from '@backstage/plugin-kubernetes-react';
import type { FleetCluster } from '@flotilla/plugin-multi-cluster-common';

/** The header prefix the Kubernetes plugin uses for a user's cluster credentials. */
const KUBERNETES_AUTH_HEADER = 'Backstage-Kubernetes-Authorization';

/**
 * The frontend auth providers (`oidc.okta`, `google`, `aks`) whose
 * signed-in user's token reads some of these clusters, sorted.
 *
 * @public
 */
export function userAuthProvidersOf(clusters: FleetCluster[]): string[] {
  return [
    ...new Set(
      clusters.flatMap(c => (c.userAuthProvider ? [c.userAuthProvider] : [])),
    ),
  ].sort();
}

/**
 * The signed-in user's cluster credentials for these providers, as the
 * Kubernetes plugin's frontend sends them: `oidc.okta` becomes
 * `Backstage-Kubernetes-Authorization-oidc-okta`. A provider the user does
 * not sign in to (or that the app does not offer) is left out; the backend
 * then says, on those clusters only, that the request carried no
 * credentials.
 *
 * @public
 */
export async function userClusterCredentialHeaders(
  providers: string[],
  authProviders: KubernetesAuthProvidersApi | undefined,
): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  if (!authProviders) return headers;
  for (const provider of providers) {
    try {
      const { token } = await authProviders.getCredentials(provider);
      if (token) {
        headers[`${KUBERNETES_AUTH_HEADER}-${provider.replace(/\./g, '-')}`] =
          token;
      }
    } catch {
      // Declined sign-in or an unknown provider: read without it.
    }
  }
  return headers;
}
