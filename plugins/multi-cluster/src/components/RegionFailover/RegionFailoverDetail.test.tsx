import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { registerMswTestHooks } from '@backstage/test-utils';
import type { RegionFailover } from '@flotilla/plugin-multi-cluster-common';
import { euWestStorm } from '../../__fixtures__/regionLoss';
import {
  advanceClock,
  passTurns,
  runOnFakeClock,
  settleUntil,
  setupUser,
} from '../../__testUtils__/fakeClock';
import {
  renderWithBackend,
  TEST_BASE_URL as baseUrl,
} from '../../__testUtils__/renderWithBackend';
import { RegionFailoversView } from './RegionFailoversView';
import { STORM_POLL_MS } from './useRegionFailover';

runOnFakeClock();

const server = setupServer();
registerMswTestHooks(server);

/** The fleet page's region failover tab, opened at one region failover. */
function renderStorm(id: string) {
  return renderWithBackend(
    <Routes>
      <Route
        path="/fleet/region-failovers/*"
        element={<RegionFailoversView />}
      />
    </Routes>,
    { routeEntries: [`/fleet/region-failovers/${id}`] },
  );
}

/** The status the detail view shows, if it shows one. */
function shownStatus(): string | null {
  return (
    screen.queryByTestId('region-failover')?.getAttribute('data-status') ?? null
  );
}

function button(text: string): HTMLElement {
  const element = screen.getByText(text).closest('button');
  if (!element) throw new Error(`"${text}" is not a button`);
  return element;
}

describe('RegionFailoverDetail', () => {
  it('shows the counts and the services in priority order with their runs, and pauses', async () => {
    let current: RegionFailover = euWestStorm();
    const paused: string[] = [];
    server.use(
      http.get(`${baseUrl}/region-failovers/storm-1`, () =>
        HttpResponse.json(current),
      ),
      http.post(`${baseUrl}/region-failovers/:id/pause`, ({ params }) => {
        paused.push(params.id as string);
        current = euWestStorm({ status: 'paused' });
        return HttpResponse.json(current);
      }),
    );
    const user = setupUser();
    await renderStorm('storm-1');
    await settleUntil(() => shownStatus() === 'running', 'showing the storm');

    for (const count of [
      'queued: 1',
      'waiting for capacity: 1',
      'running: 1',
      'succeeded: 1',
    ]) {
      expect(screen.getByText(count)).toBeInTheDocument();
    }
    // Priority 1 first; checkout's two moves (priority 2) by source cluster.
    expect(
      screen
        .getAllByTestId(/^child-status-/)
        .map(cell => [cell.dataset.testid, cell.dataset.status]),
    ).toEqual([
      ['child-status-component:default/payments-ledger-prod-eu-1', 'succeeded'],
      ['child-status-component:default/checkout-prod-eu-1', 'running'],
      ['child-status-component:default/checkout-prod-eu-2', 'waiting-capacity'],
      ['child-status-component:default/search-api-prod-eu-2', 'queued'],
    ]);
    expect(screen.getByText('prod-us-2, prod-ap-1')).toBeInTheDocument();
    expect(
      screen.getByText('waiting for 2 CPUs on a target'),
    ).toBeInTheDocument();
    // A run links to its service's tab, which follows it.
    expect(screen.getByText('run-11').closest('a')).toHaveAttribute(
      'href',
      '/catalog/default/component/payments-ledger/multi-cluster?failoverRun=run-11',
    );
    expect(screen.queryByText('Fail back')).not.toBeInTheDocument();

    await settleUntil(
      () => !button('Pause').hasAttribute('disabled'),
      'allowed',
    );
    await user.click(button('Pause'));
    await settleUntil(() => shownStatus() === 'paused', 'showing the pause');
    expect(paused).toEqual(['storm-1']);
    expect(button('Resume')).toBeEnabled();
    expect(screen.queryByText('Pause')).not.toBeInTheDocument();
  });

  it('follows the region failover to its end and starts the failback', async () => {
    let reads = 0;
    const failbacks: unknown[] = [];
    const succeeded = euWestStorm({
      status: 'succeeded',
      finishedAt: '2026-12-02T16:20:00.000Z',
      counts: { succeeded: 4 },
      children: euWestStorm().children.map(c => ({
        ...c,
        status: 'succeeded',
      })),
    });
    server.use(
      http.get(`${baseUrl}/region-failovers/storm-1`, () => {
        reads += 1;
        return HttpResponse.json(reads === 1 ? euWestStorm() : succeeded);
      }),
      http.post(`${baseUrl}/failbacks`, async ({ request }) => {
        failbacks.push(await request.json());
        return HttpResponse.json(
          {
            storm: euWestStorm({
              id: 'storm-2',
              kind: 'failback',
              failbackOf: 'storm-1',
            }),
          },
          { status: 202 },
        );
      }),
      http.get(`${baseUrl}/region-failovers/storm-2`, () =>
        HttpResponse.json(
          euWestStorm({
            id: 'storm-2',
            kind: 'failback',
            failbackOf: 'storm-1',
          }),
        ),
      ),
    );
    const user = setupUser();
    await renderStorm('storm-1');
    await settleUntil(() => shownStatus() === 'running', 'showing the storm');
    // Read again once a poll interval (no signals here), not before.
    await advanceClock(STORM_POLL_MS - 1);
    expect(reads).toBe(1);
    await advanceClock(1);
    await settleUntil(() => shownStatus() === 'succeeded', 'showing the end');
    expect(screen.getByText('succeeded: 4')).toBeInTheDocument();
    // An ended region failover is not read again.
    await advanceClock(10 * STORM_POLL_MS);
    await passTurns();
    expect(reads).toBe(2);

    await settleUntil(
      () => !button('Fail back').hasAttribute('disabled'),
      'allowed',
    );
    await user.click(button('Fail back'));
    const dialog = await screen.findByRole('dialog');
    await user.type(
      within(dialog).getByLabelText('Reason (required)'),
      'eu-west is back',
    );
    await user.click(within(dialog).getByText('Start failback'));
    // The view moves on to the failback.
    expect(await screen.findByText('Failback storm-2')).toBeInTheDocument();
    expect(failbacks).toEqual([
      { stormId: 'storm-1', reason: 'eu-west is back' },
    ]);
  });
});
