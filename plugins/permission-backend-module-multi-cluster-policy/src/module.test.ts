import path from 'node:path';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import request from 'supertest';
import catalogPlugin from '@backstage/plugin-catalog-backend';
import permissionPlugin from '@backstage/plugin-permission-backend';
import {
  multiClusterClusterScalePermission,
  multiClusterFailoverExecutePermission,
} from '@flotilla/plugin-multi-cluster-common';
import { permissionModuleMultiClusterPolicy } from './module';
import { MultiClusterPermissionPolicy } from './MultiClusterPermissionPolicy';

/** Users' ownership refs from a table (a user not in it owns only itself). */
function userInfoOf(memberships: Record<string, string[]>) {
  return mockServices.userInfo.mock({
    getUserInfo: async credentials => {
      const { userEntityRef } = credentials.principal as {
        userEntityRef: string;
      };
      return {
        userEntityRef,
        ownershipEntityRefs: memberships[userEntityRef] ?? [userEntityRef],
      };
    },
  }).factory;
}

// The real catalog and permission backends with the demo catalog: proves the
// conditional failover decision resolves against real entity ownership.
const examples = path.resolve(__dirname, '../../../examples');
const memberships: Record<string, string[]> = {
  'user:default/guest': ['user:default/guest', 'group:default/team-checkout'],
  'user:default/platform-guest': [
    'user:default/platform-guest',
    'group:default/platform-team',
  ],
};

jest.setTimeout(60_000);

describe('permissionModuleMultiClusterPolicy with the demo catalog', () => {
  let server: Awaited<ReturnType<typeof startTestBackend>>['server'];

  beforeAll(async () => {
    ({ server } = await startTestBackend({
      features: [
        catalogPlugin,
        permissionPlugin,
        permissionModuleMultiClusterPolicy,
        mockServices.rootConfig.factory({
          data: {
            permission: { enabled: true },
            catalog: {
              rules: [{ allow: ['Component', 'Group', 'User', 'System'] }],
              locations: [
                { type: 'file', target: path.join(examples, 'org.yaml') },
                {
                  type: 'file',
                  target: path.join(examples, 'services/services.yaml'),
                },
              ],
            },
          },
        }),
        userInfoOf(memberships),
      ],
    }));

    // Wait for the catalog to ingest the demo services.
    const deadline = Date.now() + 45_000;
    for (;;) {
      const res = await request(server)
        .get('/api/catalog/entities/by-name/component/default/search-api')
        .set('Authorization', mockCredentials.service.header());
      if (res.status === 200) break;
      if (Date.now() > deadline)
        throw new Error('catalog never ingested the demo');
      await new Promise(resolve => setTimeout(resolve, 250));
    }
  });

  const authorize = (user: string, items: object[]) =>
    request(server)
      .post('/api/permission/authorize')
      .set('Authorization', mockCredentials.user.header(user))
      .send({ items: items.map((item, i) => ({ id: String(i), ...item })) });

  it('lets the guest fail over its own team’s service and no other', async () => {
    // The permission backend resolves this conditional decision by asking the
    // catalog's apply-conditions endpoint, on behalf of the user; the test
    // backend's mock auth cannot express "on behalf of", so ask the catalog
    // directly with the conditions the policy returned through the backend.
    const conditional = await authorize('user:default/guest', [
      {
        permission: multiClusterFailoverExecutePermission,
        resourceRef: undefined,
      },
    ]);
    expect(conditional.status).toBe(400);

    const policyDecision = await new MultiClusterPermissionPolicy({
      platformOwnerRefs: [],
      userInfo: {
        getUserInfo: async () => ({
          userEntityRef: 'user:default/guest',
          ownershipEntityRefs: memberships['user:default/guest'],
        }),
      },
    }).handle(
      { permission: multiClusterFailoverExecutePermission },
      {
        credentials: mockCredentials.user('user:default/guest'),
        info: { userEntityRef: 'user:default/guest', ownershipEntityRefs: [] },
      },
    );
    expect(policyDecision.result).toBe('CONDITIONAL');
    const { conditions, resourceType } = policyDecision as {
      conditions: object;
      resourceType: string;
    };
    const res = await request(server)
      .post('/api/catalog/.well-known/backstage/permissions/apply-conditions')
      .set('Authorization', mockCredentials.service.header())
      .send({
        items: ['checkout', 'storefront', 'search-api', 'model-training'].map(
          name => ({
            id: name,
            resourceRef: `component:default/${name}`,
            resourceType,
            conditions,
          }),
        ),
      });
    expect(res.status).toBe(200);
    expect(
      Object.fromEntries(
        res.body.items.map((i: { id: string; result: string }) => [
          i.id,
          i.result,
        ]),
      ),
    ).toEqual({
      checkout: 'ALLOW',
      storefront: 'ALLOW',
      'search-api': 'DENY',
      'model-training': 'DENY',
    });
  });

  it('lets only the platform team scale clusters', async () => {
    const item = {
      permission: multiClusterClusterScalePermission,
      resourceRef: 'prod-eu-west-aws-1',
    };
    const [guest, platform] = await Promise.all([
      authorize('user:default/guest', [item]),
      authorize('user:default/platform-guest', [item]),
    ]);
    expect(guest.body.items[0].result).toBe('DENY');
    expect(platform.body.items[0].result).toBe('ALLOW');
  });
});

describe('permissionModuleMultiClusterPolicy with permission.multiCluster configured', () => {
  const teamMemberships: Record<string, string[]> = {
    'user:default/sre-ada': ['user:default/sre-ada', 'group:default/sre'],
    'user:default/platform-guest': [
      'user:default/platform-guest',
      'group:default/platform-team',
    ],
  };

  const startWith = (multiCluster: object) =>
    startTestBackend({
      features: [
        permissionPlugin,
        permissionModuleMultiClusterPolicy,
        mockServices.rootConfig.factory({
          data: { permission: { enabled: true, multiCluster } },
        }),
        userInfoOf(teamMemberships),
      ],
    });

  // startTestBackend stops every backend it started after the file's tests.
  it('gives the lifecycle permissions to the configured owners instead of the default', async () => {
    const { server } = await startWith({ platformOwners: ['group:sre'] });
    const decide = async (user: string) =>
      (
        await request(server)
          .post('/api/permission/authorize')
          .set('Authorization', mockCredentials.user.header(user))
          .send({
            items: [
              {
                id: '1',
                permission: multiClusterClusterScalePermission,
                resourceRef: 'prod-eu-west-aws-1',
              },
            ],
          })
      ).body.items[0].result;
    expect(await decide('user:default/sre-ada')).toBe('ALLOW');
    expect(await decide('user:default/platform-guest')).toBe('DENY');
  });

  it('refuses to start with an owner ref it could never match', async () => {
    await expect(
      startWith({ platformOwners: ['platform-team'] }),
    ).rejects.toThrow(/Invalid entity ref 'platform-team'/);
  });
});
