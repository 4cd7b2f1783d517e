/**
 * Cluster lifecycle against the real Cluster API management cluster: the
 * backend scales a MachineDeployment and upgrades the classic (no
 * ClusterClass) workload cluster staging-us-east-gcp-1 with
 * resourceVersion-guarded merge patches, the control plane first and then
 * each MachineDeployment (the simulator plays Cluster API, which moves a
 * classic cluster's workers only when their own spec changes: Machines and
 * the member's Nodes follow), also while a concurrent writer forces a real
 * 409, refuses invalid upgrades, and deletes a throwaway Cluster only when
 * its name is typed again. Every case reads what the API server stores, as the fleet's
 * operator; the audit log shows what the backend's identity sent.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import type {
  ClusterUpgrade,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import { BACKEND_USER, ConcurrentWriter } from './harness/concurrentWriter';
import { eventually } from '@flotilla/test-kit';
import { adminClients, clusterNamed } from './harness/fleet';
import { useBackend } from './harness/suite';

jest.setTimeout(600_000);

const { fleet, backend } = useBackend({ name: 'lifecycle', port: 7134 });
const capi = adminClients(clusterNamed(fleet, 'capi'));

/** The only seeded workload cluster this suite changes (and restores). */
const WORKLOAD = 'staging-us-east-gcp-1';
const NAMESPACE = 'fleet-system';
const MACHINE_DEPLOYMENT = `${WORKLOAD}-md-general`;
const CONTROL_PLANE = `${WORKLOAD}-control-plane`;
const WRITER_ANNOTATION = 'it.flotilla.io/concurrent-writer';

const CAPI_GROUP = 'cluster.x-k8s.io';
const CONTROL_PLANE_GROUP = 'controlplane.cluster.x-k8s.io';
const VERSION = 'v1beta2';

interface ObjectRef {
  group: string;
  plural: string;
  name: string;
}

const machineDeploymentRef: ObjectRef = {
  group: CAPI_GROUP,
  plural: 'machinedeployments',
  name: MACHINE_DEPLOYMENT,
};
const controlPlaneRef: ObjectRef = {
  group: CONTROL_PLANE_GROUP,
  plural: 'kubeadmcontrolplanes',
  name: CONTROL_PLANE,
};
const clusterRef = (name: string): ObjectRef => ({
  group: CAPI_GROUP,
  plural: 'clusters',
  name,
});

/** What the API server stores, read as the fleet's operator. */
async function stored(ref: ObjectRef): Promise<any> {
  return capi.custom.getNamespacedCustomObject({
    group: ref.group,
    version: VERSION,
    namespace: NAMESPACE,
    plural: ref.plural,
    name: ref.name,
  });
}

/** Undefined when the object is gone. */
async function storedIfPresent(ref: ObjectRef): Promise<any | undefined> {
  try {
    return await stored(ref);
  } catch (error) {
    if ((error as { code?: number }).code === 404) return undefined;
    throw error;
  }
}

/** A JSON merge patch as the fleet's operator (someone other than Flotilla). */
async function patchAsOperator(ref: ObjectRef, body: object): Promise<any> {
  return capi.custom.patchNamespacedCustomObject(
    {
      group: ref.group,
      version: VERSION,
      namespace: NAMESPACE,
      plural: ref.plural,
      name: ref.name,
      body,
      fieldManager: 'flotilla-integration',
    },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  );
}

interface AuditEvent {
  stage: string;
  verb: string;
  user: { username: string };
  objectRef?: {
    apiGroup?: string;
    resource?: string;
    subresource?: string;
    namespace?: string;
    name?: string;
  };
  responseStatus?: { code?: number };
  requestReceivedTimestamp: string;
}

/**
 * Status codes of the backend's `verb` requests on one object since `since`,
 * in order, from the capi kube-apiserver's audit log (Metadata level for the
 * backend's identity).
 */
function backendRequestCodes(
  ref: ObjectRef,
  verb: string,
  since: number,
): number[] {
  const file = path.join(fleet.dir, 'logs', 'capi.audit.log');
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(line => line.includes(ref.name))
    .map(line => JSON.parse(line) as AuditEvent)
    .filter(
      e =>
        e.stage === 'ResponseComplete' &&
        e.verb === verb &&
        e.user.username === BACKEND_USER &&
        e.objectRef?.apiGroup === ref.group &&
        e.objectRef?.resource === ref.plural &&
        !e.objectRef?.subresource &&
        e.objectRef?.namespace === NAMESPACE &&
        e.objectRef?.name === ref.name &&
        Date.parse(e.requestReceivedTimestamp) >= since,
    )
    .map(e => e.responseStatus?.code ?? 0);
}

