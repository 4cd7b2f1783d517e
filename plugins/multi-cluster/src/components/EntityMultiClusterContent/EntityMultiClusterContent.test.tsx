import { screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import {
  mockApis,
  registerMswTestHooks,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import type { Entity } from '@backstage/catalog-model';
import {
  EntityProvider,
  entityRouteRef,
} from '@backstage/plugin-catalog-react';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  DR_STRATEGIES,
  readServiceDrSpec,
  type DrillSummary,
  type EntityDrStatus,
  type EntityPlacementAdvice,
  type EntityPlacement,
  type FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import {
  kubernetesAuthProvidersApiRef,
  type KubernetesAuthProvidersApi,
} from '@backstage/plugin-kubernetes-react';
import { MultiClusterClient, multiClusterApiRef } from '../../api';
import { apiCluster } from '../../__fixtures__/clusters';
import { checkoutExposure } from '../../__fixtures__/connectivity';
import { runOnFakeClock } from '../../__testUtils__/fakeClock';
import { EntityMultiClusterContent } from './EntityMultiClusterContent';

runOnFakeClock();

const server = setupServer();
registerMswTestHooks(server);
const baseUrl = 'http://backstage.test/api/multi-cluster';
const entityPath = `${baseUrl}/entities/component/default/checkout`;

const checkout: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'checkout',
    namespace: 'default',
    annotations: {
      'backstage.io/kubernetes-id': 'checkout',
      'flotilla.io/dr-strategy': 'active-passive-warm',
      'flotilla.io/primary-cluster': 'prod-eu-1',
      'flotilla.io/standby-cluster': 'prod-us-1',
    },
  },
  spec: {
    type: 'service',
    owner: 'group:default/shop',
    lifecycle: 'production',
  },
};

const placement: EntityPlacement = {
  entityRef: 'component:default/checkout',
  kubernetesId: 'checkout',
  desired: { karmada: [] },
  actual: {
    clusters: [
      {
        cluster: 'prod-eu-1',
        source: 'karmada',
        workloads: [],
        replicas: 3,
        readyReplicas: 3,
        latencyMs: 12,
      },
    ],
    totalReplicas: 3,
    readyReplicas: 3,
  },
  errors: [],
  durationMs: 14,
};

/** The advisor card's answer: the other cards do not depend on it. */
const noAdvice: EntityPlacementAdvice = {
  entityRef: 'component:default/checkout',
  requirements: { replicas: 3 },
  requirementsFrom: 'annotations',
  problems: [],
  advice: { recommendations: [], excluded: [], rejected: [] },
  comparisons: [],
  inputs: [],
  objectives: [],
};

function drStatus(): EntityDrStatus {
  return {
    entityRef: 'component:default/checkout',
    declared:
      readServiceDrSpec(
        'component:default/checkout',
        checkout.metadata.annotations,
      ).spec ?? null,
    strategy: DR_STRATEGIES['active-passive-warm'],
    problems: [],
    placement: [{ name: 'prod-eu-1', replicas: 3 }],
    placementErrors: [],
    findings: [
      {
        id: 'failover-target-unreachable-dependency',
        severity: 'high',
        title:
          "Failover target prod-us-1 cannot reach the service's dependencies",
        detail:
          'prod-us-1 shares no cluster set with payments-ledger (prod-eu-1, prod-eu-2): after a failover there, the service cannot call them.',
        clusters: ['prod-us-1'],
      },
    ],
    activeRunId: null,
    drills: [],
  };
}

async function renderContent(
  dr: EntityDrStatus,
  options: {
    clusters?: FleetCluster[];
    authProviders?: KubernetesAuthProvidersApi;
    placementRequests?: Request[];
    /** Holds the fleet's answer until it settles. */
    fleetListed?: Promise<void>;
  } = {},
) {
  const clusters = options.clusters ?? [
    apiCluster('prod-eu-1'),
    apiCluster('prod-us-1'),
  ];
  server.use(
    http.get(`${entityPath}/placement`, ({ request }) => {
      options.placementRequests?.push(request);
      return HttpResponse.json(placement);
    }),
    http.get(`${baseUrl}/clusters`, async () => {
      await options.fleetListed;
      return HttpResponse.json({
        items: clusters,
        totalCount: clusters.length,
      });
    }),
    http.get(`${entityPath}/dr`, () => HttpResponse.json(dr)),
    http.get(`${entityPath}/dr/history`, () =>
      HttpResponse.json({
        entityRef: 'component:default/checkout',
        targetRtoSeconds: null,
        targetRpoSeconds: null,
        items: [],
      }),
    ),
    http.get(`${entityPath}/exposure`, () =>
      HttpResponse.json(checkoutExposure()),
    ),
    http.get(`${baseUrl}/failovers`, () => HttpResponse.json({ items: [] })),
    http.post(`${entityPath}/placement/advice`, () =>
      HttpResponse.json(noAdvice),
    ),
    http.get(`${baseUrl}/detection/decisions`, () =>
      HttpResponse.json({ items: [] }),
    ),
  );
  const api = new MultiClusterClient({
    discoveryApi: mockApis.discovery({ baseUrl: 'http://backstage.test' }),
    fetchApi: { fetch: (input, init) => fetch(input, init) },
  });
  await renderInTestApp(
    <TestApiProvider
      apis={[
        [multiClusterApiRef, api],
        [
          permissionApiRef,
          mockApis.permission({ authorize: AuthorizeResult.ALLOW }),
        ],
        ...(options.authProviders
          ? [[kubernetesAuthProvidersApiRef, options.authProviders] as const]
          : []),
      ]}
    >
      <EntityProvider entity={checkout}>
        <EntityMultiClusterContent />
      </EntityProvider>
    </TestApiProvider>,
    { mountedRoutes: { '/catalog/:namespace/:kind/:name': entityRouteRef } },
  );
}

