/**
 * The managed-topology form: a single Cluster whose `spec.topology` points at
 * a ClusterClass that owns the control plane, bootstrap and infrastructure
 * templates.
 */
import { KubernetesManifest } from '../types';
import { capiNames, objectMeta } from './common';
import { clusterNetwork } from './classic';
import { NormalizedCapiClusterInput } from './types';
import { CAPI_CORE_GROUP } from './versions';

/** Builds a Cluster with `spec.topology`. */
export function buildTopologyCluster(
  input: NormalizedCapiClusterInput,
): KubernetesManifest[] {
  const topologyInput = input.topology!;
  const v = input.apiVersion;
  const classRef =
    typeof topologyInput.classRef === 'string'
      ? { name: topologyInput.classRef }
      : topologyInput.classRef;
  const machineTypeOverride = (machineType: string | undefined) =>
    topologyInput.machineTypeVariable && machineType
      ? {
          variables: {
            overrides: [
              { name: topologyInput.machineTypeVariable, value: machineType },
            ],
          },
        }
      : {};

  const topology: Record<string, unknown> =
    v === 'v1beta2'
      ? { classRef: { ...classRef } }
      : {
          class: classRef.name,
          ...(classRef.namespace ? { classNamespace: classRef.namespace } : {}),
        };
  topology.version = input.kubernetesVersion;
  topology.controlPlane = {
    replicas: input.controlPlane.replicas,
    ...machineTypeOverride(input.controlPlane.machineType),
  };
  topology.workers = {
    machineDeployments: input.workers.map(pool => ({
      class: pool.class ?? topologyInput.workerClass,
      name: pool.name,
      replicas: pool.replicas,
      ...(pool.failureDomain ? { failureDomain: pool.failureDomain } : {}),
      ...(pool.labels ? { metadata: { labels: { ...pool.labels } } } : {}),
      ...machineTypeOverride(pool.machineType),
    })),
  };
  if (topologyInput.variables && topologyInput.variables.length > 0) {
    topology.variables = topologyInput.variables.map(variable => ({
      ...variable,
    }));
  }

  return [
    {
      apiVersion: `${CAPI_CORE_GROUP}/${v}`,
      kind: 'Cluster',
      metadata: {
        ...objectMeta(input, capiNames.cluster(input)),
        ...(input.annotations ? { annotations: { ...input.annotations } } : {}),
      },
      spec: {
        clusterNetwork: clusterNetwork(input),
        ...(input.controlPlaneEndpoint
          ? { controlPlaneEndpoint: { ...input.controlPlaneEndpoint } }
          : {}),
        topology,
      },
    },
  ];
}
