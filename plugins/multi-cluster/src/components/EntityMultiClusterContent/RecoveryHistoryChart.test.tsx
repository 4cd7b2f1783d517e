import { render, screen } from '@testing-library/react';
import type { RecoveryHistory } from '@flotilla/plugin-multi-cluster-common';
import { recoveryPoints, RecoveryHistoryChart } from './RecoveryHistoryChart';

const run = (
  runId: string,
  startedAt: string,
  rest: Partial<RecoveryHistory['items'][number]>,
): RecoveryHistory['items'][number] => ({
  runId,
  kind: 'drill',
  outcome: 'succeeded',
  startedAt,
  finishedAt: null,
  rtoSeconds: 120,
  rtoReason: null,
  rpoSeconds: 30,
  rpo: 'measured',
  ...rest,
});

const history: RecoveryHistory = {
  entityRef: 'component:default/checkout',
  targetRtoSeconds: 900,
  targetRpoSeconds: 60,
  // Newest first, as the API answers.
  items: [
    run('r3', '2026-12-03T10:00:00Z', {
      kind: 'failover',
      rpo: 'unknown',
      rpoSeconds: null,
    }),
    run('r2', '2026-12-02T10:00:00Z', {
      outcome: 'failed',
      rtoSeconds: null,
      rtoReason: 'the targets never reported ready: the run failed',
    }),
    run('r1', '2026-12-01T10:00:00Z', { rtoSeconds: 300, rpoSeconds: 12 }),
  ],
};

describe('RecoveryHistoryChart', () => {
  it('plots the runs oldest first, an unknown RPO as no point rather than 0', () => {
    expect(recoveryPoints(history.items)).toEqual([
      {
        label: '12-01 drill',
        runId: 'r1',
        rto: 300,
        rpo: 12,
        rpoUnknown: false,
      },
      {
        label: '12-02 drill',
        runId: 'r2',
        rto: null,
        rpo: 30,
        rpoUnknown: false,
      },
      {
        label: '12-03 failover (RPO ?)',
        runId: 'r3',
        rto: 120,
        rpo: null,
        rpoUnknown: true,
      },
    ]);
  });

  it('draws the targets as reference lines and says which RPO is unknown', () => {
    render(<RecoveryHistoryChart history={history} />);
    expect(screen.getByTestId('recovery-history')).toBeInTheDocument();
    expect(screen.getByText('RTO target 15m')).toBeInTheDocument();
    expect(screen.getByText('RPO target 1m')).toBeInTheDocument();
    expect(screen.getByText('12-03 failover (RPO ?)')).toBeInTheDocument();
    expect(screen.getByText(/RPO unknown for 1 run:/)).toBeInTheDocument();
  });

  it('says when there is nothing measured yet', () => {
    render(<RecoveryHistoryChart history={{ ...history, items: [] }} />);
    expect(
      screen.getByText(/No finished failover or drill yet/),
    ).toBeInTheDocument();
  });
});
