/**
 * An upgrade of a ClusterClass-managed cluster against the real Cluster API
 * management cluster: dev-eu-west-aws-1 is seeded with `spec.topology`
 * (ClusterClass aws-standard), so the backend writes only
 * `spec.topology.version` and follows the topology's progress; Cluster API's
 * topology controller (played by the simulator after Cluster API v1.11.9
 * desired_state.go) takes the control plane to it first and the
 * MachineDeployments after, and the member's kubelets report it.
 */
import { PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import type { ClusterUpgrade } from '@flotilla/plugin-multi-cluster-common';
import { eventually } from '@flotilla/test-kit';
import { adminClients, clusterNamed } from './harness/fleet';
import { useBackend } from './harness/suite';

jest.setTimeout(900_000);

const { fleet, backend } = useBackend({
  name: 'cluster-class-upgrade',
  port: 7145,
});
const capi = adminClients(clusterNamed(fleet, 'capi'));

const WORKLOAD = 'dev-eu-west-aws-1';
const NAMESPACE = 'fleet-system';
const MACHINE_DEPLOYMENT = `${WORKLOAD}-md-general`;
const CONTROL_PLANE = `${WORKLOAD}-control-plane`;

const ref = (group: string, plural: string, name: string) => ({
  group,
  version: 'v1beta2',
  namespace: NAMESPACE,
  plural,
  name,
});
const clusterRef = ref('cluster.x-k8s.io', 'clusters', WORKLOAD);
const controlPlaneRef = ref(
  'controlplane.cluster.x-k8s.io',
  'kubeadmcontrolplanes',
  CONTROL_PLANE,
);
const machineDeploymentRef = ref(
  'cluster.x-k8s.io',
  'machinedeployments',
  MACHINE_DEPLOYMENT,
);

const stored = (r: typeof clusterRef): Promise<any> =>
  capi.custom.getNamespacedCustomObject(r);

function setTopologyVersion(version: string) {
  return capi.custom.patchNamespacedCustomObject(
    { ...clusterRef, body: { spec: { topology: { version } } } },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  );
}

/** The kubelet versions of the member's worker Nodes. */
async function kubeletVersions(): Promise<string[]> {
  const { items } = await adminClients(
    clusterNamed(fleet, WORKLOAD),
  ).core.listNode({
    labelSelector: `cluster.x-k8s.io/deployment-name=${MACHINE_DEPLOYMENT}`,
  });
  return [
    ...new Set(items.map(n => n.status!.nodeInfo!.kubeletVersion)),
  ].sort();
}

/** Everything of the cluster at `version`, rolled out. */
async function runs(version: string) {
  expect((await stored(controlPlaneRef)).status?.version).toBe(version);
  expect((await stored(machineDeploymentRef)).spec.template.spec.version).toBe(
    version,
  );
  expect(await kubeletVersions()).toEqual([version]);
}

const laterPatch = (version: string) =>
  version.replace(/\.(\d+)$/, (_m, patch) => `.${Number(patch) + 1}`);

describe('upgrading a ClusterClass-managed cluster', () => {
  let original: string;

  beforeAll(async () => {
    original = (await stored(clusterRef)).spec.topology.version;
    await eventually(() => runs(original), 240_000);
  });

  afterAll(async () => {
    // As the operator, through the topology (nothing here refuses going back).
    await setTopologyVersion(original);
    await eventually(() => runs(original), 420_000);
  }, 600_000);

  it('sets spec.topology.version only and follows the topology to the kubelets', async () => {
    const target = laterPatch(original);
    const res = await eventually(async () => {
      const answer = await backend().request(
        'POST',
        `/api/multi-cluster/clusters/${WORKLOAD}/upgrade`,
        { version: target },
      );
      // 404/400 until the inventory lists the cluster with its lifecycle.
      expect(answer.status).toBe(200);
      return answer;
    }, 180_000);
    expect(res.body).toMatchObject({
      cluster: WORKLOAD,
      target: 'topology',
      objectName: WORKLOAD,
      previousVersion: original,
      version: target,
      upgrade: { management: 'topology', status: 'in-progress' },
    });
    expect((await stored(clusterRef)).spec.topology.version).toBe(target);
    // The control plane is Cluster API's to move, not the backend's.
    expect((await stored(controlPlaneRef)).spec.version).toBe(original);

    const upgrade = await eventually(async () => {
      const latest = await backend().ok<ClusterUpgrade>(
        'GET',
        `/api/multi-cluster/clusters/${WORKLOAD}/upgrade`,
      );
      expect(latest.status).toBe('succeeded');
      return latest;
    }, 600_000);
    expect(upgrade.steps.map(s => [s.kind, s.status])).toEqual([
      ['topology', 'done'],
      ['control-plane', 'done'],
      ['machine-deployment', 'done'],
    ]);
    expect(upgrade.steps[0].detail).toMatch(/^TopologyReconciled True/);
    await runs(target);
  });
});
