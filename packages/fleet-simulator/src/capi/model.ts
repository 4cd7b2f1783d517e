/**
 * What the Cluster API simulation knows of each workload cluster (a fleet
 * member and its scenario entry), the resource types it writes, and the names
 * it gives objects. Every type is written in the version its CRD stores
 * (`storage: true` in packages/upstream-crds): the CRD files carry no
 * conversion webhook, so any other version would be relabelled and pruned.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FleetClusterDescription, FleetDescription } from '../fleet';
import type {
  Scenario,
  ScenarioCluster,
  ScenarioMachineDeployment,
} from '../scenario';
import type { ResourceType } from './kube';

export const CAPI_NAMESPACE = 'fleet-system';

export const LABELS = {
  clusterName: 'cluster.x-k8s.io/cluster-name',
  deploymentName: 'cluster.x-k8s.io/deployment-name',
  controlPlane: 'cluster.x-k8s.io/control-plane',
  region: 'topology.kubernetes.io/region',
  zone: 'topology.kubernetes.io/zone',
} as const;

export const FINALIZERS = {
  cluster: 'cluster.cluster.x-k8s.io',
  machine: 'machine.cluster.x-k8s.io',
} as const;

const core = (plural: string, kind: string): ResourceType => ({
  group: 'cluster.x-k8s.io',
  version: 'v1beta2',
  plural,
  kind,
});

export const TYPES = {
  cluster: core('clusters', 'Cluster'),
  clusterClass: core('clusterclasses', 'ClusterClass'),
  machineDeployment: core('machinedeployments', 'MachineDeployment'),
  machine: core('machines', 'Machine'),
  kubeadmControlPlane: {
    group: 'controlplane.cluster.x-k8s.io',
    version: 'v1beta2',
    plural: 'kubeadmcontrolplanes',
    kind: 'KubeadmControlPlane',
  },
  kubeadmConfigTemplate: {
    group: 'bootstrap.cluster.x-k8s.io',
    version: 'v1beta2',
    plural: 'kubeadmconfigtemplates',
    kind: 'KubeadmConfigTemplate',
  },
} satisfies Record<string, ResourceType>;

const INFRA_GROUP = 'infrastructure.cluster.x-k8s.io';

export interface InfraProvider {
  provider: string;
  cluster: ResourceType;
  machineTemplate: ResourceType;
  /** Kind of the per-Machine infrastructure object (not created here). */
  machineKind: string;
}

/** Storage versions: CAPA serves v1beta2 only; CAPG and CAPZ store v1beta1. */
export const INFRA_PROVIDERS: Record<string, InfraProvider> = {
  aws: {
    provider: 'aws',
    cluster: {
      group: INFRA_GROUP,
      version: 'v1beta2',
      plural: 'awsclusters',
      kind: 'AWSCluster',
    },
    machineTemplate: {
      group: INFRA_GROUP,
      version: 'v1beta2',
      plural: 'awsmachinetemplates',
      kind: 'AWSMachineTemplate',
    },
    machineKind: 'AWSMachine',
  },
  gcp: {
    provider: 'gcp',
    cluster: {
      group: INFRA_GROUP,
      version: 'v1beta1',
      plural: 'gcpclusters',
      kind: 'GCPCluster',
    },
    machineTemplate: {
      group: INFRA_GROUP,
      version: 'v1beta1',
      plural: 'gcpmachinetemplates',
      kind: 'GCPMachineTemplate',
    },
    machineKind: 'GCPMachine',
  },
  azure: {
    provider: 'azure',
    cluster: {
      group: INFRA_GROUP,
      version: 'v1beta1',
      plural: 'azureclusters',
      kind: 'AzureCluster',
    },
    machineTemplate: {
      group: INFRA_GROUP,
      version: 'v1beta1',
      plural: 'azuremachinetemplates',
      kind: 'AzureMachineTemplate',
    },
    machineKind: 'AzureMachine',
  },
};

/** The cloud region a fleet region stands for, per provider. */
const CLOUD_REGIONS: Record<string, Record<string, string>> = {
  aws: {
    'eu-west': 'eu-west-1',
    'us-east': 'us-east-1',
    'ap-southeast': 'ap-southeast-1',
  },
  gcp: {
    'eu-west': 'europe-west1',
    'us-east': 'us-east1',
    'ap-southeast': 'asia-southeast1',
  },
  azure: {
    'eu-west': 'westeurope',
    'us-east': 'eastus',
    'ap-southeast': 'southeastasia',
  },
};

