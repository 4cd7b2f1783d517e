/**
 * GitOps does not undo a failover, on the real API servers with the
 * upstream CRDs (Argo CD Application/ApplicationSet, Flux Kustomization on
 * the `capi` management cluster; the simulator plays the ApplicationSet
 * controller). checkout-admin (reached directly, so its runs are quick) is
 * delivered by an ApplicationSet-generated Application and by a Flux
 * Kustomization that its parent `apps` applies, and declares
 * `flotilla.io/gitops-after-failover: leave-paused`.
 *
 * 1. The failover pauses the Application's automated sync and suspends the
 *    Kustomization and its parent before the shift, and leaves them paused
 *    after verify, saying so. The set, told to keep `/spec/syncPolicy`,
 *    rewrites the Application's template without restoring the sync.
 * 2. Without that rule the set restores the sync; the rollback's pause
 *    reports it, and the rollback's resume puts back exactly what was there
 *    before the failover (Git's `suspend: false` on the child, no
 *    `suspend` on the parent, the whole syncPolicy).
 */
import { eventually } from '@flotilla/test-kit';
import { finishedRun, RunView, startFailover } from './harness/failover';
import { adminClients, clusterNamed, mergePatch } from './harness/fleet';
import { useBackend } from './harness/suite';

jest.setTimeout(600_000);

const NAME = 'checkout-admin';
const SOURCE = 'staging-eu-west-aws-1';
const TARGET = 'dev-eu-west-aws-1';

const { fleet, backend } = useBackend({
  name: 'gitops-pause',
  port: 7152,
  // team-checkout owns checkout-admin.
  guestUser: 'user:default/guest',
  config: {
    multiCluster: {
      failover: {
        timeScale: 0.1,
        argocd: { cluster: 'capi' },
        flux: { cluster: 'capi' },
      },
    },
  },
});

const capi = () => adminClients(clusterNamed(fleet, 'capi'));
const argo = (plural: string, name: string) => ({
  group: 'argoproj.io',
  version: 'v1alpha1',
  namespace: 'argocd',
  plural,
  name,
});
const flux = (name: string) => ({
  group: 'kustomize.toolkit.fluxcd.io',
  version: 'v1',
  namespace: 'flux-system',
  plural: 'kustomizations',
  name,
});
type Obj = { spec: Record<string, any> };
const read = (ref: ReturnType<typeof flux>) =>
  capi().custom.getNamespacedCustomObject(ref) as Promise<Obj>;
const application = () => read(argo('applications', NAME));
const setPatch = (spec: object) =>
  mergePatch(capi().kubeConfig, {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name: NAME, namespace: 'argocd' },
    spec,
  });

const step = (run: RunView, kind: string) =>
  run.steps.find(s => s.kind === kind)!;
const messages = (output: any): string[] =>
  (output?.findings ?? []).map((f: { message: string }) => f.message);

