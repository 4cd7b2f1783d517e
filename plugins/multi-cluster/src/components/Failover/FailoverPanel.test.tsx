import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import {
  mockApis,
  registerMswTestHooks,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  planFailover,
  type FailoverRun,
} from '@flotilla/plugin-multi-cluster-common';
import { MultiClusterClient, multiClusterApiRef } from '../../api';
import {
  advanceClock,
  passTurns,
  runOnFakeClock,
  settleUntil,
  setupUser,
} from '../../__testUtils__/fakeClock';
import { FailoverPanel } from './FailoverPanel';
import { FAILOVER_POLL_MS } from './useFailoverRun';

runOnFakeClock();

const server = setupServer();
registerMswTestHooks(server);
const baseUrl = 'http://backstage.test/api/multi-cluster';
const entityRef = 'component:default/payments-ledger';

const resources = { cpu: '32', memory: '128Gi', pods: '110' };
const plan = planFailover({
  service: { entityRef, strategy: 'active-passive-warm' },
  from: 'eu-1',
  to: 'us-1',
  placement: [{ name: 'eu-1', replicas: 4 }],
  fleet: ['eu-1', 'us-1'].map(name => ({
    name,
    region: name.slice(0, 2),
    resourceSummary: { allocatable: resources },
  })),
});

function runAt(status: FailoverRun['status'], done: number): FailoverRun {
  return {
    id: 'run-1',
    entityRef,
    kind: 'failover',
    from: 'eu-1',
    to: ['us-1'],
    status,
    reason: 'eu-1 is down',
    actor: 'user:default/guest',
    dry: false,
    cancelRequested: false,
    createdAt: '2026-12-02T16:00:00.000Z',
    rollbackAvailable: status === 'succeeded',
    durationMs: status === 'succeeded' ? 4200 : undefined,
    plan,
    steps: plan.steps.map(step => ({
      order: step.order,
      kind: step.kind,
      title: step.title,
      attempts: step.order <= done ? 1 : 0,
      maxAttempts: step.maxAttempts,
      timeoutSeconds: step.timeoutSeconds,
      status: (() => {
        if (step.skipReason) return 'skipped';
        if (step.order <= done) return 'succeeded';
        return step.order === done + 1 && status === 'running'
          ? 'running'
          : 'pending';
      })(),
      skipReason: step.skipReason,
    })),
  };
}

// usePermission caches decisions per resource across renders, so the denied
// case uses an entity of its own.
function renderPanel(
  authorize: AuthorizeResult.ALLOW | AuthorizeResult.DENY,
  ref: string = entityRef,
) {
  const api = new MultiClusterClient({
    discoveryApi: mockApis.discovery({ baseUrl: 'http://backstage.test' }),
    fetchApi: { fetch: (input, init) => fetch(input, init) },
  });
  return renderInTestApp(
    <TestApiProvider
      apis={[
        [multiClusterApiRef, api],
        [permissionApiRef, mockApis.permission({ authorize })],
      ]}
    >
      <FailoverPanel
        entityRef={ref}
        sources={['eu-1']}
        targets={['eu-1', 'us-1']}
        defaultSource="eu-1"
        defaultTarget="us-1"
      />
    </TestApiProvider>,
  );
}

/** The "Fail over" button, found by its label's text (cheaper than by role and name). */
function failOverButton(): HTMLElement {
  const button = screen.getByText('Fail over').closest('button');
  if (!button) throw new Error('"Fail over" is not a button');
  return button;
}

async function openDialog(user: ReturnType<typeof setupUser>) {
  // The button is enabled once the permission resolves.
  await waitFor(() => expect(failOverButton()).toBeEnabled());
  await user.click(failOverButton());
}

/** The status the panel shows for the run it follows, if any. */
function runStatus(): string | null {
  return (
    screen.queryByTestId('failover-run')?.getAttribute('data-status') ?? null
  );
}

