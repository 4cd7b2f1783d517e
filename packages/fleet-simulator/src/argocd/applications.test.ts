import {
  applicationUpToDate,
  argoCluster,
  desiredApplicationStatus,
  generateApplications,
  nextApplicationStatus,
} from './applications';
import { keepIgnoredFields } from './ignoreDifferences';
import { addonLabel, applicationSetObject } from './model';
import type { ScenarioAddon } from '../scenario';

const addon: ScenarioAddon = {
  name: 'kyverno-baseline',
  category: 'policy',
  delivery: 'argocd-applicationset',
  source: 'argocd/cluster-addons-kyverno',
  desiredRevision: 'v1.4.2',
  clusters: {
    'prod-eu-west-aws-1': { state: 'in-sync', revision: 'v1.4.2' },
    'prod-ap-southeast-gcp-1': {
      state: 'drifted',
      revision: 'v1.3.0',
      message:
        'OutOfSync: ClusterPolicy require-requests-limits differs from git',
    },
    'dev-eu-west-aws-1': { state: 'missing' },
  },
};

const secret = (name: string, labels: Record<string, string>) => ({
  metadata: {
    labels: { 'argocd.argoproj.io/secret-type': 'cluster', ...labels },
  },
  data: {
    name: Buffer.from(name).toString('base64'),
    server: Buffer.from(`https://${name}.example:6443`).toString('base64'),
  },
});

