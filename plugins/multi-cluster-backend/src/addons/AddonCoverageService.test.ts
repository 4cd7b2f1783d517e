import { mockServices } from '@backstage/backend-test-utils';
import { http, HttpResponse } from 'msw';
import { KubernetesClient } from '@flotilla/plugin-multi-cluster-node';
import {
  k8sStatus,
  setupKubernetesMocks,
  untilTestEnds,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import {
  applicationSet,
  applications,
  clusterPropagationPolicies,
  fleet,
  KARMADA,
  KARMADA_TOKEN,
  MGMT,
  MGMT_TOKEN,
} from './__testUtils__/addonFixtures';
import { AddonCoverageService } from './AddonCoverageService';
import { AddonClientResolver, AddonConfig, AddonSource } from './types';

const server = setupKubernetesMocks();

const argo: AddonConfig = {
  name: 'kyverno',
  category: 'policy',
  requiredOn: { matchLabels: { environment: 'prod' } },
  delivery: {
    type: 'argocd-applicationset',
    cluster: 'mgmt',
    namespace: 'argocd',
    name: 'cluster-addons',
  },
};
const karmada: AddonConfig = {
  name: 'gatekeeper',
  category: 'policy',
  requiredOn: { matchLabels: { environment: 'prod' } },
  delivery: {
    type: 'karmada-clusterpropagationpolicy',
    controlPlane: 'global',
    name: 'kyverno-baseline',
  },
};

const clientFor: AddonClientResolver = async ref => {
  if (ref.kind === 'karmada' && ref.name === 'global') {
    return KubernetesClient.fromEndpoint(
      { name: 'karmada-global', url: KARMADA, token: KARMADA_TOKEN },
      5000,
    );
  }
  if (ref.kind === 'cluster' && ref.name === 'mgmt') {
    return KubernetesClient.fromEndpoint(
      { name: 'mgmt', url: MGMT, token: MGMT_TOKEN },
      5000,
    );
  }
  return undefined;
};

function argoHandlers() {
  return [
    http.get(
      `${MGMT}/apis/argoproj.io/v1alpha1/namespaces/argocd/applicationsets/cluster-addons`,
      () => HttpResponse.json(applicationSet),
    ),
    http.get(
      `${MGMT}/apis/argoproj.io/v1alpha1/namespaces/argocd/applications`,
      () => HttpResponse.json(applications),
    ),
  ];
}

describe('AddonCoverageService', () => {
  it('keeps the other add-ons when one delivery answers 500', async () => {
    const logger = mockServices.logger.mock();
    server.use(
      ...argoHandlers(),
      http.get(
        `${KARMADA}/apis/policy.karmada.io/v1alpha1/clusterpropagationpolicies`,
        () =>
          HttpResponse.json(
            k8sStatus(500, 'InternalError', 'etcdserver: request timed out'),
            { status: 500 },
          ),
      ),
    );
    const service = AddonCoverageService.create({
      addons: [argo, karmada],
      clientFor,
      logger,
    });
    const report = await service.getCoverage(fleet);

    expect(report.addons.map(a => a.name)).toEqual(['kyverno', 'gatekeeper']);
    const [ok, failed] = report.addons;
    expect(ok.error).toBeUndefined();
    expect(ok.clusters.map(c => [c.cluster, c.state])).toEqual([
      ['ap-1', 'drifted'],
      ['eu-1', 'in-sync'],
      ['us-1', 'drifted'],
    ]);
    const error =
      'karmada-global: list clusterpropagationpolicies.policy.karmada.io/v1alpha1: etcdserver: request timed out';
    expect(failed).toEqual({
      name: 'gatekeeper',
      category: 'policy',
      delivery: 'karmada-clusterpropagationpolicy',
      source: 'ClusterPropagationPolicy kyverno-baseline on Karmada global',
      error,
      clusters: ['ap-1', 'eu-1', 'us-1'].map(cluster => ({
        cluster,
        state: 'unknown',
        message: `delivery could not be read: ${error}`,
      })),
    });
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringContaining("Could not read add-on 'gatekeeper' coverage"),
    );
  });

  it('times out a slow delivery without holding up the report', async () => {
    server.use(
      ...argoHandlers(),
      http.get(
        `${KARMADA}/apis/policy.karmada.io/v1alpha1/clusterpropagationpolicies`,
        async () => {
          await untilTestEnds();
          return HttpResponse.json(clusterPropagationPolicies);
        },
      ),
    );
    const service = AddonCoverageService.create({
      addons: [karmada, argo],
      clientFor,
      // Long enough for the Argo CD delivery, which answers, on a loaded machine.
      timeoutMs: 2000,
    });
    // Returns while the Karmada delivery still hangs: its timeout cut it.
    const report = await service.getCoverage(fleet);
    expect(report.addons[0].error).toMatch(/timed out|aborted/);
    expect(report.addons[0].clusters.every(c => c.state === 'unknown')).toBe(
      true,
    );
    expect(report.addons[1].error).toBeUndefined();
  });

  it('aborts the signal it passed to a delivery at the timeout', async () => {
    let passed: AbortSignal | undefined;
    const hanging: AddonSource = {
      delivery: 'fleet-gitrepo',
      coverage: (_addon, _fleet, options) =>
        new Promise((_, reject) => {
          passed = options.signal;
          options.signal?.addEventListener('abort', () =>
            reject(options.signal?.reason),
          );
        }),
    };
    const service = new AddonCoverageService({
      addons: [
        {
          name: 'fleet-agent',
          delivery: {
            type: 'fleet-gitrepo',
            cluster: 'mgmt',
            namespace: 'fleet-default',
            name: 'agent',
          },
        },
      ],
      sources: [hanging],
      timeoutMs: 20,
    });
    const report = await service.getCoverage(fleet);
    expect(passed?.aborted).toBe(true);
    expect(report.addons[0].error).toBe(
      'reading fleet-gitrepo coverage: timed out',
    );
  });

  it('runs add-ons concurrently up to the limit and passes the abort signal on', async () => {
    let running = 0;
    let peak = 0;
    const signals: (AbortSignal | undefined)[] = [];
    const slow: AddonSource = {
      delivery: 'fleet-gitrepo',
      async coverage(addon, _fleet, options) {
        signals.push(options.signal);
        running += 1;
        peak = Math.max(peak, running);
        await new Promise(r => setTimeout(r, 20));
        running -= 1;
        return {
          name: addon.name,
          delivery: 'fleet-gitrepo',
          source: 'test',
          clusters: [],
        };
      },
    };
    const addons: AddonConfig[] = ['a', 'b', 'c', 'd', 'e'].map(name => ({
      name,
      delivery: {
        type: 'fleet-gitrepo',
        cluster: 'mgmt',
        namespace: 'fleet-default',
        name,
      },
    }));
    const service = new AddonCoverageService({
      addons,
      sources: [slow],
      concurrency: 2,
    });
    const report = await service.getCoverage(fleet);
    expect(report.addons.map(a => a.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(peak).toBe(2);
    expect(signals.every(s => s instanceof AbortSignal)).toBe(true);
  });

  it('reports a delivery type without a source as an error', async () => {
    const service = new AddonCoverageService({ addons: [argo], sources: [] });
    const report = await service.getCoverage(fleet);
    expect(report.addons[0].error).toBe(
      'no source reads argocd-applicationset deliveries',
    );
    expect(report.addons[0].clusters).toHaveLength(3);
  });
});
