import type { LoggerService } from '@backstage/backend-plugin-api';
import type { Config } from '@backstage/config';
import {
  AksStrategy,
  AnonymousStrategy,
  AwsIamStrategy,
  AzureIdentityStrategy,
  DispatchStrategy,
  GoogleServiceAccountStrategy,
  GoogleStrategy,
  OidcStrategy,
} from '@backstage/plugin-kubernetes-backend';
import {
  ANNOTATION_KUBERNETES_AUTH_PROVIDER,
  ANNOTATION_KUBERNETES_OIDC_TOKEN_PROVIDER,
  type KubernetesRequestAuth,
} from '@backstage/plugin-kubernetes-common';
import type {
  AuthenticationStrategy,
  ClusterDetails,
  KubernetesCredential,
} from '@backstage/plugin-kubernetes-node';
import {
  CLIENT_CERTIFICATE_KEYS,
  ClientCertificateStrategy,
} from './ClientCertificateStrategy';
import { ServiceAccountTokenStrategy } from './ServiceAccountTokenStrategy';

/**
 * Auth providers that read the signed-in user's token from the request
 * (the Kubernetes plugin's `google`, `oidc` and `aks`): there is no service
 * identity in them.
 *
 * @public
 */
export const USER_DELEGATED_AUTH_PROVIDERS: ReadonlySet<string> = new Set([
  'google',
  'oidc',
  'aks',
]);

/**
 * The frontend auth provider whose signed-in user's token reads a cluster
 * with this `authMetadata` (`oidc.<tokenProvider>`, `google`, `aks`, the
 * names the Kubernetes plugin's `KubernetesAuthProviders` uses), or
 * undefined when the cluster is read with the service identity only.
 *
 * @public
 */
export function userAuthProviderOf(
  authMetadata: Record<string, string>,
): string | undefined {
  const provider = authMetadata[ANNOTATION_KUBERNETES_AUTH_PROVIDER];
  if (!USER_DELEGATED_AUTH_PROVIDERS.has(provider)) {
    return undefined;
  }
  if (provider !== 'oidc') {
    return provider;
  }
  const tokenProvider = authMetadata[ANNOTATION_KUBERNETES_OIDC_TOKEN_PROVIDER];
  return tokenProvider ? `oidc.${tokenProvider}` : undefined;
}

/** Providers whose credential does not change between calls. */
const STATIC_AUTH_PROVIDERS = new Set(['serviceAccount', 'clientCertificate']);

/** How long a credential that expires (cloud tokens, files) is reused. */
const EXPIRING_CREDENTIAL_MAX_AGE_MS = 5 * 60_000;

/**
 * The auth provider of a cluster entry (`kubernetes.io/auth-provider`).
 *
 * @public
 */
export function authProviderOf(details: ClusterDetails): string {
  return details.authMetadata[ANNOTATION_KUBERNETES_AUTH_PROVIDER] ?? '';
}

/**
 * The credentials of every cluster the plugin talks to, through the
 * Kubernetes plugin's authentication strategies: the same `authProvider`
 * names and `authMetadata` it reads (service account, AWS IAM, Google,
 * Google service account, Azure identity, AKS, OIDC, kubectl proxy),
 * dispatched by its `DispatchStrategy`, plus `clientCertificate` and any
 * strategy a module adds through `multiClusterAuthStrategyExtensionPoint`.
 *
 * Two identities:
 * - the service identity ({@link ClusterCredentials.forService}) for
 *   everything the backend does on its own or after a permission check
 *   (inventory, health, failover, lifecycle);
 * - the signed-in user's ({@link ClusterCredentials.forUser}) for reads made
 *   for that user, on clusters whose auth provider is user-delegated.
 *
 * @public
 */
export class ClusterCredentials {
  private readonly strategies: Map<string, AuthenticationStrategy>;
  private readonly dispatch: DispatchStrategy;

  private constructor(strategies: Map<string, AuthenticationStrategy>) {
    this.strategies = strategies;
    this.dispatch = new DispatchStrategy({
      authStrategyMap: Object.fromEntries(strategies),
    });
  }

