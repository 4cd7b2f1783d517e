/**
 * What seeding writes into Karmada, as pure functions of the fleet and the
 * scenario: each proxy-reached member's Cluster and Secrets (as
 * `karmadactl join` would register it), the scenario's Karmada workloads
 * (resource template + PropagationPolicy) and its add-ons propagated by a
 * ClusterPropagationPolicy.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FleetClusterDescription, FleetDescription } from '../fleet';
import type { Scenario, ScenarioAddon, ScenarioWorkload } from '../scenario';
import type { Cluster } from './clusterTypes';
import { CLUSTER_API_VERSION } from './clusterTypes';
import { KARMADA_CLUSTER_NAMESPACE } from './kube';
import {
  activePassiveOverridePolicy,
  activePassivePlacement,
} from './activePassive';

export const KUBERNETES_ID_LABEL = 'backstage.io/kubernetes-id';
/** Namespace of the add-on resources Karmada propagates. */
export const ADDON_NAMESPACE = 'flotilla-addons';
/** Image of seeded workloads: never pulled (no kubelet runs), only shown. */
export const WORKLOAD_IMAGE = 'registry.k8s.io/pause:3.9';

export function karmadaMembers(
  fleet: FleetDescription,
): FleetClusterDescription[] {
  return fleet.clusters.filter(
    c => c.kind === 'member' && c.access === 'karmada-proxy',
  );
}

export function memberSecrets(member: FleetClusterDescription) {
  const token = member.tokens['karmada-controller'];
  if (!token)
    throw new Error(
      `fleet.json gives member ${member.name} no karmada-controller token`,
    );
  const caBundle = fs.readFileSync(path.join(member.pkiDir, 'ca.crt'), 'utf8');
  const secret = (name: string, data: Record<string, string>) => ({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace: KARMADA_CLUSTER_NAMESPACE },
    type: 'Opaque',
    stringData: data,
  });
  return [
    secret(member.name, { token, caBundle }),
    // Karmada's proxy authenticates with the impersonator's token.
    secret(`${member.name}-impersonator`, { token }),
  ];
}

/** `prod-eu-west-aws-1` → `prod`. */
export function environmentOf(name: string): string {
  return name.split('-')[0];
}

export function clusterManifest(
  member: FleetClusterDescription,
  scenario: Scenario,
): Cluster {
  const described = scenario.clusters.find(c => c.name === member.name);
  const labels: Record<string, string> = {
    'flotilla.io/environment': environmentOf(member.name),
  };
  if (member.region) labels['flotilla.io/region'] = member.region;
  if (member.provider) labels['flotilla.io/provider'] = member.provider;
  return {
    apiVersion: CLUSTER_API_VERSION,
    kind: 'Cluster',
    metadata: { name: member.name, labels },
    spec: {
      syncMode: 'Push',
      apiEndpoint: member.publicUrl,
      secretRef: { namespace: KARMADA_CLUSTER_NAMESPACE, name: member.name },
      impersonatorSecretRef: {
        namespace: KARMADA_CLUSTER_NAMESPACE,
        name: `${member.name}-impersonator`,
      },
      provider: member.provider,
      region: member.region,
      zones: described?.zones,
      taints: described?.taints?.map(t => ({
        key: t.key,
        value: t.value,
        effect: t.effect as 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute',
      })),
    },
  };
}

/** A scenario workload is a Karmada one when every cluster it names is a Karmada member here. */
export function isKarmadaWorkload(
  workload: ScenarioWorkload,
  fleet: FleetDescription,
): boolean {
  const members = new Set(karmadaMembers(fleet).map(m => m.name));
  const clusters = [
    ...Object.keys(workload.replicas),
    ...(workload.passive ?? []),
  ];
  return clusters.length > 0 && clusters.every(c => members.has(c));
}

