import { sampleFleet } from '../__fixtures__/fleet';
import { ledger } from './__fixtures__/services';
import { planFailover } from './failoverPlan';
import {
  inversePlan,
  NothingToRollBackError,
  RollbackSource,
  rollbackMoves,
} from './rollbackPlan';
import type { ServiceDrSpec } from './service';

const service: ServiceDrSpec = { ...ledger, argocdApp: 'ledger-app' };

/** A run that moved ledger's 4 replicas from eu-aws to us-aws. */
function failedOver(): RollbackSource {
  return {
    id: 'run-1',
    entityRef: ledger.entityRef,
    plan: planFailover({
      service,
      from: 'eu-aws',
      to: 'us-aws',
      placement: [{ name: 'eu-aws', replicas: 4 }],
      fleet: sampleFleet,
      viaKarmada: true,
      trafficProvider: 'webhook',
    }),
    context: { kubernetesId: 'ledger', argocdApp: 'ledger-app' },
  };
}

describe('rollbackMoves', () => {
  it('reverses the recorded change, counted from the replicas now', () => {
    const back = rollbackMoves(failedOver(), [
      { name: 'eu-aws', replicas: 1 },
      { name: 'us-aws', replicas: 5 },
    ]);
    expect(back.moved).toBe(4);
    expect(back.moves).toEqual([
      { cluster: 'eu-aws', before: 1, after: 5 },
      { cluster: 'us-aws', before: 5, after: 1 },
    ]);
    expect(back.taken.map(m => m.cluster)).toEqual(['us-aws']);
    expect(back.returned.map(m => m.cluster)).toEqual(['eu-aws']);
  });

  it('takes back no more than the gaining clusters hold now', () => {
    const back = rollbackMoves(failedOver(), [
      { name: 'eu-aws', replicas: 0 },
      { name: 'us-aws', replicas: 2 },
    ]);
    expect(back.moved).toBe(2);
    expect(back.moves).toEqual([
      { cluster: 'eu-aws', before: 0, after: 2 },
      { cluster: 'us-aws', before: 2, after: 0 },
    ]);
  });

  it('conserves the total replicas', () => {
    const current = [
      { name: 'eu-aws', replicas: 0 },
      { name: 'us-aws', replicas: 3 },
    ];
    const { moves } = rollbackMoves(failedOver(), current);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(moves.map(m => m.after))).toBe(sum(moves.map(m => m.before)));
  });
});

describe('inversePlan', () => {
  it('fails back to the original clusters with the same runbook', () => {
    const run = failedOver();
    const back = inversePlan(run, [
      { name: 'eu-aws', replicas: 0 },
      { name: 'us-aws', replicas: 4 },
    ]);
    expect(back).toMatchObject({
      entityRef: ledger.entityRef,
      from: 'us-aws',
      to: ['eu-aws'],
      targetChosenBy: 'request',
      movedReplicas: 4,
      method: 'karmada-override',
    });
    expect(back.steps.map(s => s.kind)).toEqual(
      run.plan.steps.map(s => s.kind),
    );
    expect(back.steps.map(s => s.order)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(back.steps.map(s => [s.timeoutSeconds, s.maxAttempts])).toEqual(
      run.plan.steps.map(s => [s.timeoutSeconds, s.maxAttempts]),
    );
    expect(back.steps[0].params).toEqual({ cluster: 'us-aws', force: true });
    expect(back.steps[2].params).toEqual({
      method: 'karmada-override',
      moves: [
        { cluster: 'eu-aws', before: 0, after: 4 },
        { cluster: 'us-aws', before: 4, after: 0 },
      ],
      kubernetesId: 'ledger',
    });
    expect(back.steps[3].params).toEqual({ application: 'ledger-app' });
    expect(back.steps[5].params).toEqual({
      expected: [{ cluster: 'eu-aws', replicas: 4 }],
    });
  });

  it('refuses a run whose targets no longer hold what it moved', () => {
    expect(() =>
      inversePlan(failedOver(), [
        { name: 'eu-aws', replicas: 4 },
        { name: 'us-aws', replicas: 0 },
      ]),
    ).toThrow(
      new NothingToRollBackError(
        'Run run-1 has nothing left to roll back: us-aws no longer hold the replicas it moved',
      ),
    );
  });
});
