import { http, HttpResponse } from 'msw';
import { KubernetesClient } from '@flotilla/plugin-multi-cluster-node';
import {
  k8sStatus,
  setupKubernetesMocks,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import {
  applicationSet,
  applications,
  fleet,
  MGMT,
  MGMT_TOKEN,
} from './__testUtils__/addonFixtures';
import {
  applicationState,
  ArgoCdApplicationSetSource,
} from './ArgoCdApplicationSetSource';
import { AddonClientRef, AddonConfig } from './types';

const server = setupKubernetesMocks();

const APPSET_PATH = `${MGMT}/apis/argoproj.io/v1alpha1/namespaces/argocd/applicationsets/cluster-addons`;
const APPS_PATH = `${MGMT}/apis/argoproj.io/v1alpha1/namespaces/argocd/applications`;

const addon: AddonConfig = {
  name: 'kyverno',
  category: 'policy',
  delivery: {
    type: 'argocd-applicationset',
    cluster: 'mgmt',
    namespace: 'argocd',
    name: 'cluster-addons',
  },
};

function source(refs: AddonClientRef[] = []) {
  return new ArgoCdApplicationSetSource(ref => {
    refs.push(ref);
    return ref.name === 'mgmt'
      ? KubernetesClient.fromEndpoint(
          { name: 'mgmt', url: MGMT, token: MGMT_TOKEN },
          2000,
        )
      : undefined;
  });
}

describe('ArgoCdApplicationSetSource', () => {
  it('maps the Applications the ApplicationSet owns to fleet clusters', async () => {
    const auth = new Set<string>();
    server.use(
      http.get(APPSET_PATH, ({ request }) => {
        auth.add(request.headers.get('authorization') ?? '');
        return HttpResponse.json(applicationSet);
      }),
      http.get(APPS_PATH, ({ request }) => {
        auth.add(request.headers.get('authorization') ?? '');
        return HttpResponse.json(applications);
      }),
    );
    const refs: AddonClientRef[] = [];
    const coverage = await source(refs).coverage(addon, fleet, {});

    expect(refs).toEqual([{ kind: 'cluster', name: 'mgmt' }]);
    expect(auth).toEqual(new Set([`Bearer ${MGMT_TOKEN}`]));
    expect(coverage).toMatchObject({
      name: 'kyverno',
      category: 'policy',
      delivery: 'argocd-applicationset',
      source: 'ApplicationSet argocd/cluster-addons on mgmt',
    });
    expect(coverage.error).toBeUndefined();
    expect(coverage.clusters).toEqual([
      {
        cluster: 'ap-1',
        state: 'drifted',
        revision: 'a1b2c3d4e5',
        desiredRevision: 'main',
        message:
          'Application cluster-addons-ap-1 is Synced and Degraded at revision a1b2c3d4e5 (Deployment kyverno-admission-controller: 0/3 ready)',
      },
      {
        // the only Application on dev-1 belongs to another ApplicationSet
        cluster: 'dev-1',
        state: 'missing',
        desiredRevision: 'main',
        message:
          'no Application of ApplicationSet argocd/cluster-addons on mgmt targets this cluster',
      },
      {
        cluster: 'eu-1',
        state: 'in-sync',
        revision: 'a1b2c3d4e5',
        desiredRevision: 'main',
      },
      {
        // kubernetes.default.svc: the cluster Argo CD runs in
        cluster: 'mgmt',
        state: 'unknown',
        desiredRevision: 'main',
        message: 'Application cluster-addons-mgmt is Unknown and Healthy',
      },
      {
        // matched by API server URL despite case and trailing slash
        cluster: 'us-1',
        state: 'drifted',
        revision: '0f9e8d7c6b',
        desiredRevision: 'main',
        message:
          'Application cluster-addons-us-1 is OutOfSync and Healthy at revision 0f9e8d7c6b',
      },
    ]);
  });

  it('covers only the clusters requiredOn selects', async () => {
    server.use(
      http.get(APPSET_PATH, () => HttpResponse.json(applicationSet)),
      http.get(APPS_PATH, () => HttpResponse.json(applications)),
    );
    const coverage = await source().coverage(
      { ...addon, requiredOn: { matchLabels: { tier: 'gold' } } },
      fleet,
      {},
    );
    expect(coverage.clusters.map(c => [c.cluster, c.state])).toEqual([
      ['eu-1', 'in-sync'],
    ]);
  });

  it('names the ApplicationSet error on missing clusters', async () => {
    server.use(
      http.get(APPSET_PATH, () =>
        HttpResponse.json({
          ...applicationSet,
          status: {
            conditions: [
              {
                type: 'ErrorOccurred',
                status: 'True',
                reason: 'ApplicationGenerationFromParamsError',
                message: 'cluster secret for dev-1 not found',
                lastTransitionTime: '2026-12-01T09:00:00Z',
              },
            ],
          },
        }),
      ),
      http.get(APPS_PATH, () =>
        HttpResponse.json({ ...applications, items: [] }),
      ),
    );
    const coverage = await source().coverage(addon, fleet, {});
    expect(coverage.clusters.every(c => c.state === 'missing')).toBe(true);
    expect(coverage.clusters[0].message).toContain(
      'ApplicationGenerationFromParamsError: cluster secret for dev-1 not found',
    );
  });

  it('throws a clear error when the ApplicationSet is missing or the cluster unreachable', async () => {
    server.use(
      http.get(APPSET_PATH, () =>
        HttpResponse.json(
          k8sStatus(
            404,
            'NotFound',
            'applicationsets.argoproj.io "cluster-addons" not found',
          ),
          { status: 404 },
        ),
      ),
    );
    await expect(source().coverage(addon, fleet, {})).rejects.toThrow(
      'mgmt: get applicationsets.argoproj.io/v1alpha1 argocd/cluster-addons: applicationsets.argoproj.io "cluster-addons" not found',
    );
    await expect(
      source().coverage(
        {
          ...addon,
          delivery: { ...addon.delivery, cluster: 'nowhere' } as any,
        },
        fleet,
        {},
      ),
    ).rejects.toThrow("cannot reach cluster 'nowhere'");
  });

  it('reads multi-source revisions and treats Progressing as unknown', () => {
    expect(
      applicationState({
        metadata: { name: 'a' },
        spec: {
          sources: [{ targetRevision: 'v1.2.0' }, { targetRevision: 'main' }],
        },
        status: {
          sync: { status: 'Synced', revisions: ['abc', 'def'] },
          health: { status: 'Progressing' },
        },
      }),
    ).toEqual({
      state: 'unknown',
      revision: 'abc,def',
      desiredRevision: 'v1.2.0,main',
      message: 'Application a is Synced and Progressing at revision abc,def',
    });
    expect(applicationState({ metadata: { name: 'b' } }).state).toBe('unknown');
  });
});
