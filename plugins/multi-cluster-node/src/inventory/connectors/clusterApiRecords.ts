import {
  CAPI_GROUP,
  countOf,
  type CapiObject,
} from '../../kubernetes/apis/clusterApi';
import { capiKubeconfigSecretName } from '../../kubernetes/apis/capiKubeconfig';
import { segmentationFromMetadata, withShortLabels } from '../segmentation';
import {
  ClusterCondition,
  ClusterHealthEvidence,
  ClusterLifecycle,
  ClusterRecord,
  MachineDeploymentSummary,
} from '../types';

const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';

const INFRA_PROVIDERS: Record<string, string> = {
  AWSCluster: 'aws',
  AWSManagedCluster: 'aws',
  AzureCluster: 'azure',
  AzureManagedCluster: 'azure',
  GCPCluster: 'gcp',
  GCPManagedCluster: 'gcp',
  DockerCluster: 'docker',
  VSphereCluster: 'vsphere',
  OpenStackCluster: 'openstack',
  Metal3Cluster: 'metal3',
  HetznerCluster: 'hetzner',
  OCICluster: 'oci',
};

/** A condition as served: its fields are passed on as they are. */
type ServedCondition = { [K in keyof ClusterCondition]?: unknown };

function conditions(obj: CapiObject): ClusterCondition[] | undefined {
  const list: unknown = obj?.status?.conditions;
  if (!Array.isArray(list)) {
    return undefined;
  }
  return (list as ServedCondition[]).map(c => ({
    type: String(c.type),
    status: String(c.status),
    reason: c.reason as string | undefined,
    message: c.message as string | undefined,
    lastTransitionTime: c.lastTransitionTime as string | undefined,
  }));
}

/** Replica counts of v1beta2 (with v1beta1 fallbacks) and v1beta1 objects. */
function replicaStatus(obj: CapiObject) {
  const s: NonNullable<CapiObject['status']> = obj?.status ?? {};
  const legacy: Record<string, unknown> = s.deprecated?.v1beta1 ?? {};
  return {
    replicas: countOf(obj?.spec?.replicas) ?? countOf(s.replicas),
    readyReplicas: countOf(s.readyReplicas) ?? countOf(legacy.readyReplicas),
    availableReplicas:
      countOf(s.availableReplicas) ?? countOf(legacy.availableReplicas),
    updatedReplicas:
      countOf(s.upToDateReplicas) ??
      countOf(s.updatedReplicas) ??
      countOf(legacy.updatedReplicas),
  };
}

/**
 * What Cluster API reports: `Available` (v1beta2) or `Ready`, else a
 * Failed phase. It also falls while machines roll out or scale, so the
 * health verdict weighs it only when no live observer can tell.
 */
function health(
  c: CapiObject,
  conds?: ClusterCondition[],
): ClusterHealthEvidence {
  const ready =
    conds?.find(x => x.type === 'Available') ??
    conds?.find(x => x.type === 'Ready');
  const phase = c.status?.phase;
  let status: ClusterHealthEvidence['status'] = 'unknown';
  if (ready) {
    status = ready.status === 'True' ? 'healthy' : 'unhealthy';
  } else if (phase === 'Failed') {
    status = 'unhealthy';
  }
  const why = ready
    ? `${ready.type}=${ready.status}${
        ready.message ? `: ${ready.message}` : ''
      }`
    : phase && `phase ${phase}`;
  return {
    source: 'cluster-api',
    status,
    checkedAt: new Date().toISOString(),
    ...(why ? { reason: why } : {}),
    ...(ready?.lastTransitionTime ? { since: ready.lastTransitionTime } : {}),
  };
}

