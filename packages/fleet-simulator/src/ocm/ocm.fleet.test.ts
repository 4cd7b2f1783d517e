/**
 * End to end against a running local fleet with the `ocm-hub` and at least
 * two members it manages, and no simulator of its own (this test runs the
 * fault proxies, the member and hub seeding and the OCM controllers itself):
 *
 *   FLOTILLA_FLEET_DIR=.fleet-own FLOTILLA_FLEET_PORT_BASE=39440 \
 *   FLOTILLA_FLEET_ONLY=ocm-hub,prod-eu-west-aws-1,dev-eu-west-aws-1 \
 *   FLOTILLA_FLEET_SIMULATOR=off bash scripts/fleet.sh up
 *   FLOTILLA_TEST_FLEET_DIR=$(realpath ../../.fleet-own) yarn backstage-cli package test src/ocm/ocm.fleet.test.ts
 *
 * The outage test stops one member's kube-apiserver and starts it again.
 * Skipped without FLOTILLA_TEST_FLEET_DIR.
 */
import { CoreV1Api, VersionApi } from '@kubernetes/client-node';
import type { SimulatorContext, Stoppable } from '../context';
import {
  kubeConfigFor,
  readFleet,
  type FleetClusterDescription,
} from '../fleet';
import { OutageController, startFaults } from '../faults';
import { seedMembers } from '../members';
import { loadScenario } from '../scenario';
import { HubObjects, type KubeObject } from './kube';
import { LABELS, TYPES, environmentOf, managedMembers, ocmHub } from './model';
import { decisionName } from './placement';
import { CONDITIONS, findCondition, nodeResources } from './registrationStatus';
import { PLACED_SERVICE } from './seed';
import { seedOcm, startOcm } from './index';
import { eventually } from '@flotilla/test-kit';

const fleetDir = process.env.FLOTILLA_TEST_FLEET_DIR;
const describeFleet = fleetDir ? describe : describe.skip;

jest.setTimeout(180_000);

