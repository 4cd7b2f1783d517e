import { fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { registerMswTestHooks } from '@backstage/test-utils';
import type { Entity } from '@backstage/catalog-model';
import type {
  EntityPlacementAdvice,
  PlacementRecommendation,
} from '@flotilla/plugin-multi-cluster-common';
import {
  renderWithBackend,
  TEST_BASE_URL,
} from '../../__testUtils__/renderWithBackend';
import { runOnFakeClock, setupUser } from '../../__testUtils__/fakeClock';
import { PlacementAdvisorCard } from './PlacementAdvisorCard';

runOnFakeClock();
const server = setupServer();
registerMswTestHooks(server);
const adviceUrl = `${TEST_BASE_URL}/entities/component/default/checkout/placement/advice`;

const checkout: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'checkout',
    annotations: {
      'flotilla.io/replicas': '4',
      'flotilla.io/user-regions': 'eu-west',
      'flotilla.io/data-residency': 'eu',
    },
  },
  spec: { type: 'service', owner: 'team-checkout', lifecycle: 'production' },
};

function recommendation(
  rank: number,
  clusters: { name: string; replicas: number }[],
  byObjective: Record<string, number>,
): PlacementRecommendation {
  const names = clusters.map(c => c.name);
  return {
    rank,
    strategy: rank === 1 ? 'balanced' : 'cheapest',
    clusters: names,
    placement: {
      clusterAffinity: { clusterNames: names },
      replicaScheduling: { replicaSchedulingType: 'Divided' },
    },
    split: clusters,
    regions: ['eu-west'],
    zones: [],
    costPerHour: rank === 1 ? 1.2 : 0.8,
    score: { total: rank === 1 ? 77.4 : 70.2, byObjective },
    explanation: [{ cluster: names[0], reasons: ['cheapest CPU in eu'] }],
  };
}

/** What the backend answers for the annotations: two alternatives, one exclusion. */
function advice(
  overrides: Partial<EntityPlacementAdvice> = {},
): EntityPlacementAdvice {
  return {
    entityRef: 'component:default/checkout',
    requirements: {
      replicas: 4,
      userRegions: ['eu-west'],
      allowedJurisdictions: ['eu'],
    },
    requirementsFrom: 'annotations',
    problems: [],
    advice: {
      recommendations: [
        recommendation(
          1,
          [
            { name: 'prod-eu-1', replicas: 2 },
            { name: 'prod-eu-2', replicas: 2 },
          ],
          { cost: 64.6, latency: 91, carbon: 40 },
        ),
        recommendation(2, [{ name: 'prod-eu-3', replicas: 4 }], {
          cost: 88,
          latency: 70,
        }),
      ],
      excluded: [
        {
          cluster: 'prod-us-1',
          reasons: ['jurisdiction us is not allowed (eu)'],
        },
      ],
      rejected: [
        {
          clusters: ['prod-eu-3'],
          reason: 'over the cost ceiling of 1.00/hour',
        },
      ],
    },
    current: {
      clusters: [{ name: 'prod-eu-1', replicas: 4 }],
      regions: ['eu-west'],
      costPerHour: 1.6,
      meanLatencyMs: 30,
      headroomReplicas: 10,
    },
    comparisons: [
      {
        rank: 1,
        footprint: {
          clusters: [
            { name: 'prod-eu-1', replicas: 2 },
            { name: 'prod-eu-2', replicas: 2 },
          ],
          regions: ['eu-west'],
          costPerHour: 1.2,
          meanLatencyMs: 18,
          headroomReplicas: 25,
        },
        delta: { costPerHour: -0.4, meanLatencyMs: -12, headroomReplicas: 15 },
      },
      {
        rank: 2,
        footprint: {
          clusters: [{ name: 'prod-eu-3', replicas: 4 }],
          regions: ['eu-west'],
          costPerHour: 0.8,
        },
        delta: { costPerHour: -0.8 },
      },
    ],
    inputs: [
      {
        cluster: 'prod-eu-1',
        region: 'eu-west',
        inputs: {
          capacity: {
            source: 'nodes',
            known: true,
            detail: '12 of 16 CPU free',
          },
          cost: {
            source: 'opencost',
            known: true,
            detail: '0.031 per CPU-hour',
          },
          latency: {
            source: 'unknown',
            known: false,
            detail: 'no latency configured from eu-west to ap-south',
          },
        },
      },
    ],
    objectives: [
      { id: 'cost', weight: 2, origin: 'built-in' },
      { id: 'latency', weight: 1, origin: 'built-in' },
      { id: 'carbon', weight: 1, origin: 'module' },
    ],
    ...overrides,
  };
}