function drill(overrides: Partial<DrillSummary>): DrillSummary {
  return {
    runId: 'run-1',
    status: 'succeeded',
    dryRun: false,
    from: 'prod-eu-1',
    to: ['prod-us-1'],
    createdAt: '2026-12-02T10:00:00.000Z',
    finishedAt: '2026-12-02T10:02:00.000Z',
    movedReplicas: 3,
    achievedRtoSeconds: 95,
    targetRtoSeconds: 900,
    metTarget: true,
    metTargetReason: null,
    steps: [],
    ...overrides,
  };
}

describe('EntityMultiClusterContent', () => {
  it("sends the signed-in user's token for the clusters that read as the user, once the fleet says which", async () => {
    const placementRequests: Request[] = [];
    const asked: string[] = [];
    await renderContent(drStatus(), {
      clusters: [
        apiCluster('prod-eu-1'),
        { ...apiCluster('onprem-1'), userAuthProvider: 'oidc.okta' },
        { ...apiCluster('gke-1'), userAuthProvider: 'google' },
      ],
      authProviders: {
        decorateRequestBodyForAuth: async (_, body) => body,
        async getCredentials(provider) {
          asked.push(provider);
          if (provider === 'google') throw new Error('sign-in declined');
          return { token: 'alice-id-token' };
        },
      },
      placementRequests,
    });
    expect((await screen.findAllByText('prod-eu-1')).length).toBeGreaterThan(0);
    expect(asked).toEqual(['google', 'oidc.okta']);
    // Read at once without, then again once the fleet names the providers.
    expect(placementRequests).toHaveLength(2);
    expect(
      await screen.findByTestId('placement-advice-empty'),
    ).toBeInTheDocument();
    const headers = placementRequests[1].headers;
    expect(headers.get('backstage-kubernetes-authorization-oidc-okta')).toBe(
      'alice-id-token',
    );
    // A provider the user did not sign in to is left out, not sent empty.
    expect(headers.has('backstage-kubernetes-authorization-google')).toBe(
      false,
    );
  });

  it('reads the placement without waiting for the fleet, once when no cluster reads as the user', async () => {
    const placementRequests: Request[] = [];
    let listFleet = () => {};
    const fleetListed = new Promise<void>(resolve => {
      listFleet = resolve;
    });
    await renderContent(drStatus(), { placementRequests, fleetListed });
    await waitFor(() => expect(placementRequests).toHaveLength(1));
    expect(screen.queryByTestId('replicas-prod-eu-1')).not.toBeInTheDocument();
    listFleet();
    expect(await screen.findByTestId('replicas-prod-eu-1')).toBeInTheDocument();
    expect(placementRequests).toHaveLength(1);
  });

  it('shows the service’s exposure and the DR finding for an unreachable failover target', async () => {
    await renderContent(drStatus());
    expect(
      await screen.findByText('checkout.shop.svc.clusterset.local'),
    ).toBeInTheDocument();
    expect(
      await screen.findByTestId('unreachable-dependencies'),
    ).toHaveTextContent(
      'prod-eu-1, prod-eu-2 cannot reach resource:default/orders-db',
    );
    expect(
      await screen.findByText(
        "Failover target prod-us-1 cannot reach the service's dependencies",
      ),
    ).toBeInTheDocument();
  });

  it('shows each drill’s measured RTO, and why a drill missed its target', async () => {
    await renderContent({
      ...drStatus(),
      drills: [
        drill({ runId: 'met' }),
        drill({
          runId: 'missed',
          createdAt: '2026-12-01T10:00:00.000Z',
          status: 'failed',
          achievedRtoSeconds: null,
          metTarget: false,
          metTargetReason:
            'the targets never reported the required ready replicas',
        }),
      ],
    });
    expect(
      await screen.findByText(
        /prod-us-1: succeeded, RTO .* \(met the target\)/,
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        /prod-us-1: failed \(missed the target: the targets never reported the required ready replicas\)/,
      ),
    ).toBeInTheDocument();
  });
});
