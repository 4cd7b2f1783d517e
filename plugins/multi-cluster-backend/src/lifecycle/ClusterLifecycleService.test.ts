import {
  mockCredentials,
  mockServices,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { NotAllowedError } from '@backstage/errors';
import { MultiClusterStore } from '../database/MultiClusterStore';
import {
  allStrings,
  RAW_CONTROL,
  recordingAuditor,
} from '../failover/__testUtils__/harness';
import { MutationRecorder } from '../history/MutationRecorder';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { FleetCluster } from '@flotilla/plugin-multi-cluster-node';
import { ClusterPermissions } from '../permissions/ClusterPermissions';
import { ClusterLifecycleService } from './ClusterLifecycleService';
import { ClusterLifecycleProvider } from './types';
import { ClusterUpgrades, MACHINE_IMAGE_NOTE } from './upgrade/ClusterUpgrades';
import { ClusterUpgradeStore } from './upgrade/ClusterUpgradeStore';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3', 'POSTGRES_15'] });
const alice = mockCredentials.user('user:default/alice');
const MB = 1024 * 1024;

const cluster = {
  name: 'prod-1',
  lifecycle: {
    managementCluster: 'mgmt',
    namespace: 'clusters',
    name: 'prod-1',
    machineDeployments: [],
  },
} as unknown as FleetCluster;

describe.each(databases.eachSupportedId())(
  'ClusterLifecycleService records on %p',
  databaseId => {
    async function setup(options: {
      allow: boolean;
      provider?: Partial<ClusterLifecycleProvider>;
    }) {
      const knex = await databases.init(databaseId);
      const history = await MultiClusterStore.create({
        database: { getClient: async () => knex },
      });
      const { auditor, events } = recordingAuditor();
      const permissions = {
        authorizeCluster: async (permission: { name: string }) => {
          if (!options.allow) {
            throw new NotAllowedError(
              `Permission '${permission.name}' denied for cluster 'prod-1'`,
            );
          }
        },
      } as unknown as ClusterPermissions;
      const inventory = {
        getCluster: async (name: string) =>
          name === cluster.name ? cluster : undefined,
      } as unknown as FleetInventoryService;
      const provider: ClusterLifecycleProvider = {
        scaleMachineDeployment: async (name, _lc, md, replicas) => ({
          cluster: name,
          machineDeployment: md,
          namespace: 'clusters',
          replicas,
          attempts: 1,
          source: 'cluster-api',
        }),
        upgrade: async () => {
          throw new Error('not used');
        },
        observeCluster: async () => {
          throw new Error('not used');
        },
        setMachineDeploymentVersion: async () => {
          throw new Error('not used');
        },
        deleteCluster: async name => ({
          cluster: name,
          namespace: 'clusters',
          name,
          deletionRequested: true,
          source: 'cluster-api',
        }),
        ...options.provider,
      };
      const service = new ClusterLifecycleService({
        inventory,
        providers: new Map([['mgmt', provider]]),
        permissions,
        recorder: new MutationRecorder({
          auditor,
          history,
          logger: mockServices.logger.mock(),
        }),
        upgrades: new ClusterUpgrades({
          store: new ClusterUpgradeStore(knex, MACHINE_IMAGE_NOTE),
          wake: () => {},
        }),
        logger: mockServices.logger.mock(),
      });
      return { service, history, events };
    }

    it('a denied delete with a 1 MB confirm leaves only a bounded audit event', async () => {
      const { service, history, events } = await setup({ allow: false });
      const confirm = `prod-1\r\n${'x'.repeat(MB)}\0`;
      await expect(
        service.delete('prod-1', { confirm }, { credentials: alice }),
      ).rejects.toBeInstanceOf(NotAllowedError);

      expect(await history.list({ limit: 500 })).toEqual([]);
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event).toMatchObject({
        eventId: 'cluster-delete',
        outcome: 'fail',
        meta: { action: 'cluster.delete', cluster: 'prod-1' },
      });
      expect(event.meta.input.confirm.startsWith('prod-1\\r\\nxxx')).toBe(true);
      expect(event.meta.input.confirm.length).toBeLessThanOrEqual(300);
      expect(JSON.stringify(event.meta).length).toBeLessThan(1000);
      expect(event.error!.message).toBe(
        "Permission 'multi-cluster.cluster.delete' denied for cluster 'prod-1'",
      );
      expect(allStrings(event).filter(s => RAW_CONTROL.test(s))).toEqual([]);
    });

    it('an allowed delete with a wrong confirm (400) leaves only its audit event too', async () => {
      const { service, history, events } = await setup({ allow: true });
      await expect(
        service.delete(
          'prod-1',
          { confirm: 'y'.repeat(MB) },
          { credentials: alice },
        ),
      ).rejects.toMatchObject({ name: 'InputError' });
      expect(await history.list({ limit: 500 })).toEqual([]);
      expect(events).toHaveLength(1);
      expect(events[0].outcome).toBe('fail');
      expect(events[0].meta.input.confirm.length).toBeLessThanOrEqual(300);
    });

    it('records a failed mutation with the cluster error escaped in history and audit', async () => {
      const { service, history, events } = await setup({
        allow: true,
        provider: {
          deleteCluster: async () => {
            throw new Error(
              `admission webhook denied:\r\n2026-12-02 INFO forged\0\x1b[31m\u2028${'e'.repeat(
                10_000,
              )}`,
            );
          },
        },
      });
      await expect(
        service.delete('prod-1', { confirm: 'prod-1' }, { credentials: alice }),
      ).rejects.toThrow('admission webhook denied');

      const [row, ...others] = await history.list({ limit: 500 });
      expect(others).toEqual([]);
      expect(row).toMatchObject({
        actor: 'user:default/alice',
        action: 'cluster.delete',
        cluster: 'prod-1',
        status: 'failed',
        input: { confirm: 'prod-1' },
      });
      expect(
        row.error!.startsWith(
          'admission webhook denied:\\r\\n2026-12-02 INFO forged\\0\\x1b[31m\\u2028',
        ),
      ).toBe(true);
      expect(row.error!.length).toBeLessThanOrEqual(2000);
      expect(events[0].error!.message.length).toBeLessThanOrEqual(300);
      expect(
        allStrings([row, events]).filter(s => RAW_CONTROL.test(s)),
      ).toEqual([]);
    });

    it('records a successful scale with its input and the cluster result', async () => {
      const { service, history, events } = await setup({ allow: true });
      await service.scale(
        'prod-1',
        { machineDeployment: 'md-0', replicas: 5 },
        { credentials: alice },
      );
      const [row] = await history.list();
      expect(row).toMatchObject({
        action: 'cluster.scale',
        status: 'succeeded',
        input: { machineDeployment: 'md-0', replicas: 5 },
        result: expect.objectContaining({ replicas: 5 }),
      });
      expect(events[0]).toMatchObject({
        outcome: 'success',
        successMeta: { result: expect.objectContaining({ replicas: 5 }) },
      });
    });
  },
);
