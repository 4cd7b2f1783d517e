import { evaluateNoExecuteTaints } from './taintEviction';

const now = new Date('2026-01-01T12:00:00Z');
const unreachable = {
  key: 'cluster.karmada.io/unreachable',
  effect: 'NoExecute' as const,
  timeAdded: '2026-01-01T11:59:00Z',
};

describe('evaluateNoExecuteTaints', () => {
  it('does nothing without NoExecute taints', () => {
    expect(
      evaluateNoExecuteTaints([{ key: 'k', effect: 'NoSchedule' }], [], now),
    ).toEqual({ action: 'none' });
  });

  it('evicts at once for an untolerated NoExecute taint', () => {
    expect(evaluateNoExecuteTaints([unreachable], [], now)).toEqual({
      action: 'evict',
      taint: 'cluster.karmada.io/unreachable:NoExecute',
      reason: 'untolerated',
    });
  });

  it('tolerates forever without tolerationSeconds', () => {
    expect(
      evaluateNoExecuteTaints(
        [unreachable],
        [{ key: unreachable.key, operator: 'Exists' }],
        now,
      ),
    ).toEqual({ action: 'tolerate' });
  });

  it('evicts at timeAdded + tolerationSeconds, the earliest deadline winning', () => {
    expect(
      evaluateNoExecuteTaints(
        [unreachable],
        [
          { key: unreachable.key, operator: 'Exists', tolerationSeconds: 300 },
          { operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 120 },
        ],
        now,
      ),
    ).toEqual({ action: 'evict-at', at: new Date('2026-01-01T12:01:00Z') });
  });

  it('evicts once the deadline has passed', () => {
    expect(
      evaluateNoExecuteTaints(
        [unreachable],
        [{ key: unreachable.key, operator: 'Exists', tolerationSeconds: 30 }],
        now,
      ),
    ).toEqual({
      action: 'evict',
      taint: 'cluster.karmada.io/unreachable:NoExecute',
      reason: 'expired',
    });
  });
});
