/**
 * End to end against a running local fleet with `capi` and at least one
 * member, and no simulator of its own (this test runs the seeding, the fault
 * proxies and the controllers itself):
 *
 *   FLOTILLA_FLEET_DIR=.fleet-own FLOTILLA_FLEET_PORT_BASE=39440 \
 *   FLOTILLA_FLEET_ONLY=capi,prod-us-east-azure-1,staging-us-east-gcp-1 \
 *   FLOTILLA_FLEET_SIMULATOR=off bash scripts/fleet.sh up
 *   FLOTILLA_TEST_FLEET_DIR=$(realpath ../../.fleet-own) yarn backstage-cli package test src/capi/capi.fleet.test.ts
 *
 * Skipped without FLOTILLA_TEST_FLEET_DIR.
 */
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import type { SimulatorContext, Stoppable } from '../context';
import { kubeConfigFor, readFleet } from '../fleet';
import { startFaults } from '../faults';
import { loadScenario } from '../scenario';
import { findCondition } from './conditions';
import { CustomObjects } from './kube';
import { CAPI_NAMESPACE, LABELS, TYPES, names } from './model';
import { seedClusterApi, startClusterApi } from './index';
import { eventually } from '@flotilla/test-kit';

const fleetDir = process.env.FLOTILLA_TEST_FLEET_DIR;
const describeFleet = fleetDir ? describe : describe.skip;

jest.setTimeout(120_000);

