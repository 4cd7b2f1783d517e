import type { KubernetesRequestAuth } from '@backstage/plugin-kubernetes-common';

/**
 * The header prefix the Kubernetes plugin's frontend uses for a user's
 * cluster credentials: `Backstage-Kubernetes-Authorization-<provider>` (e.g.
 * `-google`, `-aks`) or `...-oidc-<tokenProvider>`.
 *
 * @public
 */
export const KUBERNETES_AUTH_HEADER_PREFIX =
  'backstage-kubernetes-authorization-';

/** A token header longer than this is refused (a JWT is a few kilobytes). */
const MAX_TOKEN_LENGTH = 16_384;
const MAX_AUTH_HEADERS = 8;
const NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;

/**
 * The user's cluster credentials from a request's headers, the way the
 * Kubernetes plugin's proxy reads them: `oidc-<provider>` becomes
 * `{ oidc: { <provider>: token } }`, any other `<provider>` becomes
 * `{ <provider>: token }`. A header `Bearer ` prefix is dropped. Malformed
 * headers (unknown shape, oversized, too many) throw, so the route answers
 * 400 instead of silently reading as the service.
 *
 * @public
 */
export function kubernetesRequestAuthFromHeaders(
  headers: Record<string, string | string[] | undefined>,
): KubernetesRequestAuth | undefined {
  const entries = Object.entries(headers).filter(([name]) =>
    name.toLowerCase().startsWith(KUBERNETES_AUTH_HEADER_PREFIX),
  );
  if (!entries.length) {
    return undefined;
  }
  if (entries.length > MAX_AUTH_HEADERS) {
    throw new Error(
      `at most ${MAX_AUTH_HEADERS} Backstage-Kubernetes-Authorization headers`,
    );
  }
  const auth: KubernetesRequestAuth = {};
  const oidc: Record<string, string> = {};
  for (const [name, raw] of entries) {
    const value = Array.isArray(raw) ? raw[0] : raw;
    const suffix = name
      .toLowerCase()
      .slice(KUBERNETES_AUTH_HEADER_PREFIX.length);
    const [provider, ...rest] = suffix.split('-');
    const tokenProvider = rest.join('-');
    if (!NAME.test(provider) || (tokenProvider && !NAME.test(tokenProvider))) {
      throw new Error(`malformed header ${name}`);
    }
    const token = (value ?? '').replace(/^Bearer\s+/i, '').trim();
    if (!token || token.length > MAX_TOKEN_LENGTH || /\s/.test(token)) {
      throw new Error(`malformed header ${name}`);
    }
    if (provider === 'oidc') {
      if (!tokenProvider) throw new Error(`malformed header ${name}`);
      oidc[tokenProvider] = token;
    } else if (tokenProvider) {
      throw new Error(`malformed header ${name}`);
    } else {
      auth[provider] = token;
    }
  }
  if (Object.keys(oidc).length) {
    auth.oidc = oidc;
  }
  return auth;
}
