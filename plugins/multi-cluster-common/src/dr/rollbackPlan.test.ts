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

/** What the run recorded it changed: 4 replicas from eu-aws to us-aws. */
const recorded = [
  { cluster: 'eu-aws', before: 4, after: 0 },
  { cluster: 'us-aws', before: 0, after: 4 },
];

describe('rollbackMoves', () => {
  it('reverses what the run recorded it changed on each cluster', () => {
    const back = rollbackMoves(recorded);
    expect(back.moved).toBe(4);
    expect(back.moves).toEqual([
      { cluster: 'eu-aws', before: 0, after: 4 },
      { cluster: 'us-aws', before: 4, after: 0 },
    ]);
    expect(back.taken.map(m => m.cluster)).toEqual(['us-aws']);
    expect(back.returned.map(m => m.cluster)).toEqual(['eu-aws']);
  });

  it('moves nothing for a cluster the run left as it was', () => {
    const back = rollbackMoves([
      ...recorded,
      { cluster: 'ap-gcp', before: 2, after: 2 },
    ]);
    expect(back.moves.map(m => m.cluster)).toEqual(['eu-aws', 'us-aws']);
  });

  it('conserves the total replicas', () => {
    const { moves } = rollbackMoves(recorded);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(moves.map(m => m.after))).toBe(sum(moves.map(m => m.before)));
  });
});

describe('inversePlan', () => {
  it('fails back to the original clusters with the same runbook', () => {
    const run = failedOver();
    const back = inversePlan(run, recorded);
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
    expect(back.steps.map(s => s.order)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(back.steps.map(s => [s.timeoutSeconds, s.maxAttempts])).toEqual(
      run.plan.steps.map(s => [s.timeoutSeconds, s.maxAttempts]),
    );
    const stepOf = (kind: string) => back.steps.find(s => s.kind === kind)!;
    expect(back.steps[0].params).toEqual({ cluster: 'us-aws', force: true });
    expect(stepOf('shift-replicas').params).toEqual({
      method: 'karmada-override',
      moves: [
        { cluster: 'eu-aws', before: 0, after: 4 },
        { cluster: 'us-aws', before: 4, after: 0 },
      ],
      kubernetesId: 'ledger',
      rollbackOf: 'run-1',
    });
    expect(stepOf('gitops-sync').params).toEqual({ application: 'ledger-app' });
    expect(stepOf('verify').params).toEqual({
      expected: [{ cluster: 'eu-aws', replicas: 4 }],
    });
  });

  it('refuses a run that changed nothing', () => {
    expect(() => inversePlan(failedOver(), [])).toThrow(
      new NothingToRollBackError(
        "Run run-1 changed no cluster's replicas: there is nothing to roll back",
      ),
    );
  });
});