describeFleet('Cluster API on the local fleet', () => {
  let ctx: SimulatorContext;
  let capi: CustomObjects;
  const running: Stoppable[] = [];
  const abort = new AbortController();
  let member: ReturnType<typeof readFleet>['clusters'][number];
  let mdName: string;

  const memberNodes = async (selector: string) =>
    (
      await kubeConfigFor(member)
        .makeApiClient(CoreV1Api)
        .listNode({ labelSelector: selector })
    ).items;

  /** The backend's write: a merge patch guarded by the resourceVersion read. */
  const patchAsBackend = async (t: any, name: string, body: any) => {
    const current = await capi.get<any>(t, CAPI_NAMESPACE, name);
    await capi.mergePatch(t, CAPI_NAMESPACE, name, {
      ...body,
      metadata: { resourceVersion: current.metadata.resourceVersion },
    });
  };

  beforeAll(async () => {
    process.env.FLOTILLA_SIM_MACHINE_DELAY_MS = '300';
    process.env.FLOTILLA_SIM_ROLLOUT_MS = '1500';
    const fleet = readFleet(fleetDir);
    ctx = {
      fleet,
      scenario: loadScenario(),
      log: process.env.FLOTILLA_TEST_LOG ? m => console.log(m) : () => {},
      signal: abort.signal,
    };
    member = fleet.clusters.find(c => c.kind === 'member')!;
    running.push(await startFaults(ctx));
    await seedClusterApi(ctx);
    // Idempotent: a second seed changes nothing and does not fail.
    await seedClusterApi(ctx);
    running.push(await startClusterApi(ctx));
    capi = new CustomObjects(
      kubeConfigFor(fleet.clusters.find(c => c.kind === 'capi')!),
    );
    const scenarioCluster = ctx.scenario.clusters.find(
      c => c.name === member.name,
    )!;
    mdName = names.machineDeployment(
      member.name,
      scenarioCluster.machineDeployments[0].name,
    );
  });

  afterAll(async () => {
    abort.abort();
    for (const r of running.reverse()) await r.stop();
  });

  it('scales a MachineDeployment: Machines and member Nodes follow', async () => {
    const before = await capi.get<any>(
      TYPES.machineDeployment,
      CAPI_NAMESPACE,
      mdName,
    );
    const from: number = before.spec.replicas;
    const selector = `${LABELS.deploymentName}=${mdName}`;
    await eventually(async () => {
      expect(await memberNodes(selector)).toHaveLength(from);
    });

    /** Patches the replicas and waits until Machines and Nodes match. */
    const scaleTo = async (to: number) => {
      await patchAsBackend(TYPES.machineDeployment, mdName, {
        spec: { replicas: to },
      });
      await eventually(async () => {
        const md = await capi.get<any>(
          TYPES.machineDeployment,
          CAPI_NAMESPACE,
          mdName,
        );
        expect(md.status).toMatchObject({
          replicas: to,
          readyReplicas: to,
          availableReplicas: to,
          phase: 'Running',
        });
        expect(findCondition(md, 'Available')?.status).toBe('True');
        const machines = await capi.list<any>(
          TYPES.machine,
          CAPI_NAMESPACE,
          selector,
        );
        expect(machines.map(m => m.status?.phase)).toEqual(
          Array(to).fill('Running'),
        );
        const nodes = await memberNodes(selector);
        expect(nodes.map(n => n.metadata!.name).sort()).toEqual(
          machines.map(m => m.status.nodeRef.name).sort(),
        );
      }, 30_000);
    };
    await scaleTo(from + 2);
    await scaleTo(from);
  });

  it('rolls a control plane version out, then the worker Nodes', async () => {
    const kcpName = names.controlPlane(member.name);
    const kcp = await capi.get<any>(
      TYPES.kubeadmControlPlane,
      CAPI_NAMESPACE,
      kcpName,
    );
    const [major, minor, patch] = kcp.spec.version
      .slice(1)
      .split('.')
      .map(Number);
    const target = `v${major}.${minor}.${patch + 1}`;
    await patchAsBackend(TYPES.kubeadmControlPlane, kcpName, {
      spec: { version: target },
    });

    await eventually(async () => {
      const rolling = await capi.get<any>(
        TYPES.kubeadmControlPlane,
        CAPI_NAMESPACE,
        kcpName,
      );
      expect(findCondition(rolling, 'RollingOut')?.status).toBe('True');
      expect(rolling.status.version).toBe(kcp.spec.version);
      const cluster = await capi.get<any>(
        TYPES.cluster,
        CAPI_NAMESPACE,
        member.name,
      );
      expect(findCondition(cluster, 'RollingOut')?.status).toBe('True');
    }, 10_000);

    await eventually(async () => {
      const done = await capi.get<any>(
        TYPES.kubeadmControlPlane,
        CAPI_NAMESPACE,
        kcpName,
      );
      expect(done.status.version).toBe(target);
      const nodes = await memberNodes(`${LABELS.clusterName}=${member.name}`);
      expect(nodes.length).toBeGreaterThan(0);
      expect(
        new Set(nodes.map(n => n.status!.nodeInfo!.kubeletVersion)),
      ).toEqual(new Set([target]));
      const cluster = await capi.get<any>(
        TYPES.cluster,
        CAPI_NAMESPACE,
        member.name,
      );
      expect(findCondition(cluster, 'RollingOut')?.status).toBe('False');
      expect(findCondition(cluster, 'Available')?.status).toBe('True');
      const mds = await capi.list<any>(
        TYPES.machineDeployment,
        CAPI_NAMESPACE,
        `${LABELS.clusterName}=${member.name}`,
      );
      for (const md of mds) {
        expect(md.spec.template.spec.version).toBe(target);
        expect(md.status.upToDateReplicas).toBe(md.spec.replicas);
      }
    }, 90_000);
  });

  it('writes a kubeconfig Secret that reaches the member', async () => {
    const core = kubeConfigFor(
      ctx.fleet.clusters.find(c => c.kind === 'capi')!,
    ).makeApiClient(CoreV1Api);
    const secret = await core.readNamespacedSecret({
      namespace: CAPI_NAMESPACE,
      name: `${member.name}-kubeconfig`,
    });
    expect(secret.type).toBe('cluster.x-k8s.io/secret');
    const kc = new KubeConfig();
    kc.loadFromString(Buffer.from(secret.data!.value, 'base64').toString());
    expect(kc.getCurrentCluster()!.server).toBe(member.publicUrl);
    const nodes = await kc.makeApiClient(CoreV1Api).listNode();
    expect(nodes.items.length).toBeGreaterThan(0);
  });
});
