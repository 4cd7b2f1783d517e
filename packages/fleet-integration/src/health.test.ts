/**
 * One cluster health verdict against the real fleet: a partitioned member is
 * unhealthy with the evidence of this backend's probe, Karmada's cluster
 * status controller and the OCM hub (its lease), and heals; a member Karmada
 * marks NotReady (with its taint) is unhealthy although it answers; a member
 * that refuses this backend's token stays unknown.
 */
import path from 'node:path';
import type {
  ClusterHealth,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import { fault } from './harness/failover';
import { eventually } from '@flotilla/test-kit';
import {
  clusterNamed,
  fleetConfigClusters,
  requireFleet,
} from './harness/fleet';
import { useBackend } from './harness/suite';

jest.setTimeout(600_000);

const fleet = requireFleet();
/** Known to Karmada and OCM; this backend also reaches it directly, so probes it. */
const partitioned = clusterNamed(fleet, 'prod-ap-southeast-gcp-1');
/** Known to Karmada and OCM, reached through Karmada's proxy. */
const NOT_READY = 'prod-eu-west-azure-1';
/** A cluster entry with a token the member's API server does not know. */
const WRONG_TOKEN = 'health-wrong-token';
const wrongTokenMember = clusterNamed(fleet, NOT_READY);

const { backend } = useBackend({
  name: 'health',
  port: 7143,
  config: {
    multiCluster: { refresh: { frequency: { seconds: 5 } } },
    kubernetes: {
      clusterLocatorMethods: [
        {
          type: 'config',
          clusters: [
            ...fleetConfigClusters(fleet),
            {
              name: partitioned.name,
              url: partitioned.publicUrl,
              authProvider: 'serviceAccount',
              serviceAccountToken: partitioned.tokens.flotilla,
              caFile: path.join(partitioned.pkiDir, 'ca.crt'),
            },
            {
              name: WRONG_TOKEN,
              url: wrongTokenMember.publicUrl,
              authProvider: 'serviceAccount',
              serviceAccountToken: 'not-a-token-this-server-knows',
              caFile: path.join(wrongTokenMember.pkiDir, 'ca.crt'),
            },
          ],
        },
      ],
    },
  },
});

async function cluster(name: string): Promise<FleetCluster> {
  return backend().ok<FleetCluster>(
    'GET',
    `/api/multi-cluster/clusters/${encodeURIComponent(name)}`,
  );
}

/** What each observer says, by observer. */
const observers = (health: ClusterHealth) =>
  Object.fromEntries((health.evidence ?? []).map(e => [e.source, e.status]));

async function untilHealthy(name: string) {
  await eventually(async () => {
    const { health } = await cluster(name);
    expect({ status: health.status, ...observers(health) }).toMatchObject({
      status: 'healthy',
      karmada: 'healthy',
      ocm: 'healthy',
    });
  }, 300_000);
}

afterAll(async () => {
  await fault(fleet, 'DELETE', `/faults/${partitioned.name}`);
  await fault(fleet, 'DELETE', `/faults/${NOT_READY}`);
});

describe('the cluster health verdict on the fleet', () => {
  it('a member that refuses this backend’s token stays unknown', async () => {
    await eventually(async () => {
      expect((await cluster(WRONG_TOKEN)).health).toMatchObject({
        status: 'unknown',
        via: 'readyz',
        evidence: [
          expect.objectContaining({
            source: 'probe',
            status: 'unknown',
            reason: expect.stringContaining(
              "The API server refused this backend's credentials (401)",
            ),
          }),
        ],
      });
    }, 300_000);
  });

  it('a partitioned member is unhealthy with every observer’s evidence, and heals', async () => {
    await untilHealthy(partitioned.name);
    await fault(fleet, 'PUT', `/faults/${partitioned.name}`, { down: true });
    const health = await eventually(async () => {
      const seen = (await cluster(partitioned.name)).health;
      expect({ status: seen.status, ...observers(seen) }).toMatchObject({
        status: 'unhealthy',
        probe: 'unhealthy',
        karmada: 'unhealthy',
        ocm: 'unhealthy',
      });
      return seen;
    }, 300_000);
    expect(health.via).toBe('readyz');
    const reasons = Object.fromEntries(
      health.evidence!.map(e => [e.source, e.reason]),
    );
    expect(reasons).toMatchObject({
      probe: expect.stringMatching(
        /connection reset|socket hang up|request failed/,
      ),
      karmada: expect.stringMatching(/^Ready=False: cluster is not reachable/),
      ocm: expect.stringMatching(/^Available=Unknown: /),
    });
    const { items } = await backend().ok<{ items: FleetCluster[] }>(
      'GET',
      '/api/multi-cluster/clusters?health=unhealthy&limit=1000',
    );
    expect(items.map(c => c.name)).toContain(partitioned.name);

    await fault(fleet, 'DELETE', `/faults/${partitioned.name}`);
    await untilHealthy(partitioned.name);
  });

  it('a member Karmada marks NotReady is unhealthy although it answers', async () => {
    await untilHealthy(NOT_READY);
    await fault(fleet, 'PUT', `/faults/${NOT_READY}`, { notReady: true });
    await eventually(async () => {
      const seen = await cluster(NOT_READY);
      expect(seen.taints).toContainEqual(
        expect.objectContaining({
          key: 'cluster.karmada.io/not-ready',
          effect: 'NoExecute',
        }),
      );
      expect(seen.health).toMatchObject({
        status: 'unhealthy',
        via: 'karmada',
        message: expect.stringContaining('Ready=False'),
      });
      // OCM's agent still renews its lease: the member answers.
      expect(observers(seen.health)).toMatchObject({
        karmada: 'unhealthy',
        ocm: 'healthy',
      });
    }, 300_000);

    await fault(fleet, 'DELETE', `/faults/${NOT_READY}`);
    await untilHealthy(NOT_READY);
  });
});
