import type {
  AddonCoverageReport,
  EntityExposure,
  FleetConnectivityReport,
} from '@flotilla/plugin-multi-cluster-common';

/**
 * GET /api/multi-cluster/connectivity for a four-cluster fleet: two EU
 * clusters joined by Submariner without Globalnet (and overlapping pod
 * CIDRs), a US cluster in an Istio mesh, and an edge cluster in no set.
 * prod-eu-1 borrows from prod-eu-2 through Liqo (a peer in the fleet, so
 * counted once, as prod-eu-2) and from an Admiralty target outside it.
 */
export function connectivityReport(): FleetConnectivityReport {
  return {
    clusterSets: [
      {
        name: 'eu-payments',
        fabrics: ['submariner', 'mcs'],
        clusters: ['prod-eu-1', 'prod-eu-2'],
        globalnet: false,
      },
      {
        name: 'mesh-us',
        fabrics: ['istio'],
        clusters: ['prod-us-1'],
        globalnet: false,
      },
    ],
    isolated: ['edge-1'],
    findings: [
      {
        id: 'gateway-down',
        severity: 'high',
        title: 'Submariner gateway not ready on prod-eu-2',
        detail:
          'Gateway submariner-gateway-x7k2p reports haStatus passive and no active connection.',
        clusters: ['prod-eu-2'],
        clusterSet: 'eu-payments',
      },
      {
        id: 'cidr-overlap',
        severity: 'critical',
        title: 'Pod CIDRs overlap in cluster set eu-payments',
        detail:
          'prod-eu-1 and prod-eu-2 both use 10.244.0.0/16 and the set has no Globalnet.',
        clusters: ['prod-eu-1', 'prod-eu-2'],
        clusterSet: 'eu-payments',
      },
    ],
    borrowed: [
      {
        cluster: 'prod-eu-1',
        own: { cpu: '32', memory: '128Gi', pods: '110' },
        virtualNodes: [
          {
            name: 'liqo-prod-eu-2',
            kind: 'liqo',
            peer: 'b3a9c1d2-6e0f-4c59-9a7e-2f1d0c4b8e11',
            peerCluster: 'prod-eu-2',
            allocatable: { cpu: '16', memory: '64Gi', pods: '110' },
            ready: true,
          },
          {
            name: 'admiralty-gpu-burst-5f8d',
            kind: 'admiralty',
            peer: 'gpu-burst',
            allocatable: { cpu: '8', memory: '32Gi', 'nvidia.com/gpu': '2' },
            ready: true,
          },
        ],
        effective: {
          cpu: '40',
          memory: '160Gi',
          pods: '110',
          'nvidia.com/gpu': '2',
        },
      },
    ],
    // 3 × 32 cpu + edge-1's 8, plus the 8 borrowed from outside the fleet;
    // the 16 prod-eu-2 lends through Liqo are already in its own 32.
    fleetCapacity: {
      cpu: '112',
      memory: '448Gi',
      pods: '440',
      'nvidia.com/gpu': '2',
    },
  };
}

/** GET /api/multi-cluster/addons: Kyverno in sync but drifted on one cluster, missing on another. */
export function addonReport(): AddonCoverageReport {
  return {
    addons: [
      {
        name: 'kyverno-baseline',
        category: 'policy',
        delivery: 'argocd-applicationset',
        source: 'argocd/cluster-addons on mgmt',
        clusters: [
          {
            cluster: 'prod-eu-1',
            state: 'in-sync',
            revision: '4f2c9a1',
            desiredRevision: '4f2c9a1',
          },
          {
            cluster: 'prod-eu-2',
            state: 'drifted',
            revision: '9b01e77',
            desiredRevision: '4f2c9a1',
            message: 'Application kyverno-baseline-prod-eu-2 is OutOfSync',
          },
          {
            cluster: 'prod-us-1',
            state: 'missing',
            message: 'No Application generated for prod-us-1',
          },
        ],
      },
      {
        name: 'gatekeeper-library',
        category: 'policy',
        delivery: 'karmada-clusterpropagationpolicy',
        source: 'gatekeeper-library on karmada-prod',
        clusters: [
          { cluster: 'prod-eu-1', state: 'unknown' },
          { cluster: 'prod-us-1', state: 'unknown' },
        ],
        error:
          'clusterpropagationpolicies.policy.karmada.io "gatekeeper-library" not found',
      },
    ],
  };
}

/** GET /api/multi-cluster/entities/component/default/checkout/exposure. */
export function checkoutExposure(): EntityExposure {
  return {
    entityRef: 'component:default/checkout',
    exports: [
      {
        namespace: 'shop',
        name: 'checkout',
        clusterSetHost: 'checkout.shop.svc.clusterset.local',
        exportedFrom: ['prod-eu-1', 'prod-eu-2'],
        reachableFrom: ['prod-eu-1', 'prod-eu-2'],
        problems: [],
      },
      {
        namespace: 'shop',
        name: 'checkout-admin',
        clusterSetHost: 'checkout-admin.shop.svc.clusterset.local',
        exportedFrom: [],
        reachableFrom: [],
        problems: [
          'ServiceExport shop/checkout-admin on prod-eu-1 is not valid: ServiceUnavailable',
        ],
      },
    ],
    dependencies: [
      {
        entityRef: 'component:default/payments-ledger',
        clusters: ['prod-eu-1', 'prod-eu-2'],
        unreachableFrom: [],
      },
      {
        entityRef: 'resource:default/orders-db',
        clusters: ['prod-us-1'],
        unreachableFrom: ['prod-eu-1', 'prod-eu-2'],
      },
    ],
  };
}
