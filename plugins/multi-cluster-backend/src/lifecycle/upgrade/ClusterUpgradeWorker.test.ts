import { mockServices, TestDatabases } from '@backstage/backend-test-utils';
import { InputError } from '@backstage/errors';
import type { ClusterLifecycle } from '@flotilla/plugin-multi-cluster-node';
import { MultiClusterStore } from '../../database/MultiClusterStore';
import { ClusterUpgrades, MACHINE_IMAGE_NOTE } from './ClusterUpgrades';
import { ClusterUpgradeStore } from './ClusterUpgradeStore';
import {
  ClusterUpgradeWorker,
  UpgradeOperations,
} from './ClusterUpgradeWorker';
import type { ObservedCluster } from './observedCluster';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

const lifecycle = {
  managementCluster: 'mgmt',
  namespace: 'fleet-system',
  name: 'c',
  apiVersion: 'cluster.x-k8s.io/v1beta2',
  controlPlane: { kind: 'KubeadmControlPlane', name: 'c-control-plane' },
  machineDeployments: [
    { name: 'c-md-a', namespace: 'fleet-system' },
    { name: 'c-md-b', namespace: 'fleet-system' },
  ],
} as ClusterLifecycle;

/**
 * A classic cluster as Cluster API runs it: the control plane and each
 * MachineDeployment roll out to their own spec one read after it changed;
 * nothing moves a MachineDeployment but its own spec.
 */
class ClassicCluster implements UpgradeOperations {
  cp = { spec: 'v1.32.1', status: 'v1.32.1' };
  mds = new Map([
    ['c-md-a', { spec: 'v1.32.1', rolled: 'v1.32.1' }],
    ['c-md-b', { spec: 'v1.32.1', rolled: 'v1.32.1' }],
  ]);
  writes: string[] = [];

  async observeCluster(): Promise<ObservedCluster> {
    const observed: ObservedCluster = {
      controlPlane: {
        name: 'c-control-plane',
        specVersion: this.cp.spec,
        statusVersion: this.cp.status,
      },
      machineDeployments: [...this.mds].map(([name, md]) => ({
        name,
        version: md.spec,
        replicas: 1,
        generation: 1,
        observedGeneration: 1,
        upToDateReplicas: md.rolled === md.spec ? 1 : 0,
        readyReplicas: 1,
      })),
    };
    // The controllers catch up after each read.
    this.cp.status = this.cp.spec;
    for (const md of this.mds.values()) md.rolled = md.spec;
    return observed;
  }

  async setMachineDeploymentVersion(
    _lifecycle: ClusterLifecycle,
    name: string,
    version: string,
  ) {
    this.writes.push(`${name}=${version}`);
    const md = this.mds.get(name)!;
    if (version < md.spec) throw new InputError('downgrade');
    md.spec = version;
    return { previousVersion: 'v1.32.1', attempts: 1 };
  }
}

describe.each(databases.eachSupportedId())('ClusterUpgradeWorker on %p', id => {
  async function setup(cluster: ClassicCluster) {
    const knex = await databases.init(id);
    const history = await MultiClusterStore.create({
      database: { getClient: async () => knex },
    });
    const store = new ClusterUpgradeStore(knex, MACHINE_IMAGE_NOTE);
    const worker = new ClusterUpgradeWorker({
      store,
      operations: name => (name === 'mgmt' ? cluster : undefined),
      history,
      logger: mockServices.logger.mock(),
      intervalMs: 60_000,
    });
    const upgrades = new ClusterUpgrades({ store, wake: () => {} });
    return { worker, upgrades, history, knex };
  }

  it('moves the workers after the control plane, one MachineDeployment at a time, recording each step', async () => {
    const cluster = new ClassicCluster();
    const { worker, upgrades, history } = await setup(cluster);
    // The request's own write: the control plane's spec.version.
    cluster.cp.spec = 'v1.32.2';
    const started = await upgrades.start(
      'c',
      lifecycle,
      {
        cluster: 'c',
        target: 'control-plane',
        objectName: 'c-control-plane',
        previousVersion: 'v1.32.1',
        version: 'v1.32.2',
        attempts: 1,
        source: 'cluster-api',
      },
      'user:default/ada',
    );
    expect(started.steps.map(s => [s.name, s.status])).toEqual([
      ['c-control-plane', 'in-progress'],
      ['c-md-a', 'pending'],
      ['c-md-b', 'pending'],
    ]);
    for (let pass = 0; pass < 8; pass++) await worker.pass();
    expect(cluster.writes).toEqual(['c-md-a=v1.32.2', 'c-md-b=v1.32.2']);
    const finished = await upgrades.latest('c');
    expect(finished).toMatchObject({
      id: started.id,
      status: 'succeeded',
      imageNote: MACHINE_IMAGE_NOTE,
    });
    expect(finished!.steps.map(s => [s.name, s.status])).toEqual([
      ['c-control-plane', 'done'],
      ['c-md-a', 'done'],
      ['c-md-b', 'done'],
    ]);
    const rows = await history.list({ cluster: 'c' });
    expect(rows.map(r => r.action)).toContain('cluster.upgrade.finished');
    expect(
      rows
        .filter(r => r.action === 'cluster.upgrade.step')
        .map(r => r.result as { name: string; status: string })
        .map(r => `${r.name}:${r.status}`)
        .reverse(),
    ).toEqual([
      'c-control-plane:done',
      'c-md-a:in-progress',
      'c-md-a:done',
      'c-md-b:in-progress',
      'c-md-b:done',
    ]);
  });

  it('carries on after a restart: a new worker takes the stored upgrade up where it stood', async () => {
    const cluster = new ClassicCluster();
    const first = await setup(cluster);
    cluster.cp.spec = 'v1.32.2';
    await first.upgrades.start(
      'c',
      lifecycle,
      {
        cluster: 'c',
        target: 'control-plane',
        objectName: 'c-control-plane',
        version: 'v1.32.2',
        attempts: 1,
        source: 'cluster-api',
      },
      'user:default/ada',
    );
    await first.worker.pass();
    await first.worker.pass();
    const second = new ClusterUpgradeWorker({
      store: new ClusterUpgradeStore(first.knex, MACHINE_IMAGE_NOTE),
      operations: () => cluster,
      history: { record: async () => ({} as never), list: async () => [] },
      logger: mockServices.logger.mock(),
      intervalMs: 60_000,
    });
    for (let pass = 0; pass < 8; pass++) await second.pass();
    expect(cluster.writes).toEqual(['c-md-a=v1.32.2', 'c-md-b=v1.32.2']);
  });
});