  /**
   * The Kubernetes plugin's strategies under its names, `clientCertificate`,
   * and `custom` last (a custom strategy may replace a built-in one).
   */
  static create(options: {
    config: Config;
    logger: LoggerService;
    custom?: ReadonlyMap<string, AuthenticationStrategy>;
  }): ClusterCredentials {
    const { config, logger } = options;
    const strategies = new Map<string, AuthenticationStrategy>([
      ['aks', new AksStrategy()],
      ['aws', new AwsIamStrategy({ config })],
      ['azure', new AzureIdentityStrategy(logger)],
      ['google', new GoogleStrategy()],
      ['googleServiceAccount', new GoogleServiceAccountStrategy({ config })],
      ['localKubectlProxy', new AnonymousStrategy()],
      ['oidc', new OidcStrategy()],
      ['serviceAccount', new ServiceAccountTokenStrategy()],
      ['clientCertificate', new ClientCertificateStrategy()],
    ]);
    for (const [name, strategy] of options.custom ?? []) {
      strategies.set(name, strategy);
    }
    return new ClusterCredentials(strategies);
  }

  /** The configured auth providers' names. */
  get providers(): string[] {
    return [...this.strategies.keys()];
  }

  /** Every strategy by its `authProvider` name. */
  get strategyMap(): ReadonlyMap<string, AuthenticationStrategy> {
    return this.strategies;
  }

  /** Configuration errors of a cluster entry (unknown provider, missing fields). */
  validate(details: ClusterDetails): Error[] {
    return this.dispatch.validateCluster(details.authMetadata);
  }

  /** Whether reads for a user should carry that user's own credentials. */
  isUserDelegated(details: ClusterDetails): boolean {
    return USER_DELEGATED_AUTH_PROVIDERS.has(authProviderOf(details));
  }

  /**
   * The cluster entry the service identity uses, or undefined when it has
   * none: a user-delegated cluster has one only when its entry also holds a
   * `serviceAccountToken` or a client certificate.
   */
  serviceDetails(details: ClusterDetails): ClusterDetails | undefined {
    if (!this.isUserDelegated(details)) {
      return details;
    }
    const metadata = details.authMetadata;
    let provider: string | undefined;
    if (metadata.serviceAccountToken) {
      provider = 'serviceAccount';
    } else if (
      metadata[CLIENT_CERTIFICATE_KEYS.certData] ||
      metadata[CLIENT_CERTIFICATE_KEYS.certFile]
    ) {
      provider = 'clientCertificate';
    }
    return provider
      ? {
          ...details,
          authMetadata: {
            ...metadata,
            [ANNOTATION_KUBERNETES_AUTH_PROVIDER]: provider,
          },
        }
      : undefined;
  }

  /** The service identity's credential for a cluster. */
  async forService(details: ClusterDetails): Promise<KubernetesCredential> {
    const service = this.serviceDetails(details);
    if (!service) {
      throw new Error(
        `${
          details.name
        } authenticates signed-in users only (authProvider '${authProviderOf(
          details,
        )}') and has no service identity (serviceAccountToken or client certificate)`,
      );
    }
    return this.dispatch.getCredential(service, {});
  }

  /**
   * The signed-in user's credential, from the auth the frontend sent
   * (`Backstage-Kubernetes-Authorization-*` headers, as for the Kubernetes
   * plugin's proxy).
   */
  async forUser(
    details: ClusterDetails,
    auth: KubernetesRequestAuth,
  ): Promise<KubernetesCredential> {
    return this.dispatch.getCredential(details, auth);
  }

  /**
   * Whether a user request carries what this cluster's user-delegated
   * provider reads (e.g. `oidc.<oidcTokenProvider>`, `google`).
   */
  hasUserCredential(
    details: ClusterDetails,
    auth: KubernetesRequestAuth | undefined,
  ): boolean {
    const provider = userAuthProviderOf(details.authMetadata);
    if (!auth || !provider) {
      return false;
    }
    // `oidc.<tokenProvider>` is carried as auth.oidc[<tokenProvider>].
    const [name, tokenProvider] = provider.split('.', 2);
    const value = tokenProvider
      ? (auth[name] as Record<string, unknown> | undefined)?.[tokenProvider]
      : auth[name];
    return typeof value === 'string';
  }

  /**
   * How long a credential may be reused before it is fetched again
   * (undefined: until the server answers 401).
   */
  maxAgeMs(details: ClusterDetails): number | undefined {
    const provider = authProviderOf(details);
    const metadata = details.authMetadata;
    const fromFiles =
      !!metadata[CLIENT_CERTIFICATE_KEYS.certFile] ||
      (provider === 'serviceAccount' && !metadata.serviceAccountToken);
    return STATIC_AUTH_PROVIDERS.has(provider) && !fromFiles
      ? undefined
      : EXPIRING_CREDENTIAL_MAX_AGE_MS;
  }
}
