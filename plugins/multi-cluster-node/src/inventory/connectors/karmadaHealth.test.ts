import { karmadaHealthEvidence } from './karmadaHealth';

const at = '2026-12-02T10:00:00.000Z';
const since = '2026-12-02T09:00:00Z';

describe('karmadaHealthEvidence', () => {
  it('Ready=False or Unknown is unhealthy, with the condition and since when', () => {
    for (const status of ['False', 'Unknown']) {
      expect(
        karmadaHealthEvidence(
          {
            type: 'Ready',
            status,
            reason: 'ClusterNotReachable',
            message: 'cluster is not reachable',
            lastTransitionTime: since,
          },
          [{ key: 'cluster.karmada.io/not-ready', effect: 'NoExecute' }],
          at,
        ),
      ).toEqual({
        source: 'karmada',
        status: 'unhealthy',
        reason: `Ready=${status}: cluster is not reachable`,
        since,
        checkedAt: at,
      });
    }
  });

  it("Ready=True still carrying Karmada's not-ready or unreachable taint is unhealthy", () => {
    const evidence = karmadaHealthEvidence(
      { type: 'Ready', status: 'True', lastTransitionTime: since },
      [
        {
          key: 'cluster.karmada.io/unreachable',
          effect: 'NoSchedule',
          timeAdded: '2026-12-02T09:30:00Z',
        },
      ],
      at,
    );
    expect(evidence).toMatchObject({
      status: 'unhealthy',
      reason:
        'Ready=True but tainted cluster.karmada.io/unreachable:NoSchedule',
      since: '2026-12-02T09:30:00Z',
    });
  });

  it("Ready=True with the platform team's own taints is healthy", () => {
    expect(
      karmadaHealthEvidence(
        { type: 'Ready', status: 'True', reason: 'ClusterReady' },
        [{ key: 'maintenance', effect: 'NoSchedule' }],
        at,
      ),
    ).toMatchObject({ status: 'healthy', reason: 'Ready=True: ClusterReady' });
  });

  it('no Ready condition: Karmada cannot tell', () => {
    expect(karmadaHealthEvidence(undefined, [], at)).toEqual({
      source: 'karmada',
      status: 'unknown',
      reason: 'No Ready condition',
      checkedAt: at,
    });
  });

  it('bounds the text a control plane serves', () => {
    const evidence = karmadaHealthEvidence(
      { type: 'Ready', status: 'False', message: 'x'.repeat(10_000) },
      [],
      at,
    );
    expect(evidence.reason!.length).toBeLessThanOrEqual(503);
  });
});