export function workloadManifests(workload: ScenarioWorkload) {
  const id = workload.kubernetesId;
  const named = Object.keys(workload.replicas).sort();
  // A cluster with 0 replicas stays a candidate (affinity) without weight:
  // Karmada's static weights start at 1.
  const placed = Object.entries(workload.replicas)
    .filter(([, replicas]) => replicas > 0)
    .sort(([a], [b]) => a.localeCompare(b));
  const total = placed.reduce((sum, [, replicas]) => sum + replicas, 0);
  const labels = { [KUBERNETES_ID_LABEL]: id, app: id };
  const namespace = {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: workload.namespace },
  };
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: id, namespace: workload.namespace, labels },
    spec: {
      replicas: total,
      selector: { matchLabels: { app: id } },
      template: {
        metadata: { labels },
        spec: {
          containers: [
            {
              name: id,
              image: WORKLOAD_IMAGE,
              ...(workload.requests
                ? { resources: { requests: workload.requests } }
                : {}),
            },
          ],
        },
      },
    },
  };
  const propagationPolicy = {
    apiVersion: 'policy.karmada.io/v1alpha1',
    kind: 'PropagationPolicy',
    metadata: {
      name: id,
      namespace: workload.namespace,
      labels: { [KUBERNETES_ID_LABEL]: id },
    },
    spec: {
      resourceSelectors: [
        { apiVersion: 'apps/v1', kind: 'Deployment', name: id },
      ],
      placement: workload.passive
        ? activePassivePlacement(workload)
        : {
            clusterAffinity: { clusterNames: named },
            replicaScheduling: {
              replicaSchedulingType: 'Divided',
              replicaDivisionPreference: 'Weighted',
              weightPreference: {
                staticWeightList: placed.map(([cluster, replicas]) => ({
                  targetCluster: { clusterNames: [cluster] },
                  weight: replicas,
                })),
              },
            },
          },
    },
  };
  const overridePolicy = workload.passive
    ? activePassiveOverridePolicy(workload, { [KUBERNETES_ID_LABEL]: id })
    : undefined;
  return { namespace, deployment, propagationPolicy, overridePolicy };
}

export function isKarmadaAddon(addon: ScenarioAddon): boolean {
  return addon.delivery === 'karmada-clusterpropagationpolicy';
}

/**
 * The add-on as Karmada propagates it: a ConfigMap naming its source and
 * revision, and a ClusterPropagationPolicy named after the add-on placing it
 * on every Karmada member the scenario does not mark `missing`.
 */
export function addonManifests(addon: ScenarioAddon, fleet: FleetDescription) {
  const members = new Set(karmadaMembers(fleet).map(m => m.name));
  const clusters = Object.entries(addon.clusters)
    .filter(([cluster, s]) => members.has(cluster) && s.state !== 'missing')
    .map(([cluster]) => cluster)
    .sort();
  const configMap = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: addon.name,
      namespace: ADDON_NAMESPACE,
      labels: {
        'flotilla.io/addon': addon.name,
        'flotilla.io/addon-category': addon.category,
      },
    },
    data: { source: addon.source, revision: addon.desiredRevision ?? '' },
  };
  const policy = {
    apiVersion: 'policy.karmada.io/v1alpha1',
    kind: 'ClusterPropagationPolicy',
    metadata: { name: addon.name, labels: { 'flotilla.io/addon': addon.name } },
    spec: {
      resourceSelectors: [
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          namespace: ADDON_NAMESPACE,
          name: addon.name,
        },
      ],
      placement: {
        clusterAffinity: { clusterNames: clusters },
        replicaScheduling: { replicaSchedulingType: 'Duplicated' },
      },
    },
  };
  /**
   * A `drifted` member already holds a different, unmanaged copy: Karmada
   * (conflictResolution Abort) refuses to take it over, so the binding
   * reports it not applied there.
   */
  const drifted = Object.entries(addon.clusters)
    .filter(([cluster, s]) => members.has(cluster) && s.state === 'drifted')
    .map(([cluster, s]) => ({
      cluster,
      configMap: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: addon.name, namespace: ADDON_NAMESPACE },
        data: { source: addon.source, revision: s.revision ?? 'local-edit' },
      },
    }));
  return { configMap, policy, drifted };
}
