import type { DetectionState, DetectionWindow } from '../types';
import { decideService } from './decideService';
import type {
  DetectedService,
  ObservedSignal,
  ObservedState,
  ServiceDecisionInput,
} from './types';

const T0 = Date.parse('2027-03-01T10:00:00.000Z');
/** The injected clock: `at(s)` is s seconds after T0. */
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const iso = (seconds: number) => at(seconds).toISOString();
const MIN_INTERVAL_MS = 30 * 60 * 1000;

/** A cluster observed `state` now, failing for `failingSeconds` since T0. */
function observed(state: DetectionState, failingSeconds = 0): ObservedState {
  const window: DetectionWindow = {
    state,
    observedAt: iso(failingSeconds),
    failingSince: state === 'healthy' ? undefined : iso(0),
    failingMs: state === 'healthy' ? 0 : failingSeconds * 1000,
    healthySince: state === 'healthy' ? iso(0) : undefined,
    healthyMs: 0,
  };
  return {
    window,
    verdict: {
      state,
      reason: state === 'failing' ? 'probe: connection refused' : state,
      evidence: [
        {
          source: 'probe',
          status: state === 'failing' ? 'unhealthy' : state,
          reason: state === 'failing' ? 'connection refused' : undefined,
        },
      ],
    },
  };
}

const checkout: DetectedService = {
  entityRef: 'component:default/checkout',
  policy: 'manual',
  tolerationSeconds: 300,
  placement: [
    { name: 'eu-west', replicas: 3 },
    { name: 'us-east', replicas: 0 },
  ],
  karmadaFailover: false,
};

function input(
  overrides: Omit<Partial<ServiceDecisionInput>, 'service'> & {
    service?: Partial<DetectedService>;
    euWest?: ObservedState;
  } = {},
): ServiceDecisionInput {
  return {
    now: at(300),
    minFailoverIntervalMs: MIN_INTERVAL_MS,
    clusters: new Map([
      ['eu-west', overrides.euWest ?? observed('failing', 300)],
      ['us-east', observed('healthy')],
    ]),
    ...overrides,
    service: { ...checkout, ...overrides.service },
  };
}

