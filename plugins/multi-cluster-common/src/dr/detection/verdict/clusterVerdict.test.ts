import type { ClusterHealth } from '../../../api/fleet';
import type { ClusterTaint } from '../../../scheduling/types';
import { clusterVerdict } from './clusterVerdict';

const now = new Date('2027-03-01T10:00:00.000Z');

function cluster(health: ClusterHealth, taints?: ClusterTaint[]) {
  return { name: 'eu-west', health, taints };
}

const probeRefused: ClusterHealth = {
  status: 'unhealthy',
  via: 'readyz',
  checkedAt: '2027-03-01T09:59:50.000Z',
  message: 'probe: connection refused',
  evidence: [
    {
      source: 'probe',
      status: 'unhealthy',
      reason: 'connection refused',
      checkedAt: '2027-03-01T09:59:50.000Z',
    },
  ],
};

describe('clusterVerdict', () => {
  it('is failing when the inventory finds the cluster unhealthy, with its evidence', () => {
    expect(clusterVerdict({ cluster: cluster(probeRefused), now })).toEqual({
      state: 'failing',
      reason: 'probe: connection refused',
      // The inventory's evidence as it is.
      evidence: probeRefused.evidence,
    });
  });

  it('is failing on a Karmada NoExecute unreachable taint even while the inventory says healthy', () => {
    const verdict = clusterVerdict({
      cluster: cluster({ status: 'healthy', via: 'readyz' }, [
        {
          key: 'cluster.karmada.io/unreachable',
          effect: 'NoExecute',
          timeAdded: '2027-03-01T09:58:00Z',
        },
      ]),
      now,
    });
    expect(verdict.state).toBe('failing');
    expect(verdict.reason).toBe(
      'Karmada tainted it cluster.karmada.io/unreachable:NoExecute',
    );
    expect(verdict.evidence).toEqual([
      {
        source: 'karmada',
        status: 'unhealthy',
        reason: 'taint cluster.karmada.io/unreachable:NoExecute',
        since: '2027-03-01T09:58:00Z',
      },
    ]);
  });

  it('is failing on a not-ready NoExecute taint, but not on NoSchedule or other taints', () => {
    const notReady = clusterVerdict({
      cluster: cluster({ status: 'healthy', via: 'readyz' }, [
        { key: 'cluster.karmada.io/not-ready', effect: 'NoExecute' },
      ]),
      now,
    });
    expect(notReady.state).toBe('failing');
    const noSchedule = clusterVerdict({
      cluster: cluster({ status: 'healthy', via: 'readyz' }, [
        { key: 'cluster.karmada.io/not-ready', effect: 'NoSchedule' },
        { key: 'example.com/maintenance', effect: 'NoExecute' },
      ]),
      now,
    });
    expect(noSchedule.state).toBe('healthy');
    expect(noSchedule.evidence).toEqual([]);
  });

  it('is unknown, not failing, when the inventory cannot tell (a 401: our credentials)', () => {
    const verdict = clusterVerdict({
      cluster: cluster({
        status: 'unknown',
        via: 'none',
        message: 'probe: HTTP 401 Unauthorized',
        evidence: [
          {
            source: 'probe',
            status: 'unknown',
            reason: 'HTTP 401 Unauthorized',
          },
        ],
      }),
      now,
    });
    expect(verdict.state).toBe('unknown');
    expect(verdict.reason).toBe(
      'no observer can tell (probe: HTTP 401 Unauthorized)',
    );
    expect(verdict.evidence[0].status).toBe('unknown');
  });

  it('is unknown when the inventory verdict is older than allowed, whatever it says', () => {
    // Checked at 09:59:50, now 10:00:00: 10 s old. Allowed 5 s: stale.
    const stale = clusterVerdict({
      cluster: cluster(probeRefused),
      now,
      maxVerdictAgeMs: 5000,
    });
    expect(stale.state).toBe('unknown');
    expect(stale.reason).toBe(
      "the inventory's verdict is 10s old (checked at 2027-03-01T09:59:50.000Z)",
    );
    // Allowed 10 s: exactly 10 s old is still current.
    expect(
      clusterVerdict({
        cluster: cluster(probeRefused),
        now,
        maxVerdictAgeMs: 10_000,
      }).state,
    ).toBe('failing');
  });

  it('is healthy otherwise', () => {
    expect(
      clusterVerdict({
        cluster: cluster({
          status: 'healthy',
          via: 'readyz',
          message: 'probe: ok',
        }),
        now,
      }),
    ).toEqual({ state: 'healthy', reason: 'probe: ok', evidence: [] });
  });
});