/** The member's Nodes that the MachineDeployment's Machines registered. */
async function workerNodes() {
  const member = adminClients(clusterNamed(fleet, WORKLOAD));
  const { items } = await member.core.listNode({
    labelSelector: `cluster.x-k8s.io/deployment-name=${MACHINE_DEPLOYMENT}`,
  });
  return items.map(node => ({
    name: node.metadata!.name!,
    kubeletVersion: node.status!.nodeInfo!.kubeletVersion,
  }));
}

/** The kubelet versions the worker Nodes run (one when no rollout is under way). */
async function kubeletVersions(): Promise<string[]> {
  const nodes = await workerNodes();
  return [...new Set(nodes.map(node => node.kubeletVersion))].sort();
}

/** The cluster as the backend's inventory holds it (it refreshes every 30 s). */
async function inventoryCluster(name: string): Promise<FleetCluster> {
  return backend().ok<FleetCluster>(
    'GET',
    `/api/multi-cluster/clusters/${name}`,
  );
}

function scale(replicas: number) {
  return backend().request(
    'POST',
    `/api/multi-cluster/clusters/${WORKLOAD}/scale`,
    {
      machineDeployment: MACHINE_DEPLOYMENT,
      replicas,
    },
  );
}

function upgrade(version: string) {
  return backend().request(
    'POST',
    `/api/multi-cluster/clusters/${WORKLOAD}/upgrade`,
    { version },
  );
}

function parseVersion(version: string) {
  const [major, minor, patch] = version
    .replace(/^v/, '')
    .split('.')
    .map(Number);
  return { major, minor, patch };
}

/** `v1.32.1` -> `v1.32.(1 + n)`. */
function laterPatch(version: string, n: number): string {
  const { major, minor, patch } = parseVersion(version);
  return `v${major}.${minor}.${patch + n}`;
}

/** `v1.32.1` -> `v1.(32 + n).0`. */
function otherMinor(version: string, n: number): string {
  const { major, minor } = parseVersion(version);
  return `v${major}.${minor + n}.0`;
}

// What the workload cluster looked like before the suite; restored after each case.
let originalReplicas: number;
let originalVersion: string;

/** Waits until the backend's inventory holds the control plane version the server stores. */
async function inventoryShowsStoredVersion() {
  await eventually(async () => {
    const { spec } = await stored(controlPlaneRef);
    const cluster = await inventoryCluster(WORKLOAD);
    expect(cluster.lifecycle?.version).toBe(spec.version);
  }, 120_000);
}

/**
 * Puts the control plane and the workers back on the original version, as
 * the operator, each object itself (nothing in Cluster API moves a classic
 * cluster's MachineDeployments).
 */
async function restoreVersion() {
  await patchAsOperator(controlPlaneRef, {
    metadata: { annotations: { [WRITER_ANNOTATION]: null } },
    spec: { version: originalVersion },
  });
  await eventually(async () => {
    const kcp = await stored(controlPlaneRef);
    expect(kcp.status?.version).toBe(originalVersion);
  }, 120_000);
  await patchAsOperator(machineDeploymentRef, {
    spec: { template: { spec: { version: originalVersion } } },
  });
  await eventually(async () => {
    expect(await kubeletVersions()).toEqual([originalVersion]);
  }, 240_000);
}

async function restoreReplicas() {
  await patchAsOperator(machineDeploymentRef, {
    metadata: { annotations: { [WRITER_ANNOTATION]: null } },
    spec: { replicas: originalReplicas },
  });
  await eventually(async () => {
    expect(await workerNodes()).toHaveLength(originalReplicas);
  }, 180_000);
}

beforeAll(async () => {
  const md = await stored(machineDeploymentRef);
  const kcp = await stored(controlPlaneRef);
  originalReplicas = md.spec.replicas;
  originalVersion = kcp.spec.version;
  // The cases restore these and compare against them: a rollout still under
  // way (a half-finished earlier run) would make them wrong.
  const workers = md.spec.template.spec.version;
  if (workers !== originalVersion || kcp.status?.version !== originalVersion) {
    throw new Error(
      `${WORKLOAD} is rolling out (control plane ${kcp.spec.version}, running ${kcp.status?.version}, workers ${workers}): restore it first`,
    );
  }
});

