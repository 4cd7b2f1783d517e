import { screen } from '@testing-library/react';
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
  type EntityPlacement,
} from '@flotilla/plugin-multi-cluster-common';
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

async function renderContent(dr: EntityDrStatus) {
  server.use(
    http.get(`${entityPath}/placement`, () => HttpResponse.json(placement)),
    http.get(`${baseUrl}/clusters`, () =>
      HttpResponse.json({
        items: [apiCluster('prod-eu-1'), apiCluster('prod-us-1')],
        totalCount: 2,
      }),
    ),
    http.get(`${entityPath}/dr`, () => HttpResponse.json(dr)),
    http.get(`${entityPath}/exposure`, () =>
      HttpResponse.json(checkoutExposure()),
    ),
    http.get(`${baseUrl}/failovers`, () => HttpResponse.json({ items: [] })),
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