/** One Cluster API workload cluster: a fleet member plus its scenario entry. */
export interface WorkloadCluster {
  name: string;
  region: string;
  provider: string;
  infra: InfraProvider;
  cloudRegion: string;
  environment: string;
  kubernetesVersion: string;
  zones: string[];
  nodeAllocatable: Record<string, string>;
  taints: Array<{ key: string; value?: string; effect: string }>;
  machineDeployments: ScenarioMachineDeployment[];
  /** The ClusterClass of a managed topology (`spec.topology`), if any. */
  clusterClass?: string;
  podCidrs: string[];
  serviceCidrs: string[];
  /** Where everyone but the simulator reaches it (its fault proxy). */
  publicUrl: string;
  /** Its kube-apiserver, for the simulator's own node-level work. */
  url: string;
  caCrt: string;
  adminToken: string;
  member: FleetClusterDescription;
}

export function workloadCluster(
  member: FleetClusterDescription,
  scenario: ScenarioCluster | undefined,
): WorkloadCluster {
  const provider = member.provider ?? 'aws';
  const infra = INFRA_PROVIDERS[provider];
  if (!infra) {
    throw new Error(
      `member ${member.name}: no Cluster API infrastructure provider for '${provider}'`,
    );
  }
  const region = member.region ?? 'eu-west';
  return {
    name: member.name,
    region,
    provider,
    infra,
    cloudRegion: CLOUD_REGIONS[provider]?.[region] ?? region,
    environment: member.name.split('-')[0],
    kubernetesVersion: scenario?.kubernetesVersion ?? 'v1.31.4',
    zones: scenario?.zones?.length ? scenario.zones : [`${region}-a`],
    nodeAllocatable: scenario?.nodeAllocatable ?? {
      cpu: '8',
      memory: '32Gi',
      pods: '110',
    },
    taints: scenario?.taints ?? [],
    machineDeployments: scenario?.machineDeployments ?? [
      { name: 'md-0', replicas: 2 },
    ],
    ...(scenario?.clusterClass ? { clusterClass: scenario.clusterClass } : {}),
    podCidrs: scenario?.podCidrs ?? ['192.168.0.0/16'],
    serviceCidrs: scenario?.serviceCidrs ?? ['10.128.0.0/12'],
    publicUrl: member.publicUrl,
    url: member.url,
    caCrt: fs.readFileSync(path.join(member.pkiDir, 'ca.crt'), 'utf8'),
    adminToken: member.tokens.admin,
    member,
  };
}

/** Every fleet member (in fleet.json) as a workload cluster of `capi`. */
export function workloadClusters(
  fleet: FleetDescription,
  scenario: Scenario,
): WorkloadCluster[] {
  return fleet.clusters
    .filter(c => c.kind === 'member')
    .map(member =>
      workloadCluster(
        member,
        scenario.clusters.find(s => s.name === member.name),
      ),
    );
}

export function managementCluster(
  fleet: FleetDescription,
): FleetClusterDescription {
  const capi = fleet.clusters.find(c => c.kind === 'capi');
  if (!capi)
    throw new Error('fleet.json has no Cluster API management cluster');
  return capi;
}

export const names = {
  controlPlane: (cluster: string) => `${cluster}-control-plane`,
  kubeconfigSecret: (cluster: string) => `${cluster}-kubeconfig`,
  /** MachineDeployments share the namespace, so they carry the cluster name. */
  machineDeployment: (cluster: string, md: string) =>
    md.startsWith(`${cluster}-`) ? md : `${cluster}-${md}`,
  /** A worker Machine and its Node share one name: `<cluster>-<md>-<n>`. */
  machine: (machineDeployment: string, index: number) =>
    `${machineDeployment}-${index}`,
};

/** The index of a Machine named by `names.machine`, else undefined. */
export function machineIndex(
  machineDeployment: string,
  machine: string,
): number | undefined {
  const prefix = `${machineDeployment}-`;
  if (!machine.startsWith(prefix)) return undefined;
  const rest = machine.slice(prefix.length);
  return /^\d+$/.test(rest) ? Number(rest) : undefined;
}
