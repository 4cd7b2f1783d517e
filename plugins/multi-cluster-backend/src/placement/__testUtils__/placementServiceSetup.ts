import { mockServices } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import {
  KarmadaConnector,
  ClusterAccess,
  FleetCluster,
  ClusterClientFactory,
} from '@flotilla/plugin-multi-cluster-node';
import {
  KARMADA,
  KARMADA_TOKEN,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { FleetInventoryService } from '../../inventory/FleetInventory';
import { WorkloadService } from '../../workloads/WorkloadService';
import { EntityPlacementService } from '../EntityPlacementService';
import { WorkloadCensus } from '../WorkloadCensus';

/** The entity, members and service the EntityPlacementService tests share. */
export const PROXY = `${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`;

const entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'checkout',
    namespace: 'default',
    annotations: {
      'backstage.io/kubernetes-id': 'checkout',
      'backstage.io/kubernetes-namespace': 'shop',
      'flotilla.io/placement':
        '{"clusterAffinity":{"clusterNames":["member-eu"]}}',
    },
  },
  spec: { type: 'service', owner: 'shop', lifecycle: 'production' },
};

export const deployment = (replicas: number, ready: number) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'checkout',
    namespace: 'shop',
    labels: { 'backstage.io/kubernetes-id': 'checkout', app: 'checkout' },
  },
  spec: { replicas },
  status: {
    replicas,
    readyReplicas: ready,
    availableReplicas: ready,
    updatedReplicas: replicas,
  },
});

export const deploymentList = (...items: any[]) => ({
  apiVersion: 'apps/v1',
  kind: 'DeploymentList',
  metadata: { resourceVersion: '5' },
  items,
});
export const emptyStatefulSets = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSetList',
  metadata: {},
  items: [],
};

function cluster(name: string): FleetCluster {
  return {
    name,
    source: 'karmada',
    sources: [{ type: 'karmada', id: 'karmada:global' }],
    labels: {},
    capacity: {},
    health: { status: 'healthy', via: 'karmada' },
    stale: false,
    refreshedAt: new Date().toISOString(),
  };
}

// Long enough for an answering member on a loaded machine; only a hung member waits it out.
export function setupPlacementService(
  clusterTimeoutMs = 2000,
  census?: WorkloadCensus,
) {
  const accesses: Record<string, ClusterAccess> = {
    'member-eu': {
      kind: 'karmada-proxy',
      controlPlane: 'global',
      cluster: 'member-eu',
    },
    'member-us': {
      kind: 'karmada-proxy',
      controlPlane: 'global',
      cluster: 'member-us',
    },
    'member-ap': {
      kind: 'karmada-proxy',
      controlPlane: 'global',
      cluster: 'member-ap',
    },
    direct: {
      kind: 'direct',
      url: 'https://direct.example.com',
      credentialRef: 'config:direct',
    },
  };
  const clusters = Object.keys(accesses).map(cluster);
  const inventory: FleetInventoryService = {
    getClusters: async () => clusters,
    getCluster: async n => clusters.find(c => c.name === n),
    getAccess: async n => accesses[n],
    listClusters: async () => ({
      items: clusters,
      totalCount: clusters.length,
    }),
    refresh: async () => ({} as any),
  };
  const clients = new ClusterClientFactory({
    configClusters: [
      {
        name: 'direct',
        url: 'https://direct.example.com',
        token: 'direct-token',
      },
    ],
    karmada: [{ name: 'global', url: KARMADA, token: KARMADA_TOKEN }],
    clusterApi: [],
    catalog: { enabled: false },
    clusterTimeoutMs,
  });
  const karmada = new KarmadaConnector({
    controlPlane: { name: 'global', url: KARMADA, token: KARMADA_TOKEN },
    client: clients.forControlPlane('karmada', 'global')!,
    logger: mockServices.logger.mock(),
    conflictRetries: 1,
  });
  return new EntityPlacementService({
    catalog: catalogServiceMock({ entities: [entity] }),
    inventory,
    workloads: new WorkloadService({ inventory, clients }),
    karmada: [karmada],
    concurrency: 10,
    clusterTimeoutMs,
    logger: mockServices.logger.mock(),
    census,
  });
}
