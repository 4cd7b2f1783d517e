import { FakeKubernetesApi, ResourceType } from './fakeKubernetesApi';
import { InMemoryFleet, InMemoryWorkloadSpec } from './InMemoryFleet';

/** A workload cluster of the test fleet, as its Cluster API objects say. */
export interface CapiClusterSpec {
  name: string;
  /** Labels of the `Cluster` (region, provider, environment, ...). */
  labels: Record<string, string>;
  /** Annotations of the `Cluster`, e.g. a declared `flotilla.io/capacity`. */
  annotations?: Record<string, string>;
  kubernetesVersion: string;
  /** The Cluster's `Available` condition (and the member's /readyz). Default true. */
  available?: boolean;
  /** Names are unique in the management namespace, e.g. `<cluster>-md-0`. */
  machineDeployments: { name: string; replicas: number }[];
  /** Allocatable of the cluster's one Node. */
  allocatable: Record<string, string>;
  /** More objects in the workload cluster (fabrics, networks, ...). */
  objects?: { type: ResourceType; object: any }[];
}

export const CAPI_NAMESPACE = 'fleet-system';
const TOKEN = 'capi-management-token';
const CLUSTERS: ResourceType = {
  group: 'cluster.x-k8s.io',
  version: 'v1beta2',
  resource: 'clusters',
};
const MACHINE_DEPLOYMENTS: ResourceType = {
  ...CLUSTERS,
  resource: 'machinedeployments',
};
const CONTROL_PLANES: ResourceType = {
  group: 'controlplane.cluster.x-k8s.io',
  version: 'v1beta2',
  resource: 'kubeadmcontrolplanes',
};
const SECRETS: ResourceType = { group: '', version: 'v1', resource: 'secrets' };
const NODES: ResourceType = { group: '', version: 'v1', resource: 'nodes' };

function kubeconfig(name: string, url: string, caData: string, token: string) {
  return [
    'apiVersion: v1',
    'kind: Config',
    `clusters: [{ name: ${name}, cluster: { server: '${url}', certificate-authority-data: ${caData} } }]`,
    `users: [{ name: ${name}-admin, user: { token: ${token} } }]`,
    `contexts: [{ name: ${name}, context: { cluster: ${name}, user: ${name}-admin } }]`,
    `current-context: ${name}`,
  ].join('\n');
}

/**
 * A fleet managed by Cluster API, over real HTTPS: an in-memory management
 * cluster holding each workload cluster's `Cluster`, `KubeadmControlPlane`,
 * `MachineDeployment`s and `<cluster>-kubeconfig` Secret, and one in-memory
 * API server per workload cluster (a Node, the services' Deployments). The
 * plugin finds it from `multiCluster.clusterApi` alone, as it finds a real
 * one. The management cluster plays the CAPI controllers: a
 * MachineDeployment's ready replicas and a control plane's version follow
 * their spec.
 */
export class ClusterApiTestFleet {
  private constructor(
    readonly management: FakeKubernetesApi,
    readonly members: InMemoryFleet,
  ) {}

