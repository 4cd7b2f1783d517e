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

type WorkerPool = NormalizedCapiClusterInput['workers'][number];

/** What every object of one classic cluster is built from. */
interface ClassicContext {
  input: NormalizedCapiClusterInput;
  provider: InfrastructureProvider;
  /** The Cluster API version (v1beta1 or v1beta2). */
  v: NormalizedCapiClusterInput['apiVersion'];
  infraVersion: string;
  clusterName: string;
}

/** Builds the classic form for the given provider. */
export function buildClassicCluster(
  input: NormalizedCapiClusterInput,
  provider: InfrastructureProvider,
): KubernetesManifest[] {
  const v = input.apiVersion;
  const context: ClassicContext = {
    input,
    provider,
    v,
    infraVersion: infrastructureApiVersion(provider.provider, v),
    clusterName: capiNames.cluster(input),
  };
  const controlPlaneName = capiNames.controlPlane(input);
  return [
    clusterObject(context, controlPlaneName),
    provider.infrastructureCluster(input, v),
    controlPlaneObject(context, controlPlaneName),
    provider.machineTemplate(input, v, controlPlaneName, {
      role: 'control-plane',
    }),
    ...input.workers.flatMap(pool => workerPoolObjects(context, pool)),
  ];
}

function clusterObject(
  { input, provider, v, infraVersion, clusterName }: ClassicContext,
  controlPlaneName: string,
): KubernetesManifest {
  return {
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
}

function controlPlaneObject(
  { input, provider, v, infraVersion }: ClassicContext,
  controlPlaneName: string,
): KubernetesManifest {
  const controlPlaneInfraRef = objectReference(
    v,
    infraVersion,
    provider.machineTemplateKind,
    controlPlaneName,
  );
  return {
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
      kubeadmConfigSpec: controlPlaneKubeadmConfig(
        input,
        provider,
        controlPlaneName,
      ),
    },
  };
}

/** The control plane's kubeadm configuration, with the audit policy if any. */
function controlPlaneKubeadmConfig(
  input: NormalizedCapiClusterInput,
  provider: InfrastructureProvider,
  controlPlaneName: string,
) {
  const audit = auditConfiguration(input);
  const kubeadmConfigSpec: Record<string, unknown> = {};
  if (audit) {
    kubeadmConfigSpec.clusterConfiguration = {
      apiServer: {
        extraArgs: kubeadmArgs(input.apiVersion, audit.apiServerExtraArgs),
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
  return withFiles(kubeadmConfigSpec, [
    ...(provider.machineFiles?.(controlPlaneName, 'control-plane') ?? []),
    ...(audit?.files ?? []),
  ]);
}

/** A worker pool's KubeadmConfigTemplate, machine template and MachineDeployment. */
function workerPoolObjects(
  context: ClassicContext,
  pool: WorkerPool,
): KubernetesManifest[] {
  const { input, provider, v, clusterName } = context;
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
  return [
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
          spec: machineDeploymentSpec(context, pool, poolName),
        },
      },
    },
  ];
}

function machineDeploymentSpec(
  { v, infraVersion, clusterName, provider, input }: ClassicContext,
  pool: WorkerPool,
  poolName: string,
) {
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
  return machineSpec;
}
