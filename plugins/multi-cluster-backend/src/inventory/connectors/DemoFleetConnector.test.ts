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

describe('DemoFleetConnector connectivity', () => {
  const meshed = {
    ...demoConfig,
    clusters: [
      {
        ...demoConfig.clusters[0],
        connectivity: {
          fabrics: [
            {
              kind: 'submariner',
              clusterSet: 'prod',
              clusterId: 'eu-1',
              connectedTo: ['us-1'],
            },
          ],
          podCidrs: ['10.10.0.0/16'],
          serviceCidrs: ['10.110.0.0/16'],
          serviceExports: ['shop/checkout', 'shop/ledger!invalid'],
        },
        virtualNodes: [
          {
            name: 'liqo-demo-us-east-1',
            kind: 'liqo',
            peer: 'demo-us-east-1',
            allocatable: 'cpu=8,memory=32Gi',
          },
        ],
      },
      demoConfig.clusters[1],
      {
        ...demoConfig.clusters[2],
        connectivity: {
          fabrics: [{ kind: 'istio', clusterSet: 'staging-mesh' }],
        },
      },
    ],
    addons: [
      {
        name: 'kyverno-baseline',
        category: 'policy',
        delivery: 'argocd-applicationset',
        source: 'argocd/cluster-addons',
        desiredRevision: 'v2',
        clusters: {
          'demo-eu-west-1': { state: 'in-sync', revision: 'v2' },
          'demo-us-east-1': {
            state: 'drifted',
            revision: 'v1',
            message: 'OutOfSync',
          },
        },
      },
    ],
  };

  async function create(demo: object) {
    const knex = await databases.init('SQLITE_3');
    const store = await MultiClusterStore.create({
      database: { getClient: async () => knex },
    });
    const config = readMultiClusterConfig(
      new ConfigReader({ multiCluster: { demo } }),
    ).demo!;
    return new DemoFleetConnector(config, store, () => 1_000_000);
  }

  it('shows fabrics, networks, exports and virtual nodes as the simulated API would', async () => {
    const demo = await create(meshed);
    const records = await demo.listClusters();
    const eu = records.find(r => r.name === 'demo-eu-west-1')!;
    expect(eu.fields.connectivity).toEqual({
      clusterSets: ['prod'],
      fabrics: [
        {
          kind: 'submariner',
          clusterSet: 'prod',
          clusterId: 'eu-1',
          detectedVia: 'demo',
          connectedTo: ['us-1'],
          gateway: { ready: true },
          evidence: ['Simulated Submariner membership of cluster set prod'],
        },
      ],
      networks: {
        podCidrs: ['10.10.0.0/16'],
        serviceCidrs: ['10.110.0.0/16'],
        detectedVia: 'demo',
      },
      mcs: { serviceExportCrd: true, serviceImportCrd: true },
      serviceExports: [
        { namespace: 'shop', name: 'checkout', valid: true },
        {
          namespace: 'shop',
          name: 'ledger',
          valid: false,
          message: 'Service shop/ledger not found',
        },
      ],
    });
    expect(eu.fields.capacity?.virtualNodes).toEqual([
      {
        name: 'liqo-demo-us-east-1',
        kind: 'liqo',
        peer: 'demo-us-east-1',
        allocatable: { cpu: '8', memory: '32Gi' },
        ready: true,
      },
    ]);
    // The virtual node is not part of the cluster's own capacity.
    expect(eu.fields.capacity?.allocatable).toEqual(
      demoConfig.clusters[0].capacity,
    );
    expect(
      records.find(r => r.name === 'demo-us-east-1')!.fields.connectivity,
    ).toBeUndefined();
  });

  it('takes a down cluster’s gateway down with it', async () => {
    const demo = await create(meshed);
    const staging = (await demo.listClusters()).find(
      r => r.name === 'demo-eu-central-1',
    )!;
    expect(staging.fields.connectivity?.fabrics[0].gateway).toEqual({
      ready: false,
      message: 'Simulated Istio multi-cluster gateway is down',
    });
  });

  it('reports add-on coverage, with clusters the delivery skips as missing', async () => {
    const demo = await create(meshed);
    expect(await demo.listAddons()).toEqual([
      {
        name: 'kyverno-baseline',
        category: 'policy',
        delivery: 'argocd-applicationset',
        source: 'argocd/cluster-addons',
        clusters: [
          {
            cluster: 'demo-eu-central-1',
            state: 'missing',
            desiredRevision: 'v2',
            message: 'argocd/cluster-addons does not target this cluster',
          },
          {
            cluster: 'demo-eu-west-1',
            state: 'in-sync',
            revision: 'v2',
            desiredRevision: 'v2',
          },
          {
            cluster: 'demo-us-east-1',
            state: 'drifted',
            revision: 'v1',
            desiredRevision: 'v2',
            message: 'OutOfSync',
          },
        ],
      },
    ]);
  });

  it.each([
    [
      { fabrics: [{ kind: 'weave', clusterSet: 'x' }] },
      "Invalid kind 'weave' in multiCluster.demo; expected one of submariner, istio, cilium-clustermesh, mcs, cloud-private, other",
    ],
    [
      { podCidrs: ['10.0.0.1/16'] },
      `Invalid podCidrs of demo cluster 'demo-eu-west-1': "10.0.0.1/16" has host bits set; did you mean 10.0.0.0/16?`,
    ],
    [
      { serviceExports: ['checkout'] },
      "Invalid serviceExports entry 'checkout' of demo cluster 'demo-eu-west-1'; expected namespace/name (optionally suffixed !invalid)",
    ],
  ])('rejects bad demo connectivity %j', (connectivity, message) => {
    expect(() =>
      readMultiClusterConfig(
        new ConfigReader({
          multiCluster: {
            demo: {
              ...demoConfig,
              clusters: [{ ...demoConfig.clusters[0], connectivity }],
            },
          },
        }),
      ),
    ).toThrow(message);
  });
});

describe('DemoFleetConnector rollout phase', () => {
  it('names the direction of a rollout even when rounding reaches the target early', async () => {
    const knex = await databases.init('SQLITE_3');
    const store = await MultiClusterStore.create({
      database: { getClient: async () => knex },
    });
    let now = 1_000_000;
    const config = readMultiClusterConfig(
      new ConfigReader({
        multiCluster: { demo: { ...demoConfig, rolloutDuration: 10_000 } },
      }),
    ).demo!;
    const demo = new DemoFleetConnector(config, store, () => now);
    await demo.scaleMachineDeployment('demo-eu-west-1', {} as any, 'md-0', 6);
    // 3 → 6 at 90%: ready rounds to 6 while the rollout still runs.
    now += 9_000;
    const md = (await demo.listClusters()).find(
      r => r.name === 'demo-eu-west-1',
    )!.fields.lifecycle!.machineDeployments[0];
    expect(md).toMatchObject({
      replicas: 6,
      readyReplicas: 6,
      phase: 'ScalingUp',
    });
  });
});
