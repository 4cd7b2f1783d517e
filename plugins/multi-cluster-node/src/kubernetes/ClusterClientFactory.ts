import { ConfigReader } from '@backstage/config';
import type { ClusterDetails } from '@backstage/plugin-kubernetes-node';
import { MultiClusterConfig } from '../config';
import { ClusterCredentials } from '../credentials/ClusterCredentials';
import { clusterDetailsOf } from '../credentials/clusterDetails';
import { ClusterAccess } from '../inventory/types';
import type { KubernetesClient } from './client/KubernetesClient';
import type {
  AccessStrategies,
  AccessStrategy,
  ClusterClientOptions,
} from './access/AccessStrategy';
import { CapiKubeconfigAccess } from './access/capiKubeconfigAccess';
import { DirectAccess } from './access/directAccess';
import { KarmadaProxyAccess } from './access/karmadaProxyAccess';
import { ClientCache } from './factory/clientCache';
import { ControlPlanes } from './factory/controlPlanes';
import { InClusterTokenProbe } from './factory/inClusterTokenProbe';
import { ServiceClients } from './factory/serviceClients';
import { validateClusterEntries } from './factory/startupValidation';
import { UserClientCache } from './factory/userClientCache';
import { UserClients } from './factory/userClients';

export type { ClusterClientOptions } from './access/AccessStrategy';

const silentLogger = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  child: () => silentLogger,
};

/**
 * Creates (and caches) one client per cluster. Cluster URLs only ever come
 * from configuration or the catalog (via the stored inventory), never from a
 * request. Credentials come from the Kubernetes plugin's auth strategies
 * ({@link ClusterCredentials}) by the cluster's `authProvider`, are looked up
 * here by reference and never leave the clients.
 *
 * @public
 */
export class ClusterClientFactory {
  private readonly controlPlanes: ControlPlanes;
  private readonly direct: DirectAccess;
  /** How each kind of access path is reached. */
  private readonly strategies: AccessStrategies;

  constructor(
    private readonly config: Pick<
      MultiClusterConfig,
      | 'configClusters'
      | 'karmada'
      | 'clusterApi'
      | 'catalog'
      | 'clusterTimeoutMs'
    > &
      Partial<Pick<MultiClusterConfig, 'kubeconfigMaxAgeMs' | 'ocm'>>,
    options: { credentials?: ClusterCredentials } = {},
  ) {
    const credentials =
      options.credentials ??
      ClusterCredentials.create({
        config: new ConfigReader({}),
        logger: silentLogger,
      });
    const configClusters = new Map<string, ClusterDetails>(
      config.configClusters.map(c => [`config:${c.name}`, clusterDetailsOf(c)]),
    );
    const clients = new ClientCache();
    const serviceClients = new ServiceClients(credentials, clients, config);
    this.controlPlanes = new ControlPlanes(config, serviceClients);
    validateClusterEntries(credentials, [
      ...configClusters.values(),
      ...this.controlPlanes.details(),
    ]);
    this.direct = new DirectAccess({
      credentials,
      configClusters,
      config,
      serviceClients,
      userClients: new UserClients(credentials, new UserClientCache(), config),
      tokenProbe: new InClusterTokenProbe(),
    });
    this.strategies = {
      direct: this.direct,
      'karmada-proxy': new KarmadaProxyAccess(
        this.controlPlanes,
        serviceClients,
      ),
      'capi-kubeconfig': new CapiKubeconfigAccess(
        this.controlPlanes,
        clients,
        config,
      ),
    };
  }

  get timeoutMs(): number {
    return this.config.clusterTimeoutMs;
  }

  /** Whether a credential reference can be resolved for the service identity. */
  canAuthenticate(ref: string): boolean {
    return this.direct.canAuthenticate(ref);
  }

  /** Client for a Karmada control plane (`karmada`), CAPI management cluster or OCM hub. */
  forControlPlane(
    type: 'karmada' | 'cluster-api' | 'ocm',
    name: string,
  ): KubernetesClient | undefined {
    return this.controlPlanes.client(type, name);
  }

  /**
   * Whether this backend has what an access path needs: the credential of a
   * direct access, the configured Karmada control plane or CAPI management
   * cluster of a proxied or kubeconfig-Secret access. Says nothing about
   * whether the server answers.
   */
  canReach(access: ClusterAccess): boolean {
    return this.strategyFor(access)?.canReach(access) ?? false;
  }

  /**
   * Client for a fleet cluster, from its stored access descriptor. With
   * `userAuth`, a direct cluster whose auth provider is user-delegated is
   * read with the user's own credential; everything else, and every write,
   * uses the service identity.
   */
  forCluster(
    clusterName: string,
    access: ClusterAccess | undefined,
    options: ClusterClientOptions = {},
  ): KubernetesClient | undefined {
    if (!access) {
      return undefined;
    }
    return this.strategyFor(access)?.clientFor(clusterName, access, options);
  }

  /** The strategy of an access path's kind; none for a kind this build does not know. */
  private strategyFor(
    access: ClusterAccess,
  ): AccessStrategy<ClusterAccess> | undefined {
    // Each kind's strategy takes that kind's access: keyed by `kind`, it
    // is only ever called with its own.
    return this.strategies[access.kind] as
      | AccessStrategy<ClusterAccess>
      | undefined;
  }
}