describe('ApplicationSet cluster generator', () => {
  const appSet = {
    ...applicationSetObject(addon),
    metadata: {
      name: 'cluster-addons-kyverno',
      namespace: 'argocd',
      uid: 'uid-1',
    },
  };
  const clusters = [
    secret('prod-eu-west-aws-1', { [addonLabel(addon.name)]: 'enabled' }),
    secret('prod-ap-southeast-gcp-1', { [addonLabel(addon.name)]: 'enabled' }),
    secret('dev-eu-west-aws-1', {}),
  ].map(s => argoCluster(s)!);

  it('generates one owned Application per selected cluster', () => {
    const apps = generateApplications(appSet, clusters);
    expect(apps.map(a => a.metadata.name)).toEqual([
      'kyverno-baseline-prod-eu-west-aws-1',
      'kyverno-baseline-prod-ap-southeast-gcp-1',
    ]);
    expect(apps[0].metadata.ownerReferences).toEqual([
      {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'ApplicationSet',
        name: 'cluster-addons-kyverno',
        uid: 'uid-1',
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
    expect(apps[0].spec.destination).toEqual({
      name: 'prod-eu-west-aws-1',
      namespace: 'kyverno-baseline',
    });
    expect(apps[0].spec.source.targetRevision).toBe('v1.4.2');
  });

  it('refuses a template naming a parameter the generator does not have', () => {
    const bad = {
      ...appSet,
      spec: {
        ...appSet.spec,
        template: { ...appSet.spec.template, metadata: { name: '{{.nope}}' } },
      },
    };
    expect(() => generateApplications(bad, clusters)).toThrow(
      'map has no entry for key "nope"',
    );
  });

  it('restores a paused automated sync unless ignoreApplicationDifferences covers /spec/syncPolicy', () => {
    const [generated] = generateApplications(appSet, clusters);
    const { automated, ...rest } = generated.spec.syncPolicy as Record<
      string,
      unknown
    >;
    expect(automated).toEqual({ prune: true, selfHeal: true });
    const paused = {
      ...generated,
      spec: { ...generated.spec, syncPolicy: rest },
    };
    // No rule: the set writes its template back, automated sync included.
    expect(
      applicationUpToDate(
        paused,
        keepIgnoredFields(generated, paused, undefined),
      ),
    ).toBe(false);
    for (const rule of [
      { jsonPointers: ['/spec/syncPolicy'] },
      { jqPathExpressions: ['.spec.syncPolicy'] },
      {
        name: generated.metadata.name,
        jsonPointers: ['/spec/syncPolicy/automated'],
      },
    ]) {
      const kept = keepIgnoredFields(generated, paused, [rule]);
      expect(applicationUpToDate(paused, kept)).toBe(true);
      expect(kept.spec.syncPolicy).toEqual(rest);
    }
    // A rule for another Application, or for another field, does not keep it.
    for (const rule of [
      { name: 'other', jsonPointers: ['/spec/syncPolicy'] },
      { jsonPointers: ['/spec/source/targetRevision'] },
    ]) {
      expect(
        applicationUpToDate(
          paused,
          keepIgnoredFields(generated, paused, [rule]),
        ),
      ).toBe(false);
    }
    // The rest of the template still wins over the live Application.
    const moved = { ...paused, spec: { ...paused.spec, project: 'other' } };
    expect(
      keepIgnoredFields(generated, moved, [
        { jsonPointers: ['/spec/syncPolicy'] },
      ]).spec.project,
    ).toBe('default');
  });
});

describe('Application status from the scenario', () => {
  const app = {
    metadata: { name: 'a' },
    spec: {
      source: { repoURL: 'https://x', targetRevision: 'v1.4.2' },
      destination: { name: 'c1' },
    },
  };

  it('maps each add-on state to sync and health', () => {
    const pick = (s: any) => {
      const st = desiredApplicationStatus(app, s);
      return [st.sync.status, st.sync.revision, st.health.status];
    };
    expect(pick({ state: 'in-sync', revision: 'v1.4.2' })).toEqual([
      'Synced',
      'v1.4.2',
      'Healthy',
    ]);
    expect(pick(addon.clusters['prod-ap-southeast-gcp-1'])).toEqual([
      'OutOfSync',
      'v1.3.0',
      'Healthy',
    ]);
    expect(pick({ state: 'unknown' })).toEqual([
      'Unknown',
      undefined,
      'Unknown',
    ]);
    expect(pick({ state: 'missing' })).toEqual([
      'OutOfSync',
      'v1.4.2',
      'Missing',
    ]);
    // Not in the scenario: Argo CD's automated sync got it there.
    expect(pick(undefined)).toEqual(['Synced', 'v1.4.2', 'Healthy']);
  });

  it('writes once, then keeps the status while nothing changes', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const first = nextApplicationStatus(app, { state: 'in-sync' }, now, 3000);
    expect(first.status?.sync).toMatchObject({
      status: 'Synced',
      revision: 'v1.4.2',
    });
    expect(
      nextApplicationStatus(
        { ...app, status: first.status },
        { state: 'in-sync' },
        now,
        3000,
      ),
    ).toEqual({});
  });

  it('syncs to a new target revision over time, as automated sync does', () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    const synced = nextApplicationStatus(
      app,
      { state: 'in-sync' },
      t0,
      3000,
    ).status;
    const moved = {
      ...app,
      spec: {
        ...app.spec,
        source: { ...app.spec.source, targetRevision: 'v1.5.0' },
      },
      status: synced,
    };
    const syncing = nextApplicationStatus(
      moved,
      { state: 'in-sync' },
      t0,
      3000,
    );
    expect(syncing.status?.sync).toMatchObject({
      status: 'OutOfSync',
      revision: 'v1.4.2',
    });
    expect(syncing.status?.operationState?.phase).toBe('Running');
    expect(syncing.recheckMs).toBe(3000);
    // Still running a second later: nothing to write, look again in 2 s.
    expect(
      nextApplicationStatus(
        { ...moved, status: syncing.status },
        { state: 'in-sync' },
        new Date('2026-01-01T00:00:01Z'),
        3000,
      ),
    ).toEqual({ recheckMs: 2000 });
    const done = nextApplicationStatus(
      { ...moved, status: syncing.status },
      { state: 'in-sync' },
      new Date('2026-01-01T00:00:03Z'),
      3000,
    );
    expect(done.status?.sync).toMatchObject({
      status: 'Synced',
      revision: 'v1.5.0',
    });
    expect(done.status?.operationState?.phase).toBe('Succeeded');
  });
});