describe('scaling a MachineDeployment', () => {
  afterEach(restoreReplicas, 240_000);

  it('changes spec.replicas on the server and the member’s Nodes follow; scales back', async () => {
    await eventually(async () => {
      const cluster = await inventoryCluster(WORKLOAD);
      expect(cluster.lifecycle?.machineDeployments.map(m => m.name)).toContain(
        MACHINE_DEPLOYMENT,
      );
    }, 120_000);
    expect(await workerNodes()).toHaveLength(originalReplicas);
    const target = originalReplicas + 1;

    const up = await scale(target);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      cluster: WORKLOAD,
      machineDeployment: MACHINE_DEPLOYMENT,
      namespace: NAMESPACE,
      previousReplicas: originalReplicas,
      replicas: target,
      source: 'cluster-api',
    });
    expect((await stored(machineDeploymentRef)).spec.replicas).toBe(target);
    await eventually(async () => {
      expect(await workerNodes()).toHaveLength(target);
      const status = (await stored(machineDeploymentRef)).status;
      expect(status.readyReplicas).toBe(target);
    }, 180_000);

    const down = await scale(originalReplicas);
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({
      previousReplicas: target,
      replicas: originalReplicas,
    });
    expect((await stored(machineDeploymentRef)).spec.replicas).toBe(
      originalReplicas,
    );
    await eventually(async () => {
      expect(await workerNodes()).toHaveLength(originalReplicas);
    }, 180_000);
  });

  it('re-reads and retries after a real 409 from a concurrent annotation, keeping it', async () => {
    let writes = 0;
    const writer = await ConcurrentWriter.start({
      kubeConfig: capi.kubeConfig,
      apiGroup: CAPI_GROUP,
      resource: 'machinedeployments',
      namespace: NAMESPACE,
      name: MACHINE_DEPLOYMENT,
      write: async () => {
        writes += 1;
        await patchAsOperator(machineDeploymentRef, {
          metadata: { annotations: { [WRITER_ANNOTATION]: `${writes}` } },
        });
      },
    });
    try {
      await writer.waitUntilActive();
      const since = Date.now();
      const target = originalReplicas + 1;

      const res = await scale(target);
      writer.assertWrote();
      // The connector re-reads after a 409 and retries (up to
      // multiCluster.conflictRetries, 3): the caller sees a success after
      // more than one attempt.
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        replicas: target,
        previousReplicas: originalReplicas,
      });
      expect(res.body.attempts).toBeGreaterThanOrEqual(2);

      const md = await stored(machineDeploymentRef);
      expect(md.spec.replicas).toBe(target);
      expect(md.metadata.annotations[WRITER_ANNOTATION]).toBe(`${writes}`);
      await eventually(async () => {
        const codes = backendRequestCodes(machineDeploymentRef, 'patch', since);
        expect(codes[0]).toBe(409);
        expect(codes[codes.length - 1]).toBe(200);
        expect(codes).toHaveLength(res.body.attempts);
      });
    } finally {
      await writer.stop();
    }
  });

  it('re-reads a concurrent scale by someone else and reports the count it replaced', async () => {
    // The request is an absolute replica count: after the 409 the backend
    // applies it to the object as it now is, and its answer names the
    // other writer's count as the previous one, so nothing is replaced
    // unseen.
    const concurrentReplicas = originalReplicas + 2;
    const target = originalReplicas + 1;
    let armed = false;
    let writes = 0;
    const writer = await ConcurrentWriter.start({
      kubeConfig: capi.kubeConfig,
      apiGroup: CAPI_GROUP,
      resource: 'machinedeployments',
      namespace: NAMESPACE,
      name: MACHINE_DEPLOYMENT,
      // Until armed, an annotation only (waitUntilActive repeats it); the
      // held update then meets a change of spec.replicas.
      write: async () => {
        writes += 1;
        await patchAsOperator(
          machineDeploymentRef,
          armed
            ? { spec: { replicas: concurrentReplicas } }
            : {
                metadata: { annotations: { [WRITER_ANNOTATION]: `${writes}` } },
              },
        );
      },
    });
    try {
      await writer.waitUntilActive();
      armed = true;
      const since = Date.now();

      const res = await scale(target);
      writer.assertWrote();
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        replicas: target,
        previousReplicas: concurrentReplicas,
      });
      expect(res.body.attempts).toBeGreaterThanOrEqual(2);
      expect((await stored(machineDeploymentRef)).spec.replicas).toBe(target);
      await eventually(async () => {
        const codes = backendRequestCodes(machineDeploymentRef, 'patch', since);
        expect(codes[0]).toBe(409);
        expect(codes[codes.length - 1]).toBe(200);
      });
      await eventually(async () => {
        expect(await workerNodes()).toHaveLength(target);
      }, 180_000);
    } finally {
      await writer.stop();
    }
  });
});