/** Serves `answers` in turn (the last one again), recording each request's body. */
function serveAdvice(answers: (() => Response)[]) {
  const bodies: unknown[] = [];
  server.use(
    http.post(adviceUrl, async ({ request }) => {
      bodies.push(await request.json());
      return answers[Math.min(bodies.length, answers.length) - 1]();
    }),
  );
  return bodies;
}

const json = (body: EntityPlacementAdvice) => () => HttpResponse.json(body);

describe('PlacementAdvisorCard', () => {
  it('ranks the alternatives with their scores per objective, a module’s objective included, and their placement YAML', async () => {
    serveAdvice([json(advice())]);
    await renderWithBackend(<PlacementAdvisorCard entity={checkout} />);
    const first = await screen.findByTestId('placement-advice-rank-1');
    expect(first).toHaveTextContent('prod-eu-1 x2, prod-eu-2 x2');
    expect(first).toHaveTextContent('1.20');
    expect(first).toHaveTextContent('77');
    expect(screen.getByTestId('placement-advice-rank-2')).toHaveTextContent(
      'prod-eu-3 x4',
    );
    expect(screen.getByTestId('placement-advice-objectives')).toHaveTextContent(
      'cost x2, latency x1, carbon x1 (module)',
    );
    const chart = screen.getByTestId('objective-scores');
    for (const value of ['65', '91', '40']) {
      expect(within(chart).getByText(value)).toBeInTheDocument();
    }
    expect(screen.getByTestId('placement-yaml-1')).toHaveTextContent(
      /spec:\s*placement:\s*clusterAffinity:\s*clusterNames:\s*- prod-eu-1\s*- prod-eu-2/,
    );
    fireEvent.click(screen.getByText('Details 2'));
    expect(await screen.findByTestId('placement-yaml-2')).toHaveTextContent(
      '- prod-eu-3',
    );
    // Rank 2 has no carbon score: no bar, said as not scored.
    expect(
      screen.getByText(/Not scored.*carbon x1 \(module\)/),
    ).toBeInTheDocument();
  });

  it('compares each alternative with the current placement, with signs and unknown where a figure is missing', async () => {
    serveAdvice([json(advice())]);
    await renderWithBackend(<PlacementAdvisorCard entity={checkout} />);
    const current = await screen.findByTestId('compare-current');
    expect(current).toHaveTextContent('prod-eu-1 x4');
    expect(current).toHaveTextContent('1.60');
    expect(current).toHaveTextContent('30 ms');
    const first = screen.getByTestId('compare-rank-1');
    expect(first).toHaveTextContent('1.20 (-0.4)');
    expect(first).toHaveTextContent('18 ms (-12 ms)');
    expect(first).toHaveTextContent('25 (+15)');
    const second = screen.getByTestId('compare-rank-2');
    expect(second).toHaveTextContent('0.80 (-0.8)');
    expect(second).toHaveTextContent('unknown (unknown)unknown (unknown)');
  });

  it('keeps the exclusions closed until opened, then shows the scheduler’s reasons a page at a time', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      cluster: `bench-${String(i).padStart(4, '0')}`,
      reasons: ['no free nvidia.com/gpu'],
    }));
    const base = advice();
    serveAdvice([
      json({ ...base, advice: { ...base.advice, excluded: many } }),
    ]);
    await renderWithBackend(<PlacementAdvisorCard entity={checkout} />);
    const section = await screen.findByTestId('placement-advice-excluded');
    expect(section).toHaveTextContent('Excluded clusters (30)');
    expect(screen.queryByText('bench-0000')).not.toBeInTheDocument();
    fireEvent.click(within(section).getByText('Excluded clusters (30)'));
    expect(await screen.findByText('bench-0024')).toBeInTheDocument();
    expect(screen.queryByText('bench-0025')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Show more (5 left)'));
    expect(await screen.findByText('bench-0029')).toBeInTheDocument();
    const rejected = screen.getByTestId('placement-advice-rejected');
    fireEvent.click(within(rejected).getByText('Rejected candidate sets (1)'));
    expect(
      await screen.findByText('over the cost ceiling of 1.00/hour'),
    ).toBeInTheDocument();
  });

  it('marks the inputs nothing said as unknown, with why', async () => {
    serveAdvice([json(advice())]);
    await renderWithBackend(<PlacementAdvisorCard entity={checkout} />);
    // 6 inputs, 2 known: capacity and cost.
    const section = await screen.findByTestId('placement-advice-inputs');
    expect(section).toHaveTextContent(
      'Input provenance (1 clusters, 4 unknown inputs)',
    );
    fireEvent.click(within(section).getByText(/Input provenance/));
    const row = await screen.findByTestId('inputs-prod-eu-1');
    expect(row).toHaveTextContent('opencost0.031 per CPU-hour');
    expect(row).toHaveTextContent(
      'unknownno latency configured from eu-west to ap-south',
    );
    expect(within(row).getAllByText('unknown')).toHaveLength(4);
  });

  it('shows the annotations, and asks again with the edited requirements', async () => {
    const base = advice();
    const edited = advice({
      requirementsFrom: 'request',
      advice: { ...base.advice, excluded: [] },
    });
    const bodies = serveAdvice([json(advice()), json(edited)]);
    await renderWithBackend(<PlacementAdvisorCard entity={checkout} />);
    expect(
      await screen.findByTestId('placement-advice-source'),
    ).toHaveTextContent(
      'flotilla.io/replicas=4 flotilla.io/user-regions=eu-west flotilla.io/data-residency=eu',
    );
    const user = setupUser();
    const replicas = document.getElementById('placement-advice-replicas')!;
    await user.clear(replicas);
    await user.type(replicas, '6');
    await user.type(document.getElementById('placement-advice-memory')!, '2Gi');
    await user.type(
      document.getElementById('placement-advice-requiredCompliance')!,
      'pci-dss, soc2',
    );
    await user.type(
      document.getElementById('placement-advice-maxCostPerHour')!,
      '3.5',
    );
    await user.click(screen.getByText('Advise'));
    expect(
      await screen.findByText('Excluded clusters (0)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Advice for the requirements edited below/),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      {},
      {
        requirements: {
          replicas: 6,
          resourceRequest: { memory: '2Gi' },
          userRegions: ['eu-west'],
          allowedJurisdictions: ['eu'],
          requiredCompliance: ['pci-dss', 'soc2'],
          maxCostPerHour: 3.5,
        },
      },
    ]);
  });

  it('says which annotations could not be read, and when nothing meets the requirements', async () => {
    const base = advice();
    serveAdvice([
      json({
        ...base,
        problems: [
          {
            annotation: 'flotilla.io/min-regions',
            message: 'expected a whole number, got "two"',
          },
        ],
        advice: { ...base.advice, recommendations: [] },
        comparisons: [],
      }),
    ]);
    await renderWithBackend(<PlacementAdvisorCard entity={checkout} />);
    expect(
      await screen.findByTestId('placement-advice-empty'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('placement-advice-problems')).toHaveTextContent(
      'flotilla.io/min-regions: expected a whole number, got "two"',
    );
  });

  it('shows a refused request as such, with the backend’s message', async () => {
    serveAdvice([
      () =>
        HttpResponse.json(
          {
            error: {
              name: 'InputError',
              message:
                'requirements.replicas: Number must be greater than or equal to 1',
            },
            request: {
              method: 'POST',
              url: '/entities/component/default/checkout/placement/advice',
            },
            response: { statusCode: 400 },
          },
          { status: 400 },
        ),
    ]);
    await renderWithBackend(<PlacementAdvisorCard entity={checkout} />);
    expect(
      await screen.findByTestId('placement-advice-error'),
    ).toHaveTextContent(
      'The backend refused these requirements: requirements.replicas: Number must be greater than or equal to 1 (400)',
    );
  });
});