  static async start(options: {
    clusters: CapiClusterSpec[];
    workloads?: InMemoryWorkloadSpec[];
  }): Promise<ClusterApiTestFleet> {
    const members = await InMemoryFleet.start({
      // An unavailable cluster's API server does not answer /readyz either.
      clusters: options.clusters.map(c => ({
        name: c.name,
        ready: c.available !== false,
      })),
      workloads: options.workloads,
    });
    const management = await new FakeKubernetesApi({
      name: 'capi',
      token: TOKEN,
    }).start();
    management.onWrite((type, object) => {
      if (type.resource === 'machinedeployments') {
        const replicas = object.spec?.replicas ?? 0;
        object.status = {
          ...object.status,
          phase: 'Running',
          replicas,
          readyReplicas: replicas,
          availableReplicas: replicas,
          upToDateReplicas: replicas,
        };
      }
      if (type.resource === 'clusters' && object.metadata.deletionTimestamp) {
        object.status = { ...object.status, phase: 'Deleting' };
      }
      if (type.resource === 'kubeadmcontrolplanes') {
        object.status = { ...object.status, version: object.spec?.version };
      }
    });
    for (const c of options.clusters) {
      const member = members.api(c.name);
      member.put(NODES, {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: `${c.name}-node-1` },
        status: {
          allocatable: c.allocatable,
          capacity: c.allocatable,
          conditions: [{ type: 'Ready', status: 'True' }],
        },
      });
      for (const { type, object } of c.objects ?? []) {
        member.put(type, object);
      }
      const meta = (name: string, labels: Record<string, string> = {}) => ({
        name,
        namespace: CAPI_NAMESPACE,
        labels: { 'cluster.x-k8s.io/cluster-name': c.name, ...labels },
      });
      management.put(CLUSTERS, {
        apiVersion: 'cluster.x-k8s.io/v1beta2',
        kind: 'Cluster',
        metadata: {
          name: c.name,
          namespace: CAPI_NAMESPACE,
          labels: c.labels,
          annotations: c.annotations,
          // As CAPI's controller does: a deleted Cluster stays, Deleting,
          // until its machines are gone.
          finalizers: ['cluster.cluster.x-k8s.io'],
        },
        spec: {
          controlPlaneRef: {
            apiGroup: 'controlplane.cluster.x-k8s.io',
            kind: 'KubeadmControlPlane',
            name: `${c.name}-control-plane`,
          },
        },
        status: {
          phase: 'Provisioned',
          conditions: [
            {
              type: 'Available',
              status: c.available === false ? 'False' : 'True',
              reason: c.available === false ? 'NotAvailable' : 'Available',
              message: c.available === false ? 'control plane unreachable' : '',
              lastTransitionTime: new Date().toISOString(),
            },
          ],
        },
      });
      management.put(CONTROL_PLANES, {
        apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
        kind: 'KubeadmControlPlane',
        metadata: meta(`${c.name}-control-plane`),
        spec: { replicas: 3, version: c.kubernetesVersion },
        status: {
          version: c.kubernetesVersion,
          replicas: 3,
          readyReplicas: 3,
          upToDateReplicas: 3,
          initialization: { controlPlaneInitialized: true },
        },
      });
      for (const md of c.machineDeployments) {
        management.put(MACHINE_DEPLOYMENTS, {
          apiVersion: 'cluster.x-k8s.io/v1beta2',
          kind: 'MachineDeployment',
          metadata: meta(md.name),
          spec: {
            clusterName: c.name,
            replicas: md.replicas,
            template: {
              spec: { clusterName: c.name, version: c.kubernetesVersion },
            },
          },
          status: {
            phase: 'Running',
            replicas: md.replicas,
            readyReplicas: md.replicas,
            availableReplicas: md.replicas,
            upToDateReplicas: md.replicas,
          },
        });
      }
      const [member0] = members.configClusters.filter(m => m.name === c.name);
      management.put(SECRETS, {
        apiVersion: 'v1',
        kind: 'Secret',
        type: 'cluster.x-k8s.io/secret',
        metadata: meta(`${c.name}-kubeconfig`),
        data: {
          value: Buffer.from(
            kubeconfig(c.name, member.url, member.caData, member0.token!),
          ).toString('base64'),
        },
      });
    }
    return new ClusterApiTestFleet(management, members);
  }

  async stop(): Promise<void> {
    await Promise.all([this.management.stop(), this.members.stop()]);
  }

  /** `multiCluster.clusterApi`, as an app-config names the management cluster. */
  get clusterApiConfig() {
    return [
      {
        name: 'capi',
        url: this.management.url,
        caData: this.management.caData,
        token: TOKEN,
        namespaces: [CAPI_NAMESPACE],
      },
    ];
  }

  /** The MachineDeployment as the management cluster holds it. */
  machineDeployment(cluster: string, name: string) {
    const md = this.management.get(MACHINE_DEPLOYMENTS, CAPI_NAMESPACE, name);
    return md?.spec?.clusterName === cluster ? md : undefined;
  }

  controlPlane(cluster: string) {
    return this.management.get(
      CONTROL_PLANES,
      CAPI_NAMESPACE,
      `${cluster}-control-plane`,
    );
  }

  cluster(name: string) {
    return this.management.get(CLUSTERS, CAPI_NAMESPACE, name);
  }
}
