import { testRun } from './__testUtils__/steps';
import { recoveryHistoryItem } from './recoveryHistory';
import { FailoverRun } from './types';

const START = '2026-12-01T10:00:00.000Z';

/** A finished run whose steps report `outputs` by kind. */
function finished(
  status: FailoverRun['status'],
  outputs: Record<string, { status?: string; output?: unknown }>,
): FailoverRun {
  const run = testRun({ status, startedAt: START, finishedAt: START });
  run.steps = run.steps.map(s => ({
    ...s,
    status: 'succeeded',
    ...(outputs[s.kind] as any),
  }));
  if (
    !run.steps.some(s => s.kind === 'state-restore') &&
    outputs['state-restore']
  ) {
    run.steps.push({
      ...run.steps[0],
      kind: 'state-restore',
      ...(outputs['state-restore'] as any),
    });
  }
  return run;
}

describe('recoveryHistoryItem', () => {
  it('measures the RTO from the start to readiness and reads the RPO the restore measured', () => {
    const item = recoveryHistoryItem(
      finished('succeeded', {
        verify: { output: { readyAt: '2026-12-01T10:02:30.000Z' } },
        'state-restore': { status: 'succeeded', output: { rpoSeconds: 42 } },
      }),
    );
    expect(item).toMatchObject({
      outcome: 'succeeded',
      rtoSeconds: 150,
      rtoReason: null,
      rpo: 'measured',
      rpoSeconds: 42,
    });
  });

  it('says an RPO the restore could not tell is unknown, not 0', () => {
    const item = recoveryHistoryItem(
      finished('failed', {
        verify: { status: 'failed', output: {} },
        'state-restore': {
          status: 'succeeded',
          output: { rpoSeconds: 0, rpoUnknown: true },
        },
      }),
    );
    expect(item).toMatchObject({
      outcome: 'failed',
      rtoSeconds: null,
      rtoReason: 'the targets never reported ready: the run failed',
      rpo: 'unknown',
      rpoSeconds: null,
    });
  });

  it('leaves out unfinished, dry and never-started runs', () => {
    expect(recoveryHistoryItem(testRun({ status: 'running' }))).toBeUndefined();
    expect(
      recoveryHistoryItem(testRun({ status: 'succeeded', dry: true })),
    ).toBeUndefined();
    expect(
      recoveryHistoryItem(
        testRun({ status: 'cancelled', startedAt: undefined }),
      ),
    ).toBeUndefined();
  });
});
