import type { Entity } from '@backstage/catalog-model';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
// The module's objective is only seen working inside the plugin it extends.
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import multiClusterPlugin from '@flotilla/plugin-multi-cluster-backend';
import { eventually } from '@flotilla/test-kit';
import request from 'supertest';
import { multiClusterModuleCarbonIntensity } from './module';

// Loading the multi-cluster backend from source takes most of the time.
jest.setTimeout(180_000);

const USER = mockCredentials.user.header('user:default/alice');

/** A catalog cluster with capacity and a price, no API server to probe. */
const clusterEntity = (name: string, region: string, cost: string): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Resource',
  metadata: {
    name,
    namespace: 'default',
    annotations: {
      'flotilla.io/environment': 'prod',
      'flotilla.io/region': region,
      'flotilla.io/capacity': 'cpu=64,memory=256Gi,pods=110',
      'flotilla.io/cost-per-cpu-hour': cost,
    },
  },
  spec: { type: 'kubernetes-cluster', owner: 'group:default/platform' },
});

/** cheap-dirty is the cheaper, clean-dear runs on the cleaner grid. */
const entities = [
  clusterEntity('cheap-dirty', 'us-east', '0.02'),
  clusterEntity('clean-dear', 'eu-north', '0.04'),
];

async function rankingWith(
  features: Parameters<typeof startTestBackend>[0]['features'],
) {
  const backend = await startTestBackend({
    features: [
      multiClusterPlugin,
      ...(features ?? []),
      mockServices.rootConfig.factory({
        data: {
          multiCluster: {
            catalog: { enabled: true },
            carbonIntensity: {
              regions: { 'us-east': 380, 'eu-north': 40 },
              weight: 2,
            },
          },
        },
      }),
      catalogServiceMock.factory({ entities }),
    ],
  });
  try {
    return await eventually(
      async () => {
        const res = await request(backend.server)
          .post('/api/multi-cluster/placement/recommend')
          .set('Authorization', USER)
          .send({ replicas: 1, resourceRequest: { cpu: '1' } });
        expect(res.status).toBe(200);
        expect(res.body.excluded).toEqual([]);
        expect(
          res.body.recommendations.length + res.body.excluded.length,
        ).toBeGreaterThan(0);
        return res.body.recommendations.map(
          (r: { clusters: string[]; score: { total: number } }) => [
            r.clusters.join(','),
            r.score.total,
          ],
        );
      },
      30_000,
      100,
    );
  } finally {
    await backend.stop();
  }
}

describe('the carbon intensity module', () => {
  it('changes the ranking of placement advice', async () => {
    // Built in: cost (weight 1) scores cheap-dirty 100, clean-dear 0; gpu
    // (weight 2) scores both 100 (no GPUs asked for, none there); latency
    // and compliance do not apply. Totals: 300/3 = 100 and 200/3 = 66.7,
    // and every ordering picks cheap-dirty.
    expect(await rankingWith([])).toEqual([['cheap-dirty', 100]]);
    // Carbon (weight 2) scores clean-dear 100, cheap-dirty 0. Totals:
    // cheap-dirty (100 + 200 + 0) / 5 = 60, clean-dear (0 + 200 + 200) / 5
    // = 80. Balanced picks clean-dear, cheapest cheap-dirty.
    expect(await rankingWith([multiClusterModuleCarbonIntensity])).toEqual([
      ['clean-dear', 80],
      ['cheap-dirty', 60],
    ]);
  });

  it('refuses to start with an intensity that is no number of 0 or more', async () => {
    await expect(
      startTestBackend({
        features: [
          multiClusterPlugin,
          multiClusterModuleCarbonIntensity,
          mockServices.rootConfig.factory({
            data: {
              multiCluster: {
                catalog: { enabled: true },
                carbonIntensity: { regions: { 'us-east': -1 } },
              },
            },
          }),
          catalogServiceMock.factory({ entities }),
        ],
      }),
    ).rejects.toThrow(
      'multiCluster.carbonIntensity.regions.us-east must be a number of 0 or more, got -1',
    );
  });
});