describe('upgrading the control plane', () => {
  beforeEach(inventoryShowsStoredVersion, 180_000);
  afterEach(restoreVersion, 420_000);

  it('re-reads and retries after a real 409 from a concurrent annotation, then moves the workers itself, step by step', async () => {
    const target = laterPatch(originalVersion, 1);
    let writes = 0;
    const writer = await ConcurrentWriter.start({
      kubeConfig: capi.kubeConfig,
      apiGroup: CONTROL_PLANE_GROUP,
      resource: 'kubeadmcontrolplanes',
      namespace: NAMESPACE,
      name: CONTROL_PLANE,
      write: async () => {
        writes += 1;
        await patchAsOperator(controlPlaneRef, {
          metadata: { annotations: { [WRITER_ANNOTATION]: `${writes}` } },
        });
      },
    });
    let since = 0;
    let res: Awaited<ReturnType<typeof upgrade>>;
    try {
      await writer.waitUntilActive();
      since = Date.now();

      res = await upgrade(target);
      writer.assertWrote();
      expect(res.status).toBe(200);
      // Without a ClusterClass topology the backend patches the
      // KubeadmControlPlane's spec.version.
      expect(res.body).toMatchObject({
        cluster: WORKLOAD,
        target: 'control-plane',
        objectName: CONTROL_PLANE,
        previousVersion: originalVersion,
        version: target,
      });
      expect(res.body.attempts).toBeGreaterThanOrEqual(2);

      const kcp = await stored(controlPlaneRef);
      expect(kcp.spec.version).toBe(target);
      expect(kcp.metadata.annotations[WRITER_ANNOTATION]).toBe(`${writes}`);
      await eventually(async () => {
        const codes = backendRequestCodes(controlPlaneRef, 'patch', since);
        expect(codes[0]).toBe(409);
        expect(codes[codes.length - 1]).toBe(200);
        expect(codes).toHaveLength(res.body.attempts);
      });
    } finally {
      await writer.stop();
    }

    expect(res.body.upgrade).toMatchObject({
      cluster: WORKLOAD,
      version: target,
      management: 'classic',
      status: 'in-progress',
    });
    // Cluster API (the simulator) rolls the control plane out; then the
    // backend sets the MachineDeployment's version (Cluster API moves a
    // classic cluster's workers only when their spec changes), and the
    // member's kubelets report the new version.
    const finished = await eventually(async () => {
      const latest = await backend().ok<ClusterUpgrade>(
        'GET',
        `/api/multi-cluster/clusters/${WORKLOAD}/upgrade`,
      );
      expect(latest.status).toBe('succeeded');
      return latest;
    }, 420_000);
    expect(finished.steps.map(s => [s.kind, s.name, s.status])).toEqual([
      ['control-plane', CONTROL_PLANE, 'done'],
      ['machine-deployment', MACHINE_DEPLOYMENT, 'done'],
    ]);
    expect((await stored(controlPlaneRef)).status?.version).toBe(target);
    expect(
      (await stored(machineDeploymentRef)).spec.template.spec.version,
    ).toBe(target);
    expect(await kubeletVersions()).toEqual([target]);
    expect(backendRequestCodes(machineDeploymentRef, 'patch', since)).toContain(
      200,
    );
  });

  it('does not roll back a newer version someone else set meanwhile: 409, their version stays', async () => {
    const requested = laterPatch(originalVersion, 1);
    const concurrent = laterPatch(originalVersion, 2);
    let armed = false;
    let writes = 0;
    const writer = await ConcurrentWriter.start({
      kubeConfig: capi.kubeConfig,
      apiGroup: CONTROL_PLANE_GROUP,
      resource: 'kubeadmcontrolplanes',
      namespace: NAMESPACE,
      name: CONTROL_PLANE,
      write: async () => {
        writes += 1;
        await patchAsOperator(
          controlPlaneRef,
          armed
            ? { spec: { version: concurrent } }
            : {
                metadata: { annotations: { [WRITER_ANNOTATION]: `${writes}` } },
              },
        );
      },
    });
    try {
      await writer.waitUntilActive();
      armed = true;
      const since = Date.now();

      const res = await upgrade(requested);
      writer.assertWrote();
      // Applying the request after the re-read would downgrade the control
      // plane from the other writer's version: refused as a conflict.
      expect(res.status).toBe(409);
      expect(res.body.error.message).toContain(concurrent);
      expect(res.body.error.message).toMatch(/downgrade/);
      expect((await stored(controlPlaneRef)).spec.version).toBe(concurrent);
      await eventually(async () => {
        expect(backendRequestCodes(controlPlaneRef, 'patch', since)).toEqual([
          409,
        ]);
      });
    } finally {
      await writer.stop();
    }
  });

  it.each([
    ['a downgrade', (v: string) => otherMinor(v, -1)],
    ['a skipped minor version', (v: string) => otherMinor(v, 2)],
    ['a major version', (v: string) => `v${parseVersion(v).major + 1}.0.0`],
    ['a malformed version', (v: string) => v.replace(/\.\d+$/, '')],
  ])('refuses %s with a 400 and changes nothing', async (_title, target) => {
    const version = target(originalVersion);
    const before = await stored(controlPlaneRef);
    const since = Date.now();

    const res = await upgrade(version);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/version/);

    const after = await stored(controlPlaneRef);
    expect(after.spec.version).toBe(originalVersion);
    expect(after.metadata.generation).toBe(before.metadata.generation);
    expect(backendRequestCodes(controlPlaneRef, 'patch', since)).toEqual([]);
  });
});

