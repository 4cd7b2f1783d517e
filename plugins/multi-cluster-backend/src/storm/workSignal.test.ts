import { TestDatabases } from '@backstage/backend-test-utils';
import { ShiftGate } from './__testUtils__/shiftGate';
import {
  createStormHarness,
  instantStepsBut,
  platform,
} from './__testUtils__/stormHarness';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

describe('a storm and the work signal between replicas', () => {
  it('wakes on other replicas’ notices and tells them when a storm changes', async () => {
    const listeners: ((notice: { kind: string }) => void)[] = [];
    const notified: string[] = [];
    const gate = new ShiftGate();
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
      executors: instantStepsBut(gate.executor),
      workSignal: {
        subscribe: listener => {
          listeners.push(listener);
          return () => listeners.splice(listeners.indexOf(listener), 1);
        },
        notify: async kind => {
          notified.push(kind);
        },
      },
    });
    await h.storms.start();
    try {
      const kick = jest.spyOn(h.storms.orchestrator, 'kick');
      for (const kind of [
        'run-created',
        'run-finished',
        'work-resumed',
        'reconnected',
      ]) {
        listeners.forEach(listener => listener({ kind }));
      }
      // A run created elsewhere is the workers' business, not the storms'.
      expect(kick).toHaveBeenCalledTimes(3);

      const started = await h.storms.service.start(
        { clusters: ['eu-1'], reason: 'eu-1 is dark' },
        platform,
      );
      if (started.dryRun) throw new Error('not a dry run');
      await h.storms.service.pause(started.storm.id, platform);
      await h.storms.service.resume(started.storm.id, platform);
      await h.storms.service.cancel(started.storm.id, platform);
      expect(notified).toEqual([
        'work-resumed',
        'work-resumed',
        'work-resumed',
      ]);
    } finally {
      gate.openAll();
      await h.storms.stop();
      await h.worker.stop();
    }
    expect(listeners).toEqual([]);
  });
});
