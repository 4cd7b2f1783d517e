import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import type { FleetCluster, PlacedCluster } from './clusters';
import { file, pkiDir, publicUrl, SIMULATOR_PORT } from './layout';
import { token } from './tokens';

type ClustersOfKind = (kind: FleetCluster['kind']) => PlacedCluster[];

function endpoint(placed: PlacedCluster) {
  return {
    name: placed.cluster.name,
    url: publicUrl(placed),
    caData: fs
      .readFileSync(path.join(pkiDir(placed.cluster), 'ca.crt'))
      .toString('base64'),
  };
}

/** An endpoint with the backend's own token. */
function withBackendToken(placed: PlacedCluster) {
  return { ...endpoint(placed), token: token(placed.cluster, 'flotilla') };
}

/**
 * Fleet-wide add-ons and where their deliveries are read: Argo CD and
 * Rancher Fleet on the management cluster, a ClusterPropagationPolicy on the
 * Karmada control plane (as the simulator's scenario has them).
 */
function addons(of: ClustersOfKind) {
  return [
    of('capi').length > 0 && {
      name: 'kyverno-baseline',
      category: 'policy',
      delivery: {
        type: 'argocd-applicationset',
        cluster: 'capi',
        namespace: 'argocd',
        name: 'cluster-addons-kyverno',
      },
    },
    of('capi').length > 0 && {
      name: 'monitoring',
      category: 'monitoring',
      delivery: {
        type: 'fleet-gitrepo',
        cluster: 'capi',
        namespace: 'fleet-default',
        name: 'kube-prometheus-stack',
      },
    },
    of('karmada').length > 0 && {
      name: 'gatekeeper-network-policies',
      category: 'policy',
      requiredOn: { matchLabels: 'flotilla.io/environment=prod' },
      delivery: {
        type: 'karmada-clusterpropagationpolicy',
        controlPlane: 'karmada',
        name: 'gatekeeper-network-policies',
      },
    },
  ].filter(Boolean);
}

/** The directly reached members, in the kubernetes plugin's config. */
function directMembers(of: ClustersOfKind) {
  return of('member')
    .filter(({ cluster }) => cluster.access === 'direct')
    .map(c => ({
      ...endpoint(c),
      authProvider: 'serviceAccount',
      serviceAccountToken: token(c.cluster, 'flotilla'),
      skipMetricsLookup: true,
    }));
}

/**
 * How Backstage reaches the fleet, written as a platform team configures
 * real clusters: the Karmada control plane, the Cluster API management
 * cluster and the OCM hub under `multiCluster`, the directly reached members
 * under the kubernetes plugin's `clusterLocatorMethods`, each with its URL,
 * CA and the backend's own token. Members behind Karmada or Cluster API are
 * not listed: Flotilla finds them there.
 */
export function writeAppConfig(clusters: PlacedCluster[]): void {
  const of: ClustersOfKind = kind =>
    clusters.filter(({ cluster }) => cluster.kind === kind);
  const config = {
    multiCluster: {
      karmada: of('karmada').map(withBackendToken),
      clusterApi: of('capi').map(c => ({
        ...withBackendToken(c),
        namespaces: ['fleet-system'],
      })),
      // The OCM hub: its ManagedClusters and the Placements of entities.
      ocm: of('ocm').map(withBackendToken),
      addons: addons(of),
      failover: {
        // `{fleet}` in a service's flotilla.io/health-probe: the simulator's
        // control API serves GET /health/{cluster}/{service} for every member.
        healthProbe: { fleetUrl: `http://127.0.0.1:${SIMULATOR_PORT}` },
        // Argo CD and Flux keep their objects on the management cluster:
        // the failover runbook pauses them there (deploy/rbac/gitops-pause.yaml).
        argocd: { cluster: of('capi')[0]?.cluster.name },
        flux: { cluster: of('capi')[0]?.cluster.name },
      },
    },
    kubernetes: {
      clusterLocatorMethods: [{ type: 'config', clusters: directMembers(of) }],
    },
  };
  fs.writeFileSync(
    file('app-config.yaml'),
    `# Written by scripts/fleet.sh up: Backstage's configuration for the local fleet.\n${stringify(
      config,
    )}`,
    { mode: 0o600 },
  );
}
