import { targetedFleetClusters } from './gitRepoController';
import {
  FLEET_LABELS,
  agentStatus,
  clusterGroupObject,
  deploymentId,
  gitRepoObject,
  objectInMessage,
} from './model';
import type { ScenarioAddon } from '../scenario';

const addon: ScenarioAddon = {
  name: 'monitoring',
  category: 'monitoring',
  delivery: 'fleet-gitrepo',
  source: 'fleet-default/kube-prometheus-stack',
  desiredRevision: '3f9a1c2',
  clusters: {},
};

const bd = (commit: string) => ({
  metadata: {
    name: 'kube-prometheus-stack-addons-monitoring',
    labels: {
      [FLEET_LABELS.commit]: commit,
      [FLEET_LABELS.bundleNamespace]: 'fleet-default',
    },
  },
  spec: {
    deploymentID: deploymentId(
      commit,
      'kube-prometheus-stack-addons-monitoring',
    ),
  },
});

describe('Fleet targets', () => {
  it('selects the clusters of the GitRepo target ClusterGroup', () => {
    const gitRepo = gitRepoObject(addon);
    const group = clusterGroupObject(addon);
    const cluster = (name: string, labels: Record<string, string>) => ({
      metadata: { name, labels },
    });
    const clusters = [
      cluster('c-aaaaa', { 'addons.flotilla.io/monitoring': 'enabled' }),
      cluster('c-bbbbb', {}),
    ];
    expect(
      targetedFleetClusters(gitRepo, clusters, [group]).map(
        c => c.metadata.name,
      ),
    ).toEqual(['c-aaaaa']);
  });
});

describe('Fleet agent status', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('reports an in-sync bundle applied, ready and not modified', () => {
    const status = agentStatus(
      bd('3f9a1c2'),
      { state: 'in-sync' },
      '3f9a1c2',
      now,
    );
    expect(status).toMatchObject({
      appliedDeploymentID: bd('3f9a1c2').spec.deploymentID,
      ready: true,
      nonModified: true,
    });
  });

  it('reports the object a drift message names as modified', () => {
    const status = agentStatus(
      bd('3f9a1c2'),
      {
        state: 'drifted',
        revision: '3f9a1c2',
        message:
          'Modified: Deployment monitoring/prometheus-operator was changed in the cluster',
      },
      '3f9a1c2',
      now,
    );
    expect(status.nonModified).toBe(false);
    expect(status.modifiedStatus).toEqual([
      expect.objectContaining({
        kind: 'Deployment',
        namespace: 'monitoring',
        name: 'prometheus-operator',
      }),
    ]);
  });

  it('reports a bundle held at an older commit as applied there (the commit label tells)', () => {
    const status = agentStatus(
      bd('1a2b3c4'),
      { state: 'drifted', revision: '1a2b3c4' },
      '3f9a1c2',
      now,
    );
    expect(status).toMatchObject({ ready: true, nonModified: true });
  });

  it('reports nothing for a cluster whose agent never did', () => {
    expect(
      agentStatus(bd('3f9a1c2'), { state: 'unknown' }, '3f9a1c2', now),
    ).toBeUndefined();
  });

  it('finds the object a message names', () => {
    expect(objectInMessage('ConfigMap kube-system/coredns drifted')).toEqual({
      kind: 'ConfigMap',
      namespace: 'kube-system',
      name: 'coredns',
    });
    expect(objectInMessage('nothing here')).toBeUndefined();
  });
});
