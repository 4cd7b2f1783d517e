import { TestDatabases } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { readMultiClusterConfig } from '../../config';
import { MultiClusterStore } from '../../database/MultiClusterStore';
import { demoConfig } from '../../__testUtils__/fixtures';
import { DemoFleetConnector } from './DemoFleetConnector';

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

describe('DemoFleetConnector', () => {
  const config = readMultiClusterConfig(
    new ConfigReader({
      multiCluster: { demo: { ...demoConfig, rolloutDuration: 10_000 } },
    }),
  ).demo!;

  async function create() {
    const knex = await databases.init('SQLITE_3');
    const store = await MultiClusterStore.create({
      database: { getClient: async () => knex },
    });
    let now = 1_000_000;
    const clock = {
      now: () => now,
      advance: (ms: number) => {
        now += ms;
      },
    };
    return {
      store,
      clock,
      demo: new DemoFleetConnector(config, store, clock.now),
    };
  }

  it('marks everything as demo', async () => {
    const { demo } = await create();
    const records = await demo.listClusters();
    expect(records.map(r => r.name)).toEqual([
      'demo-eu-west-1',
      'demo-us-east-1',
      'demo-eu-central-1',
    ]);
    for (const r of records) {
      expect(r.source).toBe('demo');
      expect(r.access).toEqual({ kind: 'demo' });
      expect(r.fields.labels?.['flotilla.io/demo']).toBe('true');
    }
    expect(records[2].health?.status).toBe('unhealthy');
  });

  it('scales a MachineDeployment after a simulated rollout, persisted across restarts', async () => {
    const { demo, clock, store } = await create();
    const res = await demo.scaleMachineDeployment(
      'demo-eu-west-1',
      {} as any,
      'md-0',
      7,
    );
    expect(res).toMatchObject({
      previousReplicas: 3,
      replicas: 7,
      source: 'demo',
    });

    const md = async (d: DemoFleetConnector) =>
      (await d.listClusters()).find(r => r.name === 'demo-eu-west-1')!.fields
        .lifecycle!.machineDeployments[0];
    expect(await md(demo)).toMatchObject({
      replicas: 7,
      readyReplicas: 3,
      phase: 'ScalingUp',
    });
    clock.advance(5_000);
    expect(await md(demo)).toMatchObject({ replicas: 7, readyReplicas: 5 });
    clock.advance(5_000);
    // a new instance (restart) reads the same state from the DB
    const restarted = new DemoFleetConnector(config, store, clock.now);
    expect(await md(restarted)).toMatchObject({
      replicas: 7,
      readyReplicas: 7,
      phase: 'Running',
    });
  });

  it('scales workloads, upgrades, simulates outages and deletes', async () => {
    const { demo, clock } = await create();
    expect(
      await demo.listWorkloads('demo-eu-west-1', { kubernetesId: 'checkout' }),
    ).toEqual([
      expect.objectContaining({
        name: 'checkout',
        namespace: 'shop',
        replicas: 3,
        readyReplicas: 3,
      }),
    ]);
    await demo.scaleWorkload('demo-us-east-1', {
      namespace: 'shop',
      kind: 'Deployment',
      name: 'checkout',
      replicas: 0,
    });
    clock.advance(10_000);
    expect(
      await demo.listWorkloads('demo-us-east-1', { kubernetesId: 'checkout' }),
    ).toEqual([expect.objectContaining({ replicas: 0, readyReplicas: 0 })]);
    expect(
      await demo.listWorkloads('demo-eu-central-1', {
        kubernetesId: 'checkout',
      }),
    ).toEqual([]);

    await demo.upgrade('demo-eu-west-1', {} as any, 'v1.32.1');
    let eu = (await demo.listClusters()).find(
      r => r.name === 'demo-eu-west-1',
    )!;
    expect(eu.fields.kubernetesVersion).toBe('v1.31.4');
    clock.advance(10_000);
    eu = (await demo.listClusters()).find(r => r.name === 'demo-eu-west-1')!;
    expect(eu.fields.kubernetesVersion).toBe('v1.32.1');

    await demo.setClusterHealthy('demo-eu-west-1', false);
    eu = (await demo.listClusters()).find(r => r.name === 'demo-eu-west-1')!;
    expect(eu.health?.status).toBe('unhealthy');

    await demo.deleteCluster('demo-us-east-1');
    expect(
      (await demo.listClusters()).find(r => r.name === 'demo-us-east-1')?.fields
        .lifecycle?.phase,
    ).toBe('Deleting');
    clock.advance(10_000);
    expect((await demo.listClusters()).map(r => r.name)).not.toContain(
      'demo-us-east-1',
    );
  });
});
