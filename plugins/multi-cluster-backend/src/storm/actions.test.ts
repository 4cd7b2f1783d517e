import { mockCredentials, TestDatabases } from '@backstage/backend-test-utils';
import { actionsRegistryServiceMock } from '@backstage/backend-test-utils/alpha';
import { waitFor } from '../failover/__testUtils__/harness';
import { ShiftGate } from './__testUtils__/shiftGate';
import {
  createStormHarness,
  instantStepsBut,
  outsider,
  platform,
} from './__testUtils__/stormHarness';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

describe('region failover actions and signals', () => {
  it('registers start (destructive) and get (read-only), and signals progress', async () => {
    const publish = jest.fn(async () => {});
    const h = await createStormHarness(await databases.init('SQLITE_3'), {
      clusters: [
        { name: 'eu-1', region: 'eu-west-1', cpu: 10 },
        { name: 'us-1', region: 'us-east-1', cpu: 10 },
      ],
      stormServices: [
        {
          name: 'a',
          tier: 0,
          replicas: { 'eu-1': 1 },
          clusters: ['eu-1', 'us-1'],
        },
      ],
      executors: instantStepsBut(new ShiftGate(true).executor),
      signals: { publish },
    });
    h.worker.start();
    await h.storms.start();
    try {
      const actions = actionsRegistryServiceMock();
      h.storms.registerActions(actions);
      const { actions: list } = await actions.list();
      expect(Object.fromEntries(list.map(a => [a.name, a.attributes]))).toEqual(
        {
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
        },
      );
      const input = { clusters: ['eu-1'], reason: 'eu-1 is dark' };
      await expect(
        actions.invoke({
          id: 'test:start-region-failover',
          input,
          credentials: outsider,
        }),
      ).rejects.toThrow("Permission 'multi-cluster.failover.region' denied");
      await expect(
        actions.invoke({
          id: 'test:start-region-failover',
          input,
          credentials: mockCredentials.service(),
        }),
      ).rejects.toThrow('This action requires user credentials');
      await expect(
        actions.invoke({
          id: 'test:start-region-failover',
          input: { ...input, hostile: true },
          credentials: platform,
        }),
      ).rejects.toThrow(/hostile/);

      const dry = await actions.invoke({
        id: 'test:start-region-failover',
        input: { ...input, dryRun: true },
        credentials: platform,
      });
      expect(dry.output).toMatchObject({
        dryRun: true,
        plan: { lostClusters: ['eu-1'] },
      });
      const { output } = await actions.invoke({
        id: 'test:start-region-failover',
        input,
        credentials: platform,
      });
      const id = (output as { storm: { id: string } }).storm.id;
      const read = await waitFor(async () => {
        const { output: storm } = await actions.invoke({
          id: 'test:get-region-failover',
          input: { id },
          credentials: mockCredentials.service(),
        });
        return (storm as { status: string }).status === 'succeeded' && storm;
      });
      expect(read).toMatchObject({
        children: [{ entityRef: 'component:default/a', to: ['us-1'] }],
        counts: { succeeded: 1 },
      });
      // Every transition on the region failover channel.
      const events = publish.mock.calls
        .map((c: any[]) => c[0])
        .filter(m => m.channel === 'multi-cluster:region-failover')
        .map(m => m.message.event);
      expect(events).toEqual([
        'storm.created',
        'child.running',
        'child.succeeded',
        'storm.succeeded',
      ]);
    } finally {
      await h.storms.stop();
      await h.worker.stop();
    }
  });
});
