import { drillOutcome } from './drillOutcome';
import { testRun } from './__testUtils__/steps';
import { FailoverRun } from './types';

const SHIFT_START = '2026-12-02T10:00:00.000Z';

/** A finished drill whose steps went as `steps` says. */
function drill(
  steps: Partial<Record<string, Partial<FailoverRun['steps'][number]>>> = {},
  overrides: Partial<FailoverRun> = {},
): FailoverRun {
  const run = testRun({ kind: 'drill', status: 'succeeded', ...overrides });
  return {
    ...run,
    steps: run.steps.map(s => ({
      ...s,
      status: 'succeeded',
      attempts: 1,
      ...(s.kind === 'shift-replicas'
        ? { startedAt: SHIFT_START, output: { scaled: [] } }
        : {}),
      ...steps[s.kind],
    })),
  };
}

const readyAfter = (seconds: number) => ({
  output: {
    readyAt: new Date(Date.parse(SHIFT_START) + seconds * 1000).toISOString(),
  },
});

describe('drillOutcome', () => {
  it('measures the RTO from the start of the move to the read that saw the targets ready', () => {
    expect(drillOutcome(drill({ verify: readyAfter(95.5) }), 900)).toEqual({
      movedReplicas: 4,
      achievedRtoSeconds: 95.5,
      metTarget: true,
      metTargetReason: null,
    });
    expect(drillOutcome(drill({ verify: readyAfter(901) }), 900)).toEqual({
      movedReplicas: 4,
      achievedRtoSeconds: 901,
      metTarget: false,
      metTargetReason:
        'the targets were ready after 901s, above the target of 900s',
    });
  });

  it('misses the target when nothing moved, whatever the status says', () => {
    // What drills on real clusters did before: a dry rehearsal, succeeded.
    const rehearsal = drill(
      {
        'shift-replicas': {
          startedAt: SHIFT_START,
          output: { dryRun: true, wouldApply: {} },
        },
        verify: { output: { dryRun: true } },
      },
      { dry: true, durationMs: 1200 },
    );
    expect(drillOutcome(rehearsal, 900)).toEqual({
      movedReplicas: 0,
      achievedRtoSeconds: null,
      metTarget: false,
      metTargetReason: 'a dry rehearsal: no replicas moved',
    });
    const shiftFailed = drill(
      {
        'shift-replicas': {
          status: 'failed',
          error: 'us: scale Deployment shop/checkout: HTTP 500',
        },
        verify: { status: 'pending', attempts: 0 },
      },
      { status: 'failed' },
    );
    expect(drillOutcome(shiftFailed, 900)).toMatchObject({
      movedReplicas: 0,
      metTarget: false,
      metTargetReason:
        'no replicas moved: the shift step failed (us: scale Deployment shop/checkout: HTTP 500)',
    });
  });

  it('misses the target when the targets never reported the replicas ready', () => {
    const run = drill(
      { verify: { status: 'failed', error: 'timed out', output: undefined } },
      { status: 'failed' },
    );
    expect(drillOutcome(run, 900)).toEqual({
      movedReplicas: 4,
      achievedRtoSeconds: null,
      metTarget: false,
      metTargetReason:
        'the targets never reported the required ready replicas (timed out)',
    });
  });

  it('does not judge a running drill, nor one without a target RTO', () => {
    expect(
      drillOutcome(drill({}, { status: 'running' }), 900).metTarget,
    ).toBeNull();
    expect(drillOutcome(drill({ verify: readyAfter(30) }), undefined)).toEqual({
      movedReplicas: 4,
      achievedRtoSeconds: 30,
      metTarget: null,
      metTargetReason: 'no target RTO is declared',
    });
  });
});
