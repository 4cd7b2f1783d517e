/**
 * The classic (non-topology) form: Cluster, KubeadmControlPlane, one
 * KubeadmConfigTemplate and MachineDeployment per worker pool, and the
 * provider's infrastructure objects.
 */
import { KubernetesManifest } from '../types';
import { auditConfiguration } from './audit';
import {
  capiNames,
  CLUSTER_NAME_LABEL,
  DEPLOYMENT_NAME_LABEL,
  InfrastructureProvider,
  kubeadmArgs,
  KubeadmFile,
  objectMeta,
  objectReference,
} from './common';
import { NormalizedCapiClusterInput } from './types';
import {
  CAPI_BOOTSTRAP_GROUP,
  CAPI_CONTROL_PLANE_GROUP,
  CAPI_CORE_GROUP,
  infrastructureApiVersion,
} from './versions';

/** spec.clusterNetwork of a Cluster. */
export function clusterNetwork(input: NormalizedCapiClusterInput) {
  const network: Record<string, unknown> = {};
  if (input.apiServerPort !== undefined)
    network.apiServerPort = input.apiServerPort;
  network.pods = { cidrBlocks: [...input.podCidrs] };
  network.services = { cidrBlocks: [...input.serviceCidrs] };
  network.serviceDomain = input.serviceDomain;
  return network;
}

function nodeRegistration(
  input: NormalizedCapiClusterInput,
  provider: InfrastructureProvider,
) {
  const registration: Record<string, unknown> = {};
  if (provider.nodeRegistrationName)
    registration.name = provider.nodeRegistrationName;
  registration.kubeletExtraArgs = kubeadmArgs(
    input.apiVersion,
    provider.kubeletExtraArgs(),
  );
  return registration;
}

function withFiles(spec: Record<string, unknown>, files: KubeadmFile[]) {
  // v1beta2 lists have minItems: 1, so an empty list is left out.
  if (files.length > 0) spec.files = files;
  return spec;
}

/** Builds the classic form for the given provider. */
export function buildClassicCluster(
  input: NormalizedCapiClusterInput,
  provider: InfrastructureProvider,
): KubernetesManifest[] {
  const v = input.apiVersion;
  const infraVersion = infrastructureApiVersion(provider.provider, v);
  const clusterName = capiNames.cluster(input);
  const controlPlaneName = capiNames.controlPlane(input);

  const cluster: KubernetesManifest = {
    apiVersion: `${CAPI_CORE_GROUP}/${v}`,
    kind: 'Cluster',
    metadata: {
      ...objectMeta(input, clusterName),
      ...(input.annotations ? { annotations: { ...input.annotations } } : {}),
    },
    spec: {
      clusterNetwork: clusterNetwork(input),
      ...(input.controlPlaneEndpoint
        ? { controlPlaneEndpoint: { ...input.controlPlaneEndpoint } }
        : {}),
      controlPlaneRef: objectReference(
        v,
        `${CAPI_CONTROL_PLANE_GROUP}/${v}`,
        'KubeadmControlPlane',
        controlPlaneName,
      ),
      infrastructureRef: objectReference(
        v,
        infraVersion,
        provider.clusterKind,
        clusterName,
      ),
    },
  };

  const audit = auditConfiguration(input);
  const controlPlaneInfraRef = objectReference(
    v,
    infraVersion,
    provider.machineTemplateKind,
    controlPlaneName,
  );
  const kubeadmConfigSpec: Record<string, unknown> = {};
  if (audit) {
    kubeadmConfigSpec.clusterConfiguration = {
      apiServer: {
        extraArgs: kubeadmArgs(v, audit.apiServerExtraArgs),
        extraVolumes: audit.extraVolumes,
      },
    };
  }
  kubeadmConfigSpec.initConfiguration = {
    nodeRegistration: nodeRegistration(input, provider),
  };
  kubeadmConfigSpec.joinConfiguration = {
    nodeRegistration: nodeRegistration(input, provider),
  };
  withFiles(kubeadmConfigSpec, [
    ...(provider.machineFiles?.(controlPlaneName, 'control-plane') ?? []),
    ...(audit?.files ?? []),
  ]);

  const controlPlane: KubernetesManifest = {
    apiVersion: `${CAPI_CONTROL_PLANE_GROUP}/${v}`,
    kind: 'KubeadmControlPlane',
    metadata: objectMeta(input, controlPlaneName),
    spec: {
      replicas: input.controlPlane.replicas,
      version: input.kubernetesVersion,
      machineTemplate:
        v === 'v1beta2'
          ? { spec: { infrastructureRef: controlPlaneInfraRef } }
          : { infrastructureRef: controlPlaneInfraRef },
      kubeadmConfigSpec,
    },
  };

  const manifests: KubernetesManifest[] = [
    cluster,
    provider.infrastructureCluster(input, v),
    controlPlane,
    provider.machineTemplate(input, v, controlPlaneName, {
      role: 'control-plane',
    }),
  ];

  for (const pool of input.workers) {
    const poolName = capiNames.pool(input, pool.name);
    const selectorLabels = {
      [CLUSTER_NAME_LABEL]: clusterName,
      [DEPLOYMENT_NAME_LABEL]: poolName,
    };
    const bootstrapSpec = withFiles(
      {
        joinConfiguration: {
          nodeRegistration: nodeRegistration(input, provider),
        },
      },
      provider.machineFiles?.(poolName, 'worker') ?? [],
    );
    const machineSpec: Record<string, unknown> = {
      clusterName,
      version: input.kubernetesVersion,
      bootstrap: {
        configRef: objectReference(
          v,
          `${CAPI_BOOTSTRAP_GROUP}/${v}`,
          'KubeadmConfigTemplate',
          poolName,
        ),
      },
      infrastructureRef: objectReference(
        v,
        infraVersion,
        provider.machineTemplateKind,
        poolName,
      ),
    };
    if (pool.failureDomain) machineSpec.failureDomain = pool.failureDomain;
    manifests.push(
      {
        apiVersion: `${CAPI_BOOTSTRAP_GROUP}/${v}`,
        kind: 'KubeadmConfigTemplate',
        metadata: objectMeta(input, poolName),
        spec: { template: { spec: bootstrapSpec } },
      },
      provider.machineTemplate(input, v, poolName, { role: 'worker', pool }),
      {
        apiVersion: `${CAPI_CORE_GROUP}/${v}`,
        kind: 'MachineDeployment',
        metadata: objectMeta(input, poolName),
        spec: {
          clusterName,
          replicas: pool.replicas,
          selector: { matchLabels: selectorLabels },
          template: {
            metadata: { labels: { ...(pool.labels ?? {}), ...selectorLabels } },
            spec: machineSpec,
          },
        },
      },
    );
  }
  return manifests;
}