/** The control plane object of a Cluster: by reference, else by cluster-name label. */
function controlPlaneOf(
  c: CapiObject,
  namespace: string,
  kcps: CapiObject[],
): CapiObject | undefined {
  const name: string = c.metadata.name;
  const cpRef = c.spec?.controlPlaneRef;
  return kcps.find(
    k =>
      k.metadata?.namespace === namespace &&
      (cpRef?.name
        ? k.metadata?.name === cpRef.name
        : k.metadata?.labels?.[CLUSTER_NAME_LABEL] === name),
  );
}

/** The MachineDeployments of a Cluster: by cluster name or cluster-name label. */
function machineDeploymentsOf(
  name: string,
  namespace: string,
  mds: CapiObject[],
): MachineDeploymentSummary[] {
  return mds
    .filter(
      md =>
        md.metadata?.namespace === namespace &&
        (md.spec?.clusterName === name ||
          md.metadata?.labels?.[CLUSTER_NAME_LABEL] === name),
    )
    .map(md => ({
      name: md.metadata.name,
      namespace,
      phase: md.status?.phase,
      version: md.spec?.template?.spec?.version,
      ...replicaStatus(md),
      conditions: conditions(md),
    }));
}

function controlPlaneSummary(
  kcp: CapiObject,
): ClusterLifecycle['controlPlane'] {
  return {
    kind: kcp.kind ?? 'KubeadmControlPlane',
    name: kcp.metadata.name,
    apiVersion: kcp.apiVersion,
    version: kcp.status?.version ?? kcp.spec?.version,
    ...replicaStatus(kcp),
    ready:
      kcp.status?.ready ??
      kcp.status?.initialization?.controlPlaneInitialized ??
      undefined,
  };
}

/** Segmentation from the Cluster's labels and annotations, the provider from its infrastructure kind. */
function capiSegmentation(c: CapiObject): ClusterRecord['fields'] {
  const fields = segmentationFromMetadata(
    c.metadata?.labels,
    c.metadata?.annotations,
  );
  const infraKind: string | undefined = c.spec?.infrastructureRef?.kind;
  fields.provider =
    fields.provider ?? (infraKind ? INFRA_PROVIDERS[infraKind] : undefined);
  fields.labels = withShortLabels(
    { ...(c.metadata?.labels ?? {}), ...fields.labels },
    fields,
  );
  return fields;
}

/**
 * One Cluster API `Cluster` as a fleet record: its control plane and
 * MachineDeployments (matched by reference or cluster-name label), its
 * lifecycle, and access through the kubeconfig Secret CAPI writes.
 */
export function capiClusterRecord(
  c: CapiObject,
  source: { id: string; managementCluster: string; version: string },
  kcps: CapiObject[],
  mds: CapiObject[],
): ClusterRecord {
  const name: string = c.metadata.name;
  const namespace: string = c.metadata.namespace ?? 'default';
  const kcp = controlPlaneOf(c, namespace, kcps);
  const machineDeployments = machineDeploymentsOf(name, namespace, mds);
  const conds = conditions(c);
  const kubeVersion: string | undefined =
    c.spec?.topology?.version ?? kcp?.spec?.version ?? kcp?.status?.version;
  const lifecycle: ClusterLifecycle = {
    managementCluster: source.managementCluster,
    namespace,
    name,
    apiVersion: `${CAPI_GROUP}/${source.version}`,
    phase: c.status?.phase,
    version: kubeVersion,
    topology: Boolean(c.spec?.topology),
    conditions: conds,
    controlPlane: kcp ? controlPlaneSummary(kcp) : undefined,
    machineDeployments,
  };
  const fields = capiSegmentation(c);
  fields.kubernetesVersion = kubeVersion;
  fields.lifecycle = lifecycle;
  return {
    name,
    source: 'cluster-api',
    sourceId: source.id,
    fields,
    // The kubeconfig Cluster API writes for every Cluster; the factory
    // reads it when the cluster is called.
    access: {
      kind: 'capi-kubeconfig',
      managementCluster: source.managementCluster,
      namespace,
      secretName: capiKubeconfigSecretName(name),
    },
    health: health(c, conds),
  };
}