describeFleet('Open Cluster Management on the local fleet', () => {
  let ctx: SimulatorContext;
  let hub: HubObjects;
  let members: FleetClusterDescription[];
  const running: Stoppable[] = [];
  const abort = new AbortController();
  const TEST_NAMESPACE = 'ocm-fleet-test';

  const managedCluster = async (name: string) =>
    (await hub.get<any>(TYPES.managedCluster, name))!;
  const decisionsOf = async (name: string, namespace: string) => {
    const [decision] = await hub.list<any>(
      TYPES.placementDecision,
      namespace,
      `${LABELS.placement}=${name}`,
    );
    return (
      (decision?.status?.decisions ?? []) as Array<{ clusterName: string }>
    ).map(d => d.clusterName);
  };

  beforeAll(async () => {
    process.env.FLOTILLA_SIM_OCM_INTERVAL_MS = '300';
    process.env.FLOTILLA_SIM_OCM_LEASE_GRACE_MS = '2000';
    const fleet = readFleet(fleetDir);
    ctx = {
      fleet,
      scenario: loadScenario(),
      log: process.env.FLOTILLA_TEST_LOG ? m => console.log(m) : () => {},
      signal: abort.signal,
    };
    members = managedMembers(fleet);
    if (members.length < 2) {
      throw new Error('the fleet needs the ocm-hub and two members it manages');
    }
    hub = new HubObjects(kubeConfigFor(ocmHub(fleet)!));
    running.push(await startFaults(ctx));
    await seedMembers(ctx);
    await seedOcm(ctx);
    // Idempotent: a second seed changes nothing and does not fail.
    await seedOcm(ctx);
    running.push(await startOcm(ctx));
  });

  afterAll(async () => {
    // The Placement first: the controller then removes its decision.
    for (const t of [TYPES.placement, TYPES.managedClusterSetBinding]) {
      for (const o of await hub
        .list(t, TEST_NAMESPACE)
        .catch(() => [] as KubeObject[])) {
        await hub.delete(t, o.metadata.name, TEST_NAMESPACE);
      }
    }
    abort.abort();
    for (const r of running.reverse()) await r.stop();
  });

  it('reports each ManagedCluster from its member API server', async () => {
    for (const member of members) {
      const kc = kubeConfigFor(member);
      const version = await kc.makeApiClient(VersionApi).getCode();
      const nodes = (await kc.makeApiClient(CoreV1Api).listNode()).items;
      expect(nodes.length).toBeGreaterThan(0);
      await eventually(async () => {
        const mc = await managedCluster(member.name);
        expect(mc.spec.managedClusterClientConfigs[0].url).toBe(
          member.publicUrl,
        );
        expect(mc.metadata.labels).toMatchObject({
          region: member.region,
          environment: environmentOf(member.name),
          [LABELS.clusterSet]: environmentOf(member.name),
        });
        expect(mc.status.version).toEqual({ kubernetes: version.gitVersion });
        expect(mc.status.allocatable).toEqual(nodeResources(nodes).allocatable);
        expect(mc.status.clusterClaims).toContainEqual({
          name: 'id.k8s.io',
          value: member.name,
        });
        expect(mc.status.clusterClaims).toContainEqual({
          name: 'kubeversion.open-cluster-management.io',
          value: version.gitVersion,
        });
        for (const type of Object.values(CONDITIONS)) {
          expect(findCondition(mc.status, type)?.status).toBe('True');
        }
      });
    }
  });

  it("decides the storefront's Placement by its predicates", async () => {
    const namespace =
      ctx.scenario.workloads.find(
        w => w.kubernetesId === PLACED_SERVICE.kubernetesId,
      )?.namespace ?? PLACED_SERVICE.defaultNamespace;
    // The seeded predicates: prod set, eu-west or us-east, platform AWS; two of them.
    const expected = members
      .filter(
        m =>
          environmentOf(m.name) === 'prod' &&
          m.provider === 'aws' &&
          ['eu-west', 'us-east'].includes(m.region ?? ''),
      )
      .map(m => m.name)
      .sort()
      .slice(0, 2);
    await eventually(async () => {
      expect(await decisionsOf(PLACED_SERVICE.kubernetesId, namespace)).toEqual(
        expected,
      );
      const placement = (await hub.get<any>(
        TYPES.placement,
        PLACED_SERVICE.kubernetesId,
        namespace,
      ))!;
      expect(placement.metadata.labels).toEqual({
        [LABELS.kubernetesId]: PLACED_SERVICE.kubernetesId,
      });
      expect(placement.status.numberOfSelectedClusters).toBe(expected.length);
      expect(
        findCondition(placement.status, 'PlacementSatisfied')?.status,
      ).toBe(expected.length === 2 ? 'True' : 'False');
    });
  });

  it('marks a member in outage Unknown and moves the decision away from it', async () => {
    const core = kubeConfigFor(ocmHub(ctx.fleet)!).makeApiClient(CoreV1Api);
    await core
      .createNamespace({ body: { metadata: { name: TEST_NAMESPACE } } })
      .catch(() => undefined);
    await hub.createOrLeave(TYPES.managedClusterSetBinding, {
      apiVersion: 'cluster.open-cluster-management.io/v1beta2',
      kind: 'ManagedClusterSetBinding',
      metadata: { name: 'global', namespace: TEST_NAMESPACE },
      spec: { clusterSet: 'global' },
    });
    await hub.createOrLeave(TYPES.placement, {
      apiVersion: 'cluster.open-cluster-management.io/v1beta1',
      kind: 'Placement',
      metadata: { name: 'one-cluster', namespace: TEST_NAMESPACE },
      spec: { clusterSets: ['global'], numberOfClusters: 1 },
    });
    const [first, second] = members.map(m => m.name).sort();
    await eventually(async () => {
      expect(await decisionsOf('one-cluster', TEST_NAMESPACE)).toEqual([first]);
    });
    const availableBefore = findCondition(
      (await managedCluster(first)).status,
      CONDITIONS.available,
    )!;

    const outages = new OutageController({ log: ctx.log });
    const target = members.find(m => m.name === first)!;
    await outages.outage(target);
    try {
      await eventually(async () => {
        const available = findCondition(
          (await managedCluster(first)).status,
          CONDITIONS.available,
        )!;
        expect(available).toMatchObject({
          status: 'Unknown',
          reason: 'ManagedClusterLeaseUpdateStopped',
        });
        expect(
          available.lastTransitionTime >= availableBefore.lastTransitionTime,
        ).toBe(true);
        expect(await decisionsOf('one-cluster', TEST_NAMESPACE)).toEqual([
          second,
        ]);
        const decision = (await hub.get<any>(
          TYPES.placementDecision,
          decisionName('one-cluster'),
          TEST_NAMESPACE,
        ))!;
        expect(decision.metadata.labels?.[LABELS.placement]).toBe(
          'one-cluster',
        );
      }, 30_000);
    } finally {
      await outages.restore(target);
    }

    await eventually(async () => {
      expect(
        findCondition(
          (await managedCluster(first)).status,
          CONDITIONS.available,
        )?.status,
      ).toBe('True');
    }, 30_000);
    // Steady: the member is back, the decision stays where it moved.
    expect(await decisionsOf('one-cluster', TEST_NAMESPACE)).toEqual([second]);

    // Deleting the Placement removes its decision (its owner).
    await hub.delete(TYPES.placement, 'one-cluster', TEST_NAMESPACE);
    await eventually(async () => {
      expect(
        await hub.list<any>(TYPES.placementDecision, TEST_NAMESPACE),
      ).toEqual([]);
    });
  });
});