describe('FailoverPanel', () => {
  beforeEach(() => {
    server.use(
      http.get(`${baseUrl}/failovers`, () => HttpResponse.json({ items: [] })),
    );
  });

  it('disables failover with the reason when the permission is denied', async () => {
    await renderPanel(AuthorizeResult.DENY, 'component:default/search-api');
    expect(
      await screen.findByText(
        'Only the owners of this service can fail it over.',
      ),
    ).toBeInTheDocument();
    expect(failOverButton()).toBeDisabled();
  });

  it('previews the plan, starts the run and follows it to the end', async () => {
    const posted: Array<Record<string, unknown>> = [];
    let polls = 0;
    server.use(
      http.post(`${baseUrl}/failovers`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        return body.dryRun
          ? HttpResponse.json({ plan })
          : HttpResponse.json({ id: 'run-1' }, { status: 202 });
      }),
      http.get(`${baseUrl}/failovers/run-1`, () => {
        polls += 1;
        return HttpResponse.json(
          polls < 2
            ? runAt('running', 2)
            : runAt('succeeded', plan.steps.length),
        );
      }),
    );
    const user = setupUser();
    await renderPanel(AuthorizeResult.ALLOW);
    await openDialog(user);
    const dialog = await screen.findByRole('dialog');
    const start = within(dialog).getByRole('button', {
      name: 'Start failover',
    });
    expect(start).toBeDisabled();
    await user.type(
      within(dialog).getByLabelText('Reason (required)'),
      'eu-1 is down',
    );
    await user.click(
      within(dialog).getByRole('button', { name: 'Preview plan' }),
    );
    expect(
      await within(dialog).findByTestId('failover-plan'),
    ).toHaveTextContent('Move 4 replica(s) from eu-1 to us-1');
    expect(
      within(dialog).getByText(
        /will be skipped: no Argo CD application configured/,
      ),
    ).toBeInTheDocument();
    await user.click(start);

    // The run is read at once, then once a poll interval while it runs:
    // the clock moves only when the test says so.
    await settleUntil(() => runStatus() === 'running', 'showing the run');
    expect(polls).toBe(1);
    expect(screen.getByTestId('step-verify')).toHaveAttribute(
      'data-status',
      'pending',
    );
    await advanceClock(FAILOVER_POLL_MS - 1);
    expect(polls).toBe(1);
    await advanceClock(1);
    await settleUntil(() => runStatus() === 'succeeded', 'showing the end');
    expect(screen.getByTestId('step-verify')).toHaveAttribute(
      'data-status',
      'succeeded',
    );
    expect(screen.getByTestId('step-gitops-sync')).toHaveAttribute(
      'data-status',
      'skipped',
    );
    expect(screen.getByTestId('failover-run')).toHaveTextContent('in 4.2s');
    expect(screen.getByText('Roll back').closest('button')).toBeEnabled();
    // A run that has ended is not read again.
    await advanceClock(10 * FAILOVER_POLL_MS);
    await passTurns();
    expect(polls).toBe(2);
    expect(posted).toEqual([
      {
        entityRef,
        from: 'eu-1',
        to: 'us-1',
        reason: 'eu-1 is down',
        force: false,
        dryRun: true,
      },
      {
        entityRef,
        from: 'eu-1',
        to: 'us-1',
        reason: 'eu-1 is down',
        force: false,
      },
    ]);
  });

  it('shows why the backend refused the plan', async () => {
    server.use(
      http.post(`${baseUrl}/failovers`, () =>
        HttpResponse.json(
          {
            error: {
              name: 'InputError',
              message: "target cluster 'us-1' is unhealthy",
            },
            response: { statusCode: 400 },
          },
          { status: 400 },
        ),
      ),
    );
    const user = setupUser();
    await renderPanel(AuthorizeResult.ALLOW);
    await openDialog(user);
    const dialog = await screen.findByRole('dialog');
    await user.type(
      within(dialog).getByLabelText('Reason (required)'),
      'drill',
    );
    await user.click(
      within(dialog).getByRole('button', { name: 'Preview plan' }),
    );
    expect(
      await within(dialog).findByText(
        "target cluster 'us-1' is unhealthy (400)",
      ),
    ).toBeInTheDocument();
  });
});
