/**
 * Flotilla's plugin in a backend of its own (`packages/backend-multi-cluster`)
 * beside the demo backend, as a platform team splits a deployment: users
 * sign in at the demo backend and call the Flotilla backend with that
 * token; the Flotilla backend reads the catalog and asks the permission
 * policy in the demo backend through discovery, and the demo backend's
 * catalog verifies the Flotilla backend's plugin tokens through its own.
 */
import type { EntityPlacement } from '@flotilla/plugin-multi-cluster-common';
import {
  dropDatabases,
  RunningBackend,
  uniqueDatabasePrefix,
} from './harness/backend';
import { deploymentsIn, placedDeployments } from './harness/deployments';
import { eventually } from '@flotilla/test-kit';
import { requireFleet } from './harness/fleet';

jest.setTimeout(600_000);

const fleet = requireFleet();
const MAIN_PORT = 7130;
const FLOTILLA_PORT = 7140;
const offset = Number(process.env.FLOTILLA_TEST_BACKEND_PORT_OFFSET ?? 0);
const url = (port: number) =>
  `http://localhost:${port + offset}/api/{{pluginId}}`;
const databasePrefixes = [
  uniqueDatabasePrefix('split_main'),
  uniqueDatabasePrefix('split_flotilla'),
];
let main: RunningBackend | undefined;
let flotilla: RunningBackend | undefined;

beforeAll(async () => {
  main = await RunningBackend.start(fleet, {
    name: 'split-main',
    port: MAIN_PORT,
    databasePrefix: databasePrefixes[0],
    // A member of team-checkout, not of the platform team.
    guestUser: 'user:default/guest',
    config: {
      discovery: {
        endpoints: [{ target: url(FLOTILLA_PORT), plugins: ['multi-cluster'] }],
      },
      // Its own multi-cluster plugin has no fleet: multi-cluster is the
      // Flotilla backend's.
      kubernetes: { clusterLocatorMethods: [] },
      multiCluster: { karmada: [], clusterApi: [], addons: [] },
    },
  });
  flotilla = await RunningBackend.start(fleet, {
    name: 'split-flotilla',
    port: FLOTILLA_PORT,
    databasePrefix: databasePrefixes[1],
    backendPackage: 'backend-multi-cluster',
    signInThrough: main,
    config: {
      discovery: {
        endpoints: [
          {
            target: url(MAIN_PORT),
            plugins: [
              'auth',
              'catalog',
              'events',
              'notifications',
              'permission',
              'signals',
            ],
          },
        ],
      },
    },
  });
}, 900_000);

afterAll(async () => {
  await flotilla?.stop();
  await main?.stop();
  for (const prefix of databasePrefixes) await dropDatabases(prefix);
}, 120_000);

const flotillaBackend = () => {
  if (!flotilla) throw new Error('the Flotilla backend did not start');
  return flotilla;
};

describe('a split deployment', () => {
  it('answers a user signed in at the demo backend, and no one else', async () => {
    // The inventory's first refresh may still run.
    await eventually(async () => {
      const clusters = await flotillaBackend().ok<{
        items: Array<{ name: string }>;
      }>('GET', '/api/multi-cluster/clusters?limit=1000');
      expect(clusters.items.map(c => c.name)).toEqual(
        expect.arrayContaining(['prod-eu-west-aws-1', 'prod-us-east-aws-1']),
      );
    }, 180_000);
    const anonymous = await fetch(
      `${flotillaBackend().url}/api/multi-cluster/clusters`,
    );
    expect(anonymous.status).toBe(401);
  });

  it("reads an entity from the demo backend's catalog and its placement from the members", async () => {
    await eventually(async () => {
      const expected = await deploymentsIn(fleet, 'storefront');
      expect(expected.length).toBeGreaterThan(0);
      const placement = await flotillaBackend().ok<EntityPlacement>(
        'GET',
        '/api/multi-cluster/entities/component/default/storefront/placement',
      );
      expect(placement.errors).toEqual([]);
      expect(placedDeployments(placement)).toEqual(expected);
    }, 180_000);
  });

  it("asks the demo backend's policy: a service's failover is its owners' only", async () => {
    // A conditional decision that the demo backend's catalog resolves
    // (IS_ENTITY_OWNER): the guest, of team-checkout, owns storefront and
    // not search-api (team-discovery's). Plans only: nothing moves.
    const plan = (entityRef: string) =>
      flotillaBackend().request('POST', '/api/multi-cluster/failovers', {
        entityRef,
        from: 'prod-eu-west-aws-1',
        to: 'prod-us-east-aws-1',
        reason: 'split deployment: plan only',
        force: true,
        dryRun: true,
      });
    await eventually(async () => {
      expect((await plan('component:default/storefront')).status).toBe(200);
    }, 180_000);
    expect((await plan('component:default/search-api')).status).toBe(403);
  });

  it("asks the demo backend's policy: cluster lifecycle is the platform team's only", async () => {
    const scale = await flotillaBackend().request(
      'POST',
      '/api/multi-cluster/clusters/staging-us-east-gcp-1/scale',
      { machineDeployment: 'staging-us-east-gcp-1-md-general', replicas: 3 },
    );
    expect(scale.status).toBe(403);
  });
});
