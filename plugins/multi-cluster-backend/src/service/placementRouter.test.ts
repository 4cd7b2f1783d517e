import { mockCredentials } from '@backstage/backend-test-utils';
import { QuantityError } from '@flotilla/plugin-multi-cluster-common';
import request from 'supertest';
import { PlacementReadService } from '../placement/PlacementReadService';
import { createPlacementRouter } from './placementRouter';
import { startRouterBackend } from '../__testUtils__/startRouterBackend';

const USER = mockCredentials.user.header('user:default/alice');

/** The router on placement reads that fail the way `failure` says. */
async function startWith(failure: Error) {
  const placement = {
    simulate: jest.fn(async () => {
      throw failure;
    }),
    recommend: jest.fn(async () => {
      throw failure;
    }),
  } as unknown as PlacementReadService;
  const { server } = await startRouterBackend(({ httpAuth }) =>
    createPlacementRouter({ httpAuth, placement }),
  );
  return server;
}

describe('placement routes', () => {
  it('answer a scheduler refusal with 422 and its reason', async () => {
    const server = await startWith(
      Object.assign(new Error('0/3 clusters are available'), {
        name: 'PlacementError',
        code: 'NoClusterFit',
      }),
    );
    const res = await request(server)
      .post('/api/multi-cluster/placement/recommend')
      .set('Authorization', USER)
      .send({ replicas: 1 });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      name: 'PlacementError',
      message: '0/3 clusters are available',
      code: 'NoClusterFit',
    });
  });

  it('answer a quantity refused past the schema with 400, not 500', async () => {
    const server = await startWith(
      new QuantityError('negative', undefined, 'resourceRequest.cpu'),
    );
    for (const [path, body] of [
      ['simulate', { replicas: 1, placement: {} }],
      ['recommend', { replicas: 1 }],
    ] as const) {
      const res = await request(server)
        .post(`/api/multi-cluster/placement/${path}`)
        .set('Authorization', USER)
        .send(body);
      expect([path, res.status, res.body.error.message]).toEqual([
        path,
        400,
        'resourceRequest.cpu: must be greater than or equal to 0',
      ]);
    }
  });
});