describe('decideService', () => {
  it('decides nothing while the cluster has failed for less than the toleration', () => {
    expect(decideService(input({ euWest: observed('failing', 299) }))).toEqual(
      [],
    );
  });

  it('would fail over (manual) once the cluster failed for the whole toleration', () => {
    const [decision, ...rest] = decideService(input());
    expect(rest).toEqual([]);
    expect(decision).toEqual({
      kind: 'would-fail-over',
      entityRef: 'component:default/checkout',
      cluster: 'eu-west',
      policy: 'manual',
      reason:
        'Would fail over (policy manual: a person starts it); healthy clusters: us-east. eu-west failing for 5m (toleration 5m): probe: connection refused',
      evidence: [
        {
          cluster: 'eu-west',
          source: 'probe',
          status: 'unhealthy',
          reason: 'connection refused',
        },
      ],
      // The episode starts at the first failing observation (T0).
      episode: `component:default/checkout|eu-west|${iso(0)}`,
      episodeKey: `would-fail-over|component:default/checkout|eu-west|${iso(
        0,
      )}`,
    });
  });

  it('fails over (automatic) and honours the service’s own toleration', () => {
    // Toleration 10m: 300 s of failure is not enough; 600 s is.
    const service = { policy: 'automatic' as const, tolerationSeconds: 600 };
    expect(decideService(input({ service }))).toEqual([]);
    const [decision] = decideService(
      input({ service, euWest: observed('failing', 600), now: at(600) }),
    );
    expect(decision.kind).toBe('failed-over');
    expect(decision.policy).toBe('automatic');
  });

  it('never decides on an unknown cluster (a 401), however long it failed before', () => {
    expect(decideService(input({ euWest: observed('unknown', 900) }))).toEqual(
      [],
    );
  });

  it('ignores clusters the service does not run on', () => {
    const service = {
      placement: [
        { name: 'eu-west', replicas: 0 },
        { name: 'us-east', replicas: 3 },
      ],
    };
    expect(decideService(input({ service }))).toEqual([]);
  });

  it('leaves a service with Karmada failover to Karmada', () => {
    const [decision] = decideService(
      input({ service: { karmadaFailover: true, activeRunId: 'run-1' } }),
    );
    expect(decision.kind).toBe('karmada-handles');
    expect(decision.episodeKey).toBe(
      `karmada-handles|component:default/checkout|eu-west|${iso(0)}`,
    );
  });

  it('holds back while a failover run of the service is active', () => {
    const [decision] = decideService(
      input({ service: { activeRunId: 'run-1' } }),
    );
    expect(decision.kind).toBe('held-back');
    expect(decision.reason).toMatch(
      /^Held back: failover run run-1 of it is still running\. /,
    );
    expect(decision.episodeKey).toBe(
      `held-back:active-run|component:default/checkout|eu-west|${iso(0)}`,
    );
  });

  it('holds back within the minimum interval since the last failover, not after', () => {
    // Last failover 29m 59s before now (now = T0 + 300 s): held back.
    const recent = new Date(T0 + 300_000 - (MIN_INTERVAL_MS - 1000));
    const [held] = decideService(
      input({ service: { lastFailoverAt: recent.toISOString() } }),
    );
    expect(held.kind).toBe('held-back');
    expect(held.reason).toMatch(
      /^Held back: it was last failed over 29m 59s ago .*the minimum interval is 30m\./,
    );
    // Exactly 30m before now: the interval has elapsed.
    const old = new Date(T0 + 300_000 - MIN_INTERVAL_MS);
    const [decided] = decideService(
      input({ service: { lastFailoverAt: old.toISOString() } }),
    );
    expect(decided.kind).toBe('would-fail-over');
  });

  it('holds back when no healthy cluster is left', () => {
    const [decision] = decideService(
      input({
        clusters: new Map([
          ['eu-west', observed('failing', 300)],
          ['us-east', observed('unknown', 0)],
        ]),
      }),
    );
    expect(decision.kind).toBe('held-back');
    expect(decision.episodeKey).toMatch(/^held-back:no-survivors\|/);
  });

  it('makes one decision per down cluster, in name order', () => {
    const service = {
      placement: [
        { name: 'eu-west', replicas: 2 },
        { name: 'eu-central', replicas: 2 },
        { name: 'us-east', replicas: 2 },
      ],
    };
    const decisions = decideService(
      input({
        service,
        clusters: new Map([
          ['eu-west', observed('failing', 300)],
          ['eu-central', observed('failing', 300)],
          ['us-east', observed('healthy')],
        ]),
      }),
    );
    expect(decisions.map(d => d.cluster)).toEqual(['eu-central', 'eu-west']);
  });

  describe('service signals', () => {
    /** A signal window: failing since T0 + `fromSecond`, observed at now. */
    function signal(
      kind: ObservedSignal['signal'],
      failingSeconds: number,
      fromSecond = 0,
    ): ObservedSignal {
      return {
        signal: kind,
        window: {
          state: 'failing',
          observedAt: iso(fromSecond + failingSeconds),
          failingSince: iso(fromSecond),
          failingMs: failingSeconds * 1000,
          healthyMs: 0,
        },
        verdict: {
          state: 'failing',
          reason: 'Deployment shop/checkout: 0 of 3 replicas available',
          evidence: [
            {
              cluster: 'eu-west',
              source: 'deployment',
              status: 'unhealthy',
              reason: 'Deployment shop/checkout: 0 of 3 replicas available',
            },
          ],
        },
      };
    }

    it('count a Deployment unavailable for the whole toleration in a healthy cluster', () => {
      const [decision] = decideService(
        input({
          now: at(360),
          euWest: observed('healthy'),
          signals: new Map([['eu-west', [signal('deployment', 300, 60)]]]),
        }),
      );
      expect(decision.kind).toBe('would-fail-over');
      expect(decision.reason).toBe(
        'Would fail over (policy manual: a person starts it); healthy clusters: us-east. its Deployment in eu-west failing for 5m (toleration 5m): Deployment shop/checkout: 0 of 3 replicas available',
      );
      // The healthy cluster's evidence, then the failing signal's.
      expect(decision.evidence.map(e => e.source)).toEqual([
        'probe',
        'deployment',
      ]);
      expect(decision.episodeKey).toBe(
        `would-fail-over|component:default/checkout|eu-west|${iso(60)}`,
      );
    });

    it('do not count while shorter than the toleration', () => {
      expect(
        decideService(
          input({
            euWest: observed('healthy'),
            signals: new Map([['eu-west', [signal('argocd', 299)]]]),
          }),
        ),
      ).toEqual([]);
    });

    it('start the episode at the earliest failure of the cluster or its signals', () => {
      // The Application is Degraded since T0 + 0, the cluster failing only
      // since T0 + 120 (for 300 s): one decision, keyed from T0 + 0.
      const cluster = observed('failing', 300);
      cluster.window.failingSince = iso(120);
      const [decision, ...rest] = decideService(
        input({
          now: at(420),
          euWest: cluster,
          signals: new Map([['eu-west', [signal('argocd', 200)]]]),
        }),
      );
      expect(rest).toEqual([]);
      expect(decision.episodeKey).toBe(
        `would-fail-over|component:default/checkout|eu-west|${iso(0)}`,
      );
    });
  });
});
