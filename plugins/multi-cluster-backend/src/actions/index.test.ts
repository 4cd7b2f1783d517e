import { createServiceFactory } from '@backstage/backend-plugin-api';
import { actionsRegistryServiceRef } from '@backstage/backend-plugin-api/alpha';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { actionsRegistryServiceMock } from '@backstage/backend-test-utils/alpha';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { multiClusterPlugin } from '../plugin';
import {
  capiFleetClusters,
  capiFleetWorkloads,
  checkoutEntity,
} from '../__testUtils__/fixtures';
import { ClusterApiTestFleet } from '../__testUtils__/ClusterApiTestFleet';

jest.setTimeout(30_000);

/** checkout, declaring active-active DR with one core per replica. */
const drCheckoutEntity = {
  ...checkoutEntity,
  metadata: {
    ...checkoutEntity.metadata,
    annotations: {
      ...checkoutEntity.metadata.annotations,
      'flotilla.io/dr-strategy': 'active-active',
      'flotilla.io/resource-request': 'cpu=1',
    },
  },
};

describe('multi-cluster actions', () => {
  const actions = actionsRegistryServiceMock();
  const permissions = mockServices.permissions.mock();
  let backend: Awaited<ReturnType<typeof startTestBackend>>;
  let fleet: ClusterApiTestFleet;
  const alice = mockCredentials.user('user:default/alice');

  beforeAll(async () => {
    fleet = await ClusterApiTestFleet.start({
      clusters: capiFleetClusters,
      workloads: capiFleetWorkloads,
    });
    backend = await startTestBackend({
      features: [
        multiClusterPlugin,
        mockServices.rootConfig.factory({
          data: {
            multiCluster: {
              clusterApi: fleet.clusterApiConfig,
              catalog: { enabled: false },
            },
          },
        }),
        permissions.factory,
        catalogServiceMock.factory({ entities: [drCheckoutEntity] }),
        createServiceFactory({
          service: actionsRegistryServiceRef,
          deps: {},
          factory: () => actions,
        }),
      ],
    });
  });
  afterAll(async () => {
    await backend?.stop();
    await fleet?.stop();
  });

  beforeEach(() => {
    permissions.authorize.mockImplementation(async reqs =>
      reqs.map(() => ({ result: AuthorizeResult.ALLOW })),
    );
    permissions.authorizeConditional.mockImplementation(async reqs =>
      reqs.map(() => ({ result: AuthorizeResult.ALLOW })),
    );
  });

  it('registers the actions with the right attributes', async () => {
    const { actions: list } = await actions.list();
    const attrs = Object.fromEntries(list.map(a => [a.name, a.attributes]));
    expect(attrs).toEqual({
      'list-clusters': { destructive: false, readOnly: true, idempotent: true },
      'get-cluster': { destructive: false, readOnly: true, idempotent: true },
      'simulate-placement': {
        destructive: false,
        readOnly: true,
        idempotent: true,
      },
      'get-entity-placement': {
        destructive: false,
        readOnly: true,
        idempotent: true,
      },
      'recommend-placement': {
        destructive: false,
        readOnly: true,
        idempotent: true,
      },
      'get-placement-advice': {
        destructive: false,
        readOnly: true,
        idempotent: true,
      },
      'get-fleet-connectivity': {
        destructive: false,
        readOnly: true,
        idempotent: true,
      },
      'get-entity-exposure': {
        destructive: false,
        readOnly: true,
        idempotent: true,
      },
      'start-failover': {
        destructive: true,
        readOnly: false,
        idempotent: false,
      },
      'get-failover': { destructive: false, readOnly: true, idempotent: true },
      'start-region-failover': {
        destructive: true,
        readOnly: false,
        idempotent: false,
      },
      'get-region-failover': {
        destructive: false,
        readOnly: true,
        idempotent: true,
      },
      'cancel-failover': {
        destructive: true,
        readOnly: false,
        idempotent: true,
      },
      'scale-cluster': { destructive: true, readOnly: false, idempotent: true },
      'upgrade-cluster': {
        destructive: true,
        readOnly: false,
        idempotent: true,
      },
      'plan-cluster-loss': {
        destructive: false,
        readOnly: true,
        idempotent: true,
      },
    });
  });

  it('lists and gets clusters with the caller permissions', async () => {
    const { output } = await actions.invoke({
      id: 'test:list-clusters',
      input: { labels: { environment: 'prod' } },
      credentials: alice,
    });
    expect((output as any).items.map((c: any) => c.name)).toEqual([
      'fleet-eu-west-1',
      'fleet-us-east-1',
    ]);
    permissions.authorizeConditional.mockImplementation(async reqs =>
      reqs.map(() => ({ result: AuthorizeResult.DENY })),
    );
    await expect(
      actions.invoke({
        id: 'test:get-cluster',
        input: { name: 'fleet-eu-west-1' },
        credentials: alice,
      }),
    ).rejects.toThrow("Permission 'multi-cluster.cluster.read' denied");
    const empty = await actions.invoke({
      id: 'test:list-clusters',
      input: {},
      credentials: alice,
    });
    expect((empty.output as any).totalCount).toBe(0);
  });

  it('reads fleet connectivity and an entity’s exposure', async () => {
    const { output } = await actions.invoke({
      id: 'test:get-fleet-connectivity',
      input: {},
      credentials: alice,
    });
    // The test fleet here shows no fabrics: every cluster is on its own,
    // and the fleet's capacity is the sum of the clusters' own.
    expect(output).toMatchObject({
      clusterSets: [],
      isolated: ['fleet-eu-central-1', 'fleet-eu-west-1', 'fleet-us-east-1'],
      findings: [],
      borrowed: [],
      fleetCapacity: { cpu: '112', memory: '448Gi', pods: '1900' },
    });
    const exposure = await actions.invoke({
      id: 'test:get-entity-exposure',
      input: { entityRef: 'component:default/checkout' },
      credentials: alice,
    });
    expect(exposure.output).toMatchObject({
      entityRef: 'component:default/checkout',
      exports: [],
      dependencies: [],
    });
    await expect(
      actions.invoke({
        id: 'test:get-entity-exposure',
        input: { entityRef: 'component:default/nope' },
        credentials: alice,
      }),
    ).rejects.toThrow('Entity component:default/nope not found');
  });

  it('simulates placement and reads entity placement', async () => {
    const sim = await actions.invoke({
      id: 'test:simulate-placement',
      input: {
        replicas: 2,
        placement: { clusterAffinity: { clusterNames: ['fleet-eu-west-1'] } },
      },
      credentials: alice,
    });
    expect((sim.output as any).targets).toEqual([
      expect.objectContaining({ name: 'fleet-eu-west-1' }),
    ]);
    const placement = await actions.invoke({
      id: 'test:get-entity-placement',
      input: { entityRef: 'component:default/checkout' },
      credentials: alice,
    });
    expect((placement.output as any).actual.totalReplicas).toBe(5);
    // checkout declares no flotilla.io/replicas: no advice, the problem says why.
    const advice = await actions.invoke({
      id: 'test:get-placement-advice',
      input: { entityRef: 'component:default/checkout' },
      credentials: alice,
    });
    expect(advice.output).toMatchObject({
      entityRef: 'component:default/checkout',
      problems: [{ annotation: 'flotilla.io/replicas' }],
      advice: { recommendations: [] },
    });
  });

  it('recommends a placement on the fleet the caller may read', async () => {
    const { output } = await actions.invoke({
      id: 'test:recommend-placement',
      input: { replicas: 2, excludeClusters: ['fleet-eu-west-1'] },
      credentials: alice,
    });
    const advice = output as any;
    expect(advice.recommendations[0].clusters).not.toContain('fleet-eu-west-1');
    expect(advice.excluded).toContainEqual({
      cluster: 'fleet-eu-west-1',
      reasons: ['excluded by the request'],
    });
    permissions.authorize.mockImplementation(async reqs =>
      reqs.map(() => ({ result: AuthorizeResult.DENY })),
    );
    await expect(
      actions.invoke({
        id: 'test:recommend-placement',
        input: { replicas: 2 },
        credentials: alice,
      }),
    ).rejects.toThrow("Permission 'multi-cluster.placement.read' denied");
  });

  it('plans the loss of a region', async () => {
    const { output } = await actions.invoke({
      id: 'test:plan-cluster-loss',
      input: { regions: ['eu-west-1'] },
      credentials: alice,
    });
    // checkout may run on fleet-eu-west-1 and fleet-us-east-1 only: its 3
    // replicas on the lost one join the 2 on fleet-us-east-1 (32 cores).
    expect(output).toMatchObject({
      lostClusters: ['fleet-eu-west-1'],
      services: [
        {
          entityRef: 'component:default/checkout',
          outcome: 'moved',
          lostReplicas: 3,
          placementAfter: [{ name: 'fleet-us-east-1', replicas: 5 }],
        },
      ],
    });
    permissions.authorize.mockImplementation(async reqs =>
      reqs.map(() => ({ result: AuthorizeResult.DENY })),
    );
    await expect(
      actions.invoke({
        id: 'test:plan-cluster-loss',
        input: { regions: ['eu-west-1'] },
        credentials: alice,
      }),
    ).rejects.toThrow("Permission 'multi-cluster.fleet.plan' denied");
  });

  it('scales and upgrades with user credentials and permissions', async () => {
    await expect(
      actions.invoke({
        id: 'test:scale-cluster',
        input: {
          cluster: 'fleet-eu-west-1',
          machineDeployment: 'fleet-eu-west-1-md-0',
          replicas: 4,
        },
        credentials: mockCredentials.service(),
      }),
    ).rejects.toThrow('This action requires user credentials');

    permissions.authorizeConditional.mockImplementation(async reqs =>
      reqs.map(r => ({
        result:
          r.permission.name === 'multi-cluster.cluster.upgrade'
            ? AuthorizeResult.DENY
            : AuthorizeResult.ALLOW,
      })),
    );
    const { output } = await actions.invoke({
      id: 'test:scale-cluster',
      input: {
        cluster: 'fleet-eu-west-1',
        machineDeployment: 'fleet-eu-west-1-md-0',
        replicas: 4,
      },
      credentials: alice,
    });
    expect(output).toMatchObject({
      replicas: 4,
      previousReplicas: 3,
      source: 'cluster-api',
    });
    expect(
      fleet.machineDeployment('fleet-eu-west-1', 'fleet-eu-west-1-md-0').spec
        .replicas,
    ).toBe(4);
    await expect(
      actions.invoke({
        id: 'test:upgrade-cluster',
        input: { cluster: 'fleet-eu-west-1', version: 'v1.32.0' },
        credentials: alice,
      }),
    ).rejects.toThrow("Permission 'multi-cluster.cluster.upgrade' denied");
  });
});