describe('GitOps pause and resume around a failover', () => {
  let before: { app: Obj; child: Obj; parent: Obj };
  let failover: RunView;

  beforeAll(async () => {
    // The ApplicationSet controller generates the Application.
    const app = await eventually(application, 120_000);
    before = {
      app,
      child: await read(flux(NAME)),
      parent: await read(flux('apps')),
    };
  });

  afterAll(async () => {
    // The set as seeded (its rule, its template's revision).
    await setPatch({
      ignoreApplicationDifferences: [{ jsonPointers: ['/spec/syncPolicy'] }],
      template: { spec: { source: { targetRevision: 'main' } } },
    }).catch(() => undefined);
  });

  it('pauses before the shift and, as declared, leaves everything paused after verify', async () => {
    expect(before.app.spec.syncPolicy.automated).toEqual({
      prune: true,
      selfHeal: true,
    });
    expect(before.child.spec.suspend).toBe(false);
    expect(before.parent.spec).not.toHaveProperty('suspend');

    const started = await eventually(
      () =>
        startFailover(backend(), {
          entityRef: `component:default/${NAME}`,
          from: SOURCE,
          to: TARGET,
          reason: 'integration: gitops pause',
          force: true,
        }),
      180_000,
      2000,
    );
    failover = await finishedRun(backend(), started.id);
    expect(failover.status).toBe('succeeded');
    const kinds = failover.steps.map(s => s.kind);
    expect(kinds.indexOf('gitops-pause')).toBeLessThan(
      kinds.indexOf('shift-replicas'),
    );

    const pause = step(failover, 'gitops-pause');
    expect(pause.status).toBe('succeeded');
    expect(
      pause.output.objects.map((o: any) => [o.kind, o.name, o.role, o.before]),
    ).toEqual([
      [
        'argocd-application',
        NAME,
        'service',
        { syncPolicy: before.app.spec.syncPolicy },
      ],
      ['flux-kustomization', NAME, 'service', { suspend: false }],
      ['flux-kustomization', 'apps', 'parent', { suspend: null }],
    ]);
    expect(messages(pause.output).join('\n')).toMatch(
      /flux-system\/checkout-admin is applied by its parent Kustomization flux-system\/apps.*suspended the parent too/,
    );
    expect(messages(pause.output).join('\n')).not.toMatch(/ApplicationSet/);

    const resume = step(failover, 'gitops-resume');
    expect(resume.status).toBe('succeeded');
    expect(resume.output.afterFailover).toBe('leave-paused');
    expect(resume.output.findings).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringMatching(
          /^Left paused, as the DR declaration says/,
        ),
      }),
    ]);
    const { syncPolicy } = (await application()).spec;
    expect(syncPolicy).not.toHaveProperty('automated');
    expect(syncPolicy.syncOptions).toEqual(
      before.app.spec.syncPolicy.syncOptions,
    );
    expect((await read(flux(NAME))).spec.suspend).toBe(true);
    expect((await read(flux('apps'))).spec.suspend).toBe(true);

    // The set rewrites the Application (a new revision) and keeps the pause.
    await setPatch({
      template: { spec: { source: { targetRevision: 'v2' } } },
    });
    const rewritten = await eventually(async () => {
      const app = await application();
      expect(app.spec.source.targetRevision).toBe('v2');
      return app;
    }, 60_000);
    expect(rewritten.spec.syncPolicy).not.toHaveProperty('automated');
  });

  it('without the set rule the set restores the sync; the rollback says so and restores exactly what was there', async () => {
    await setPatch({ ignoreApplicationDifferences: null });
    await eventually(
      async () =>
        expect((await application()).spec.syncPolicy.automated).toBeDefined(),
      60_000,
    );

    const started = await backend().ok<{ id: string }>(
      'POST',
      `/api/multi-cluster/failovers/${failover.id}/rollback`,
      { reason: 'integration: gitops back' },
    );
    const rollback = await finishedRun(backend(), started.id);
    expect(rollback.status).toBe('succeeded');
    const pause = step(rollback, 'gitops-pause');
    expect(messages(pause.output).join('\n')).toMatch(
      /generated by ApplicationSet argocd\/checkout-admin, whose spec.ignoreApplicationDifferences has no rule covering \/spec\/syncPolicy/,
    );
    // What the failover left paused goes back to its value before the failover.
    expect(
      pause.output.objects
        .map((o: any) => [o.name, o.before, o.restore])
        .slice(1),
    ).toEqual([
      [NAME, { suspend: true }, { suspend: false }],
      ['apps', { suspend: true }, { suspend: null }],
    ]);
    const resume = step(rollback, 'gitops-resume');
    expect(resume.status).toBe('succeeded');
    expect(resume.output.afterFailover).toBe('resume');
    expect(messages(resume.output)).toHaveLength(3);

    const app = await application();
    expect(app.spec.syncPolicy).toEqual(before.app.spec.syncPolicy);
    expect((await read(flux(NAME))).spec.suspend).toBe(false);
    expect((await read(flux('apps'))).spec).not.toHaveProperty('suspend');
  });
});
