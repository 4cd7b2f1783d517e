/**
 * The Cluster API objects of one workload cluster, as a platform team's
 * manifests (spec) plus what CAPI's controllers write (the kubeconfig
 * Secret). Pure: the seed creates them, tests read them.
 */
import { createHash } from 'node:crypto';
import { stringify } from 'yaml';
import {
  CAPI_NAMESPACE,
  FINALIZERS,
  LABELS,
  TYPES,
  WorkloadCluster,
  names,
} from './model';
import type { MachineDeployment } from './capiObjects';
import type { CustomObject } from './customObject';
import type { ScenarioMachineDeployment } from '../scenario';
import { apiVersionOf, ResourceType } from './kube';

const ref = (t: ResourceType, name: string) => ({
  apiGroup: t.group,
  kind: t.kind,
  name,
});

export interface OwnerRef {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** An ownerReference to `obj`, as controller-runtime's SetControllerReference writes it. */
export function ownerReference(obj: CustomObject, controller = true): OwnerRef {
  return {
    apiVersion: obj.apiVersion!,
    kind: obj.kind!,
    name: obj.metadata.name,
    uid: obj.metadata.uid!,
    ...(controller ? { controller: true, blockOwnerDeletion: true } : {}),
  };
}

const meta = (
  name: string,
  cluster: string,
  extra: Record<string, unknown> = {},
) => ({
  name,
  namespace: CAPI_NAMESPACE,
  labels: { [LABELS.clusterName]: cluster },
  ...extra,
});

export function clusterObject(wc: WorkloadCluster) {
  return {
    apiVersion: apiVersionOf(TYPES.cluster),
    kind: TYPES.cluster.kind,
    metadata: {
      name: wc.name,
      namespace: CAPI_NAMESPACE,
      // A platform team's segmentation labels: the inventory reads them.
      labels: {
        'flotilla.io/environment': wc.environment,
        'flotilla.io/region': wc.region,
        'flotilla.io/provider': wc.provider,
      },
      annotations: { 'flotilla.io/zones': wc.zones.join(',') },
      finalizers: [FINALIZERS.cluster],
    },
    spec: {
      clusterNetwork: {
        pods: { cidrBlocks: wc.podCidrs },
        services: { cidrBlocks: wc.serviceCidrs },
      },
      controlPlaneEndpoint: controlPlaneEndpoint(wc),
      controlPlaneRef: ref(
        TYPES.kubeadmControlPlane,
        names.controlPlane(wc.name),
      ),
      infrastructureRef: ref(wc.infra.cluster, wc.name),
    },
  };
}

function controlPlaneEndpoint(wc: WorkloadCluster) {
  const url = new URL(wc.publicUrl);
  return { host: url.hostname, port: Number(url.port || 443) };
}

/** AWSCluster / GCPCluster / AzureCluster, each with its provider's required fields. */
export function infraClusterObject(wc: WorkloadCluster) {
  const t = wc.infra.cluster;
  const spec: Record<string, unknown> = {
    controlPlaneEndpoint: controlPlaneEndpoint(wc),
  };
  if (wc.provider === 'aws') spec.region = wc.cloudRegion;
  if (wc.provider === 'gcp') {
    spec.project = 'flotilla-fleet';
    spec.region = wc.cloudRegion;
  }
  if (wc.provider === 'azure') {
    spec.location = wc.cloudRegion;
    spec.resourceGroup = wc.name;
  }
  return {
    apiVersion: apiVersionOf(t),
    kind: t.kind,
    metadata: meta(wc.name, wc.name),
    spec,
  };
}

/** The provider's machine template: the scenario's instance type, else one sized from the Node allocatable. */
export function machineTemplateObject(
  wc: WorkloadCluster,
  name: string,
  md?: ScenarioMachineDeployment,
) {
  const t = wc.infra.machineTemplate;
  const allocatable = md?.nodeAllocatable ?? wc.nodeAllocatable;
  const cpu = Number.parseInt(allocatable.cpu ?? '8', 10) || 8;
  const sized = (map: Record<number, string>, fallback: string) =>
    md?.instanceType ?? map[cpu] ?? fallback;
  let spec: Record<string, unknown>;
  if (wc.provider === 'gcp') {
    spec = {
      instanceType: sized(
        { 4: 'n2-standard-4', 8: 'n2-standard-8', 16: 'n2-standard-16' },
        'n2-standard-8',
      ),
    };
  } else if (wc.provider === 'azure') {
    spec = {
      vmSize: sized(
        { 4: 'Standard_D4s_v5', 8: 'Standard_D8s_v5', 16: 'Standard_D16s_v5' },
        'Standard_D8s_v5',
      ),
      osDisk: { osType: 'Linux', diskSizeGB: 128 },
    };
  } else {
    spec = {
      instanceType: sized(
        { 4: 'm6i.xlarge', 8: 'm6i.2xlarge', 16: 'm6i.4xlarge' },
        'm6i.2xlarge',
      ),
    };
  }
  return {
    apiVersion: apiVersionOf(t),
    kind: t.kind,
    metadata: meta(name, wc.name),
    spec: { template: { spec } },
  };
}

/** The instance type a machine template names. */
export function instanceTypeOf(
  template:
    | {
        spec?: {
          template?: { spec?: { instanceType?: string; vmSize?: string } };
        };
      }
    | undefined,
): string | undefined {
  const spec = template?.spec?.template?.spec;
  return spec?.instanceType ?? spec?.vmSize;
}

/** Kubelets of cloud machines defer to the external cloud provider. */
const joinConfiguration = () => ({
  nodeRegistration: {
    kubeletExtraArgs: [{ name: 'cloud-provider', value: 'external' }],
  },
});

export function kubeadmConfigTemplateObject(wc: WorkloadCluster, name: string) {
  return {
    apiVersion: apiVersionOf(TYPES.kubeadmConfigTemplate),
    kind: TYPES.kubeadmConfigTemplate.kind,
    metadata: meta(name, wc.name),
    spec: { template: { spec: { joinConfiguration: joinConfiguration() } } },
  };
}

export function kubeadmControlPlaneObject(wc: WorkloadCluster) {
  const name = names.controlPlane(wc.name);
  return {
    apiVersion: apiVersionOf(TYPES.kubeadmControlPlane),
    kind: TYPES.kubeadmControlPlane.kind,
    metadata: meta(name, wc.name),
    spec: {
      replicas: wc.environment === 'prod' ? 3 : 1,
      version: wc.kubernetesVersion,
      machineTemplate: {
        spec: { infrastructureRef: ref(wc.infra.machineTemplate, name) },
      },
      kubeadmConfigSpec: {
        clusterConfiguration: {
          apiServer: { certSANs: [controlPlaneEndpoint(wc).host] },
        },
        initConfiguration: joinConfiguration(),
        joinConfiguration: joinConfiguration(),
      },
    },
  };
}

export function machineDeploymentObject(
  wc: WorkloadCluster,
  md: { name: string; replicas: number },
) {
  const name = names.machineDeployment(wc.name, md.name);
  const selector = {
    [LABELS.clusterName]: wc.name,
    [LABELS.deploymentName]: name,
  };
  return {
    apiVersion: apiVersionOf(TYPES.machineDeployment),
    kind: TYPES.machineDeployment.kind,
    metadata: meta(name, wc.name),
    spec: {
      clusterName: wc.name,
      replicas: md.replicas,
      selector: { matchLabels: selector },
      template: {
        metadata: { labels: selector },
        spec: {
          clusterName: wc.name,
          version: wc.kubernetesVersion,
          bootstrap: { configRef: ref(TYPES.kubeadmConfigTemplate, name) },
          infrastructureRef: ref(wc.infra.machineTemplate, name),
        },
      },
    },
  };
}

/** A short stable hex id (instance ids, VM ids) from a name. */
export function stableId(name: string, length = 17): string {
  return createHash('sha256').update(name).digest('hex').slice(0, length);
}

/** The cloud provider ID the kubelet's cloud provider reports for a Node. */
export function providerId(
  wc: Pick<WorkloadCluster, 'provider' | 'name'>,
  zone: string,
  nodeName: string,
): string {
  if (wc.provider === 'gcp') {
    return `gce://flotilla-fleet/${zone}/${nodeName}`;
  }
  if (wc.provider === 'azure') {
    const sub = stableId('subscription', 8);
    return `azure:///subscriptions/${sub}-0000-0000-0000-000000000000/resourceGroups/${wc.name}/providers/Microsoft.Compute/virtualMachines/${nodeName}`;
  }
  return `aws:///${zone}/i-${stableId(nodeName)}`;
}

/** The zone of the n-th Machine of a MachineDeployment: spread round-robin. */
export function zoneOf(wc: Pick<WorkloadCluster, 'zones'>, index: number) {
  return wc.zones[index % wc.zones.length];
}

/** A worker Machine as the MachineSet controller creates it. */
export function machineObject(
  wc: WorkloadCluster,
  md: MachineDeployment,
  index: number,
  now: Date,
) {
  const mdName: string = md.metadata.name;
  const name = names.machine(mdName, index);
  const zone = zoneOf(wc, index);
  return {
    apiVersion: apiVersionOf(TYPES.machine),
    kind: TYPES.machine.kind,
    metadata: {
      name,
      namespace: CAPI_NAMESPACE,
      labels: {
        ...(md.spec?.template?.metadata?.labels ?? {}),
        [LABELS.clusterName]: wc.name,
        [LABELS.deploymentName]: mdName,
      },
      annotations: { 'flotilla.io/created-at': now.toISOString() },
      finalizers: [FINALIZERS.machine],
      ...(md.metadata.uid ? { ownerReferences: [ownerReference(md)] } : {}),
    },
    spec: {
      clusterName: wc.name,
      version: md.spec?.template?.spec?.version ?? wc.kubernetesVersion,
      bootstrap: { dataSecretName: `${name}-bootstrap` },
      infrastructureRef: {
        apiGroup: wc.infra.machineTemplate.group,
        kind: wc.infra.machineKind,
        name,
      },
      providerID: providerId(wc, zone, name),
      failureDomain: zone,
    },
  };
}

/** The kubeconfig Cluster API writes for a workload cluster (key `value`). */
export function kubeconfigYaml(
  wc: Pick<WorkloadCluster, 'name' | 'publicUrl' | 'caCrt' | 'adminToken'>,
): string {
  const user = `${wc.name}-admin`;
  const context = `${user}@${wc.name}`;
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: wc.name,
        cluster: {
          server: wc.publicUrl,
          'certificate-authority-data': Buffer.from(wc.caCrt).toString(
            'base64',
          ),
        },
      },
    ],
    contexts: [{ name: context, context: { cluster: wc.name, user } }],
    'current-context': context,
    preferences: {},
    users: [{ name: user, user: { token: wc.adminToken } }],
  });
}

/** `<name>-kubeconfig`, type cluster.x-k8s.io/secret, owned by the control plane. */
export function kubeconfigSecret(wc: WorkloadCluster, owner?: CustomObject) {
  return {
    metadata: {
      name: names.kubeconfigSecret(wc.name),
      namespace: CAPI_NAMESPACE,
      labels: { [LABELS.clusterName]: wc.name },
      ...(owner?.metadata?.uid
        ? { ownerReferences: [ownerReference(owner)] }
        : {}),
    },
    type: 'cluster.x-k8s.io/secret',
    data: { value: Buffer.from(kubeconfigYaml(wc)).toString('base64') },
  };
}
