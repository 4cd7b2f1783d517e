import { applicationSetFinding, setKeepsPause } from './applicationSet';
import { parentManagesSuspend, parentOf, suspendOf } from './fluxParent';
import { applicationRef } from './pauseArgo';
import { readPauseOutput } from './records';
import {
  isAutomated,
  mergePatchFor,
  pausePatch,
  restorePatch,
  syncPolicyOf,
} from './syncPolicy';

/** RFC 7396 applied, to check that a patch gets where it says. */
function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    return patch;
  }
  const out: Record<string, unknown> =
    typeof target === 'object' && target !== null && !Array.isArray(target)
      ? { ...(target as Record<string, unknown>) }
      : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = applyMergePatch(out[key], value);
  }
  return out;
}

describe('Argo CD sync policy', () => {
  const before = {
    automated: { prune: true, selfHeal: true },
    syncOptions: ['CreateNamespace=true'],
    retry: { limit: 5 },
  };

  it('pauses by removing only the automated block, and restores the recorded policy exactly', () => {
    const app = { spec: { syncPolicy: before } };
    expect(isAutomated(app)).toBe(true);
    const paused = applyMergePatch(app, pausePatch()) as typeof app;
    expect(paused.spec.syncPolicy).toEqual({
      syncOptions: ['CreateNamespace=true'],
      retry: { limit: 5 },
    });
    expect(isAutomated(paused)).toBe(false);
    // Meanwhile someone changed the options and added a field.
    const drifted = {
      spec: {
        syncPolicy: {
          syncOptions: ['Validate=false'],
          managedNamespaceMetadata: {},
        },
      },
    };
    const patch = restorePatch(drifted, syncPolicyOf(app));
    expect(applyMergePatch(drifted, patch)).toEqual({
      spec: { syncPolicy: before },
    });
    expect(restorePatch(app, syncPolicyOf(app))).toBeUndefined();
  });

  it('restores an absent syncPolicy by removing it, and treats enabled: false as not automated', () => {
    const none = { spec: {} };
    expect(syncPolicyOf(none)).toBeNull();
    const now = { spec: { syncPolicy: { syncOptions: ['x'] } } };
    expect(applyMergePatch(now, restorePatch(now, null))).toEqual({ spec: {} });
    expect(
      isAutomated({ spec: { syncPolicy: { automated: { enabled: false } } } }),
    ).toBe(false);
    expect(mergePatchFor({ a: [1, 2] }, { a: [2] })).toEqual({ a: [2] });
  });

  it('reads an application reference as a name in the default namespace or namespace/name, and refuses anything else', () => {
    expect(applicationRef('payments-ledger', 'argocd')).toEqual({
      namespace: 'argocd',
      name: 'payments-ledger',
    });
    expect(applicationRef('team-a/ledger', 'argocd')).toEqual({
      namespace: 'team-a',
      name: 'ledger',
    });
    for (const bad of ['', 'a/b/c', 'Bad_Name', '../x', 'a\nb']) {
      expect(() => applicationRef(bad, 'argocd')).toThrow(
        /not an Application name/,
      );
    }
  });
});

describe('the ApplicationSet that generated a paused Application', () => {
  const set = (rules: unknown[]) => ({
    metadata: { name: 'ledger-set' },
    spec: { ignoreApplicationDifferences: rules as never },
  });
  const ref = { namespace: 'argocd', name: 'ledger-eu' };

  it('keeps the pause with a rule covering /spec/syncPolicy (for all or this application)', () => {
    expect(
      setKeepsPause(set([{ jsonPointers: ['/spec/syncPolicy'] }]), 'ledger-eu'),
    ).toBe(true);
    expect(
      setKeepsPause(
        set([{ jsonPointers: ['/spec/syncPolicy/automated'] }]),
        'ledger-eu',
      ),
    ).toBe(true);
    expect(
      setKeepsPause(
        set([{ jqPathExpressions: ['.spec.syncPolicy'] }]),
        'ledger-eu',
      ),
    ).toBe(true);
    expect(
      setKeepsPause(
        set([{ name: 'ledger-eu', jsonPointers: ['/spec'] }]),
        'ledger-eu',
      ),
    ).toBe(true);
    expect(
      applicationSetFinding(set([{ jsonPointers: ['/spec/syncPolicy'] }]), ref),
    ).toBeUndefined();
  });

  it('reports a set that would restore the automated sync', () => {
    for (const rules of [
      [],
      [{ jsonPointers: ['/spec/source/targetRevision'] }],
      [{ name: 'other-app', jsonPointers: ['/spec/syncPolicy'] }],
      [{ jsonPointers: ['/spec/syncPolicy/syncOptions'] }],
      [{ jqPathExpressions: ['.spec.syncPolicy | select(.x)'] }],
    ]) {
      expect(applicationSetFinding(set(rules), ref)).toEqual({
        severity: 'warning',
        message: expect.stringMatching(
          /ApplicationSet argocd\/ledger-set, whose spec.ignoreApplicationDifferences has no rule covering \/spec\/syncPolicy/,
        ),
      });
    }
    expect(
      applicationSetFinding({ metadata: { name: 's' } }, ref),
    ).toBeDefined();
  });
});

describe('Flux Kustomizations applied by a parent', () => {
  const labels = {
    'kustomize.toolkit.fluxcd.io/name': 'apps',
    'kustomize.toolkit.fluxcd.io/namespace': 'flux-system',
  };

  it('finds the parent from the labels kustomize-controller sets, and whether its apply owns spec.suspend', () => {
    expect(parentOf({ metadata: { labels } })).toEqual({
      namespace: 'flux-system',
      name: 'apps',
    });
    expect(parentOf({ metadata: { labels: { app: 'x' } } })).toBeUndefined();
    expect(
      parentOf({
        metadata: { labels: { 'kustomize.toolkit.fluxcd.io/name': 'apps' } },
      }),
    ).toEqual({
      invalid: expect.stringContaining('do not name a Kustomization'),
    });
    expect(
      parentOf({
        metadata: {
          labels: {
            ...labels,
            'kustomize.toolkit.fluxcd.io/name': 'Not/Valid',
          },
        },
      }),
    ).toHaveProperty('invalid');
    const managed = (fields: unknown) => ({
      metadata: {
        managedFields: [{ manager: 'kustomize-controller', fieldsV1: fields }],
      },
    });
    expect(
      parentManagesSuspend(managed({ 'f:spec': { 'f:suspend': {} } })),
    ).toBe(true);
    expect(parentManagesSuspend(managed({ 'f:spec': { 'f:path': {} } }))).toBe(
      false,
    );
    expect(suspendOf({ spec: {} })).toBeNull();
    expect(suspendOf({ spec: { suspend: false } })).toBe(false);
  });
});

describe('the pause record', () => {
  it('keeps only well-formed objects of an earlier output (what a retry reuses)', () => {
    const good = {
      kind: 'flux-kustomization',
      cluster: 'capi',
      namespace: 'flux-system',
      name: 'apps',
      role: 'parent',
      before: { suspend: null },
      restore: { suspend: null },
      paused: true,
    };
    expect(
      readPauseOutput({
        objects: [
          good,
          { ...good, kind: 'other' },
          { ...good, before: { suspend: 'yes' } },
        ],
      }),
    ).toEqual([good]);
    expect(readPauseOutput({ skipped: 'x' })).toEqual([]);
    expect(readPauseOutput(undefined)).toEqual([]);
  });
});
