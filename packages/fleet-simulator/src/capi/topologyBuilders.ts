/**
 * A ClusterClass-managed workload cluster as a platform team writes it:
 * the ClusterClass (v1beta2: templates by `templateRef`) and the Cluster's
 * `spec.topology` (class, version, control plane and MachineDeployments by
 * class). The simulator does not render objects from the templates: the
 * seed creates the control plane and MachineDeployments itself, labelled as
 * the topology controller labels what it owns.
 */
import { CAPI_NAMESPACE, TYPES, WorkloadCluster } from './model';
import { apiVersionOf } from './kube';

export const WORKER_CLASS = 'default-worker';
export const TOPOLOGY_LABELS = {
  owned: 'topology.cluster.x-k8s.io/owned',
  deploymentName: 'topology.cluster.x-k8s.io/deployment-name',
} as const;

const templateRef = (apiVersion: string, kind: string, name: string) => ({
  apiVersion,
  kind,
  name,
});

export function clusterClassObject(wc: WorkloadCluster, clusterClass: string) {
  const infraVersion = apiVersionOf(wc.infra.machineTemplate);
  return {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'ClusterClass',
    metadata: { name: clusterClass, namespace: CAPI_NAMESPACE },
    spec: {
      controlPlane: {
        templateRef: templateRef(
          apiVersionOf(TYPES.kubeadmControlPlane),
          'KubeadmControlPlaneTemplate',
          `${clusterClass}-control-plane`,
        ),
      },
      infrastructure: {
        templateRef: templateRef(
          apiVersionOf(wc.infra.cluster),
          `${wc.infra.cluster.kind}Template`,
          clusterClass,
        ),
      },
      workers: {
        machineDeployments: [
          {
            class: WORKER_CLASS,
            bootstrap: {
              templateRef: templateRef(
                apiVersionOf(TYPES.kubeadmConfigTemplate),
                TYPES.kubeadmConfigTemplate.kind,
                `${clusterClass}-worker`,
              ),
            },
            infrastructure: {
              templateRef: templateRef(
                infraVersion,
                wc.infra.machineTemplate.kind,
                `${clusterClass}-worker`,
              ),
            },
          },
        ],
      },
    },
  };
}

/** `spec.topology` of the Cluster. */
export function topologyOf(wc: WorkloadCluster, clusterClass: string) {
  return {
    classRef: { name: clusterClass },
    version: wc.kubernetesVersion,
    controlPlane: { replicas: wc.environment === 'prod' ? 3 : 1 },
    workers: {
      machineDeployments: wc.machineDeployments.map(md => ({
        class: WORKER_CLASS,
        name: md.name,
        replicas: md.replicas,
      })),
    },
  };
}

/** Labels the topology controller puts on what it owns. */
export function topologyOwned<
  T extends { metadata: { labels?: Record<string, string> } },
>(object: T, machineDeployment?: string): T {
  return {
    ...object,
    metadata: {
      ...object.metadata,
      labels: {
        ...object.metadata.labels,
        [TOPOLOGY_LABELS.owned]: '',
        ...(machineDeployment
          ? { [TOPOLOGY_LABELS.deploymentName]: machineDeployment }
          : {}),
      },
    },
  };
}
