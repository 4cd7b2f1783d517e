import type { DetectionState } from '../types';
import { decideFailback, type FailbackSource } from './failback';
import type { ObservedState } from './types';

const T0 = Date.parse('2027-03-01T10:00:00.000Z');
const iso = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
const STABILIZATION_MS = 10 * 60 * 1000;

function cluster(state: DetectionState, healthySeconds: number): ObservedState {
  return {
    window: {
      state,
      observedAt: iso(healthySeconds),
      healthySince: state === 'healthy' ? iso(0) : undefined,
      healthyMs: state === 'healthy' ? healthySeconds * 1000 : 0,
      failingMs: 0,
    },
    verdict: { state, reason: 'probe: ok', evidence: [] },
  };
}

const failedOver: FailbackSource = {
  decisionId: 'd-1',
  kind: 'failed-over',
  entityRef: 'component:default/checkout',
  cluster: 'eu-west',
  // Decided at T0, when the cluster had failed (healthy since T0 below).
  decidedAt: iso(0),
};

describe('decideFailback', () => {
  it('waits for the whole stabilization window', () => {
    // 599 s healthy of 600: nothing yet.
    expect(
      decideFailback({
        source: failedOver,
        policy: 'automatic',
        cluster: cluster('healthy', 599),
        stabilizationMs: STABILIZATION_MS,
        now: new Date(T0 + 900_000),
      }),
    ).toBeUndefined();
  });

  it('fails back an automatic failover once the cluster is stable', () => {
    expect(
      decideFailback({
        source: failedOver,
        policy: 'automatic',
        cluster: cluster('healthy', 600),
        stabilizationMs: STABILIZATION_MS,
        now: new Date(T0 + 900_000),
      }),
    ).toEqual({
      kind: 'failed-back',
      entityRef: 'component:default/checkout',
      cluster: 'eu-west',
      policy: 'automatic',
      reason:
        'Failing back (policy automatic). eu-west healthy for 10m (stabilization 10m): probe: ok',
      evidence: [],
      episode: 'failback|d-1',
      episodeKey: 'failback|d-1',
    });
  });

  it('only proposes when the policy is manual now, or after a would-fail-over', () => {
    const manual = decideFailback({
      source: failedOver,
      policy: 'manual',
      cluster: cluster('healthy', 600),
      stabilizationMs: STABILIZATION_MS,
      now: new Date(T0 + 900_000),
    });
    expect(manual?.kind).toBe('propose-failback');
    const proposed = decideFailback({
      source: { ...failedOver, decisionId: 'd-2', kind: 'would-fail-over' },
      policy: 'automatic',
      cluster: cluster('healthy', 600),
      stabilizationMs: STABILIZATION_MS,
      now: new Date(T0 + 900_000),
    });
    expect(proposed?.kind).toBe('propose-failback');
    expect(proposed?.episodeKey).toBe('failback|d-2');
  });

  it('never decides while the cluster is unknown or failing, or not observed', () => {
    for (const state of ['unknown', 'failing'] as const) {
      const observed = cluster('healthy', 900);
      observed.window.state = state;
      expect(
        decideFailback({
          source: failedOver,
          policy: 'automatic',
          cluster: observed,
          stabilizationMs: STABILIZATION_MS,
          now: new Date(T0 + 900_000),
        }),
      ).toBeUndefined();
    }
    expect(
      decideFailback({
        source: failedOver,
        policy: 'automatic',
        cluster: undefined,
        stabilizationMs: STABILIZATION_MS,
        now: new Date(T0 + 900_000),
      }),
    ).toBeUndefined();
  });

  it('counts stabilization from the decision when the cluster stayed healthy throughout', () => {
    // The service was moved for its own Deployment at T0 + 900 s; the cluster
    // has been healthy since T0 (1200 s at T0 + 1200). Only 300 s have passed
    // since the decision: nothing yet. At T0 + 1500, 600 s since: failback.
    const source = { ...failedOver, decidedAt: iso(900) };
    const input = {
      source,
      policy: 'automatic' as const,
      stabilizationMs: STABILIZATION_MS,
    };
    expect(
      decideFailback({
        ...input,
        cluster: cluster('healthy', 1200),
        now: new Date(T0 + 1_200_000),
      }),
    ).toBeUndefined();
    const decided = decideFailback({
      ...input,
      cluster: cluster('healthy', 1500),
      now: new Date(T0 + 1_500_000),
    });
    expect(decided?.kind).toBe('failed-back');
    expect(decided?.reason).toBe(
      'Failing back (policy automatic). eu-west healthy for 10m (stabilization 10m): probe: ok',
    );
  });
});