describe('deleting a cluster', () => {
  const name = `it-delete-${crypto.randomBytes(4).toString('hex')}`;
  const ref = clusterRef(name);

  afterAll(async () => {
    // Whatever is left: nothing here runs the garbage collector that would
    // clear the foreground-deletion finalizer.
    const left = await storedIfPresent(ref);
    if (!left) return;
    await patchAsOperator(ref, { metadata: { finalizers: null } });
    await capi.custom
      .deleteNamespacedCustomObject({
        group: ref.group,
        version: VERSION,
        namespace: NAMESPACE,
        plural: ref.plural,
        name,
      })
      .catch(() => undefined);
  }, 60_000);

  it('deletes only with the cluster name typed again', async () => {
    await capi.custom.createNamespacedCustomObject({
      group: CAPI_GROUP,
      version: VERSION,
      namespace: NAMESPACE,
      plural: 'clusters',
      body: {
        apiVersion: `${CAPI_GROUP}/${VERSION}`,
        kind: 'Cluster',
        metadata: {
          name,
          labels: { 'flotilla.io/environment': 'dev' },
        },
        spec: {
          clusterNetwork: { pods: { cidrBlocks: ['10.244.0.0/16'] } },
        },
      },
    });
    // Listed at the next inventory refresh (every 30 s).
    const inventoried = await eventually(() => inventoryCluster(name), 120_000);
    expect(inventoried.lifecycle).toMatchObject({
      managementCluster: 'capi',
      namespace: NAMESPACE,
      name,
    });

    const since = Date.now();
    const refusals = [
      undefined,
      {},
      { confirm: '' },
      { confirm: 'staging-us-east-gcp-1' },
      { confirm: name.toUpperCase() },
      { confirm: `${name} ` },
    ];
    for (const body of refusals) {
      const res = await backend().request(
        'DELETE',
        `/api/multi-cluster/clusters/${name}`,
        body,
      );
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.error.message).toMatch(/confirm/);
    }
    const kept = await stored(ref);
    expect(kept.metadata.deletionTimestamp).toBeUndefined();
    expect(backendRequestCodes(ref, 'delete', since)).toEqual([]);

    const res = await backend().request(
      'DELETE',
      `/api/multi-cluster/clusters/${name}`,
      { confirm: name },
    );
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      cluster: name,
      namespace: NAMESPACE,
      name,
      deletionRequested: true,
    });
    // Foreground deletion: the API server marks the Cluster deleted; the
    // garbage collector (not running here) would remove it once its
    // dependents are gone.
    const deleted = await storedIfPresent(ref);
    expect(deleted === undefined || !!deleted.metadata.deletionTimestamp).toBe(
      true,
    );
    await eventually(async () => {
      const codes = backendRequestCodes(ref, 'delete', since);
      expect(codes).toHaveLength(1);
      expect(codes[0] === 200 || codes[0] === 202).toBe(true);
    });
    // Cluster API (the simulator) marks it Deleting, and the inventory says so.
    await eventually(async () => {
      const deleting = await backend().request<FleetCluster>(
        'GET',
        `/api/multi-cluster/clusters/${name}`,
      );
      expect(
        deleting.status === 404 ||
          deleting.body.lifecycle?.phase === 'Deleting',
      ).toBe(true);
    }, 120_000);
  });
});
