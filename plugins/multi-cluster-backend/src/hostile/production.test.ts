/* eslint jest/expect-expect: ["warn", { "assertFunctionNames": ["expect", "expectNoInternals"] }] */
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { actionsRegistryServiceMock } from '@backstage/backend-test-utils/alpha';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import request from 'supertest';
import { multiClusterPlugin } from '../plugin';
import {
  capiFleetClusters,
  capiFleetWorkloads,
} from '../__testUtils__/fixtures';
import { ClusterApiTestFleet } from '../__testUtils__/ClusterApiTestFleet';
import { allowingPermissions, fleetConfig } from './__testUtils__/testBackend';

jest.setTimeout(60_000);

const USER = mockCredentials.user.header('user:default/alice');
const API = '/api/multi-cluster';
/** What an internal failure says: where it happened, on this machine. */
const INTERNAL_DETAIL = `EACCES: permission denied, open '${__filename}'`;

describe('the backend started with NODE_ENV=production', () => {
  const nodeEnv = process.env.NODE_ENV;
  let backend: Awaited<ReturnType<typeof startTestBackend>>;
  let fleet: ClusterApiTestFleet;
  const logged: unknown[] = [];

  beforeAll(async () => {
    fleet = await ClusterApiTestFleet.start({
      clusters: capiFleetClusters,
      workloads: capiFleetWorkloads,
    });
    // Read when the backend builds its error handlers.
    process.env.NODE_ENV = 'production';
    const permissions = allowingPermissions();
    const logger = mockServices.logger.mock();
    logger.child.mockReturnValue(logger);
    logger.error.mockImplementation((_message, error) => {
      logged.push(error);
    });
    backend = await startTestBackend({
      features: [
        multiClusterPlugin,
        fleetConfig(fleet),
        permissions.factory,
        logger.factory,
        // The catalog fails the way a broken dependency would.
        catalogServiceMock.mock({
          getEntityByRef: async () => {
            throw new Error(INTERNAL_DETAIL);
          },
        }).factory,
        actionsRegistryServiceMock.factory(),
      ],
    });
  });

  afterAll(async () => {
    await backend?.stop();
    await fleet?.stop();
    process.env.NODE_ENV = nodeEnv;
  });

  function expectNoInternals(res: request.Response) {
    expect(res.status).toBe(500);
    expect(res.body.error).toEqual({
      name: 'Error',
      message: expect.stringMatching(
        /^An internal error occurred, logId=[0-9a-f]{20}$/,
      ),
    });
    expect(res.text).not.toContain('EACCES');
    expect(res.text).not.toContain(__filename);
    expect(res.text).not.toMatch(/\.(ts|js):\d+|\n\s+at /);
  }

  it('answers a route’s internal error with a log id only', async () => {
    const res = await request(backend.server)
      .get(`${API}/entities/component/default/checkout/placement`)
      .set('Authorization', USER);
    expectNoInternals(res);
    // The details are in the log, under the id the caller got.
    expect(logged).toContainEqual(
      expect.objectContaining({ message: INTERNAL_DETAIL }),
    );
  });

  it('answers an action’s internal error with a log id only', async () => {
    const res = await request(backend.server)
      .post(
        `${API}/.backstage/actions/v1/actions/multi-cluster:get-entity-placement/invoke`,
      )
      .set('Authorization', USER)
      .send({ entityRef: 'component:default/checkout' });
    expectNoInternals(res);
  });

  it('still says which field of a request is wrong', async () => {
    const res = await request(backend.server)
      .post(`${API}/placement/recommend`)
      .set('Authorization', USER)
      .send({ replicas: 1, resourceRequest: { cpu: '-1' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      name: 'InputError',
      message:
        'Invalid request body: resourceRequest.cpu: must be greater than or equal to 0',
    });
  });
});
