import { sampleFleet } from '../__fixtures__/fleet';
import { ledger } from './__fixtures__/services';
import { failoverSourceCheck, failoverTargetProblem } from './failoverHealth';
import { planFailover } from './failoverPlan';
import { assessDrPosture } from './posture';

const evidence =
  'probe: readyz: connection refused; karmada:global: Ready=False: cluster is not reachable';
const unreachable = (name: string) =>
  sampleFleet.map(c =>
    c.name === name
      ? { ...c, health: 'unhealthy' as const, healthDetail: evidence }
      : c,
  );

describe('failover health rules', () => {
  it('only a healthy source needs force', () => {
    expect(
      failoverSourceCheck({ name: 'eu', health: 'healthy' }, false),
    ).toEqual({
      proceed: false,
      reason:
        'eu still reports healthy; refusing to fail over from a healthy cluster without force: true',
    });
    expect(
      failoverSourceCheck({ name: 'eu', health: 'healthy' }, true),
    ).toMatchObject({ proceed: true });
    expect(
      failoverSourceCheck(
        { name: 'eu', health: 'unhealthy', healthDetail: evidence },
        false,
      ),
    ).toEqual({ proceed: true, reason: `eu is unhealthy (${evidence})` });
    expect(
      failoverSourceCheck({ name: 'eu', health: 'unknown' }, false),
    ).toMatchObject({ proceed: true });
    expect(failoverSourceCheck(undefined, false)).toMatchObject({
      proceed: true,
    });
  });

  it('an unhealthy target is refused with its evidence; unknown is not', () => {
    expect(
      failoverTargetProblem({
        name: 'us',
        health: 'unhealthy',
        healthDetail: evidence,
      }),
    ).toBe(`target cluster 'us' is unhealthy (${evidence})`);
    expect(
      failoverTargetProblem({ name: 'us', health: 'unknown' }),
    ).toBeUndefined();
  });

  it('the planner refuses an unhealthy target, naming the evidence', () => {
    expect(() =>
      planFailover({
        service: ledger,
        from: 'eu-aws',
        to: 'us-aws',
        placement: [{ name: 'eu-aws', replicas: 4 }],
        fleet: unreachable('us-aws'),
      }),
    ).toThrow(`target cluster 'us-aws' is unhealthy (${evidence})`);
  });

  it('the planner plans from an unhealthy source without force and says why', () => {
    const plan = planFailover({
      service: ledger,
      from: 'eu-aws',
      to: 'us-aws',
      placement: [{ name: 'eu-aws', replicas: 4 }],
      fleet: unreachable('eu-aws'),
    });
    expect(plan.steps[0]).toMatchObject({
      kind: 'precheck-source',
      params: { cluster: 'eu-aws', force: false },
      description: expect.stringContaining(
        `When planned: eu-aws is unhealthy (${evidence}).`,
      ),
    });
  });

  it('the posture finding names the evidence', () => {
    const findings = assessDrPosture(
      ledger,
      [{ name: 'eu-aws', replicas: 4 }],
      unreachable('eu-aws'),
    );
    expect(findings.find(f => f.id === 'cluster-unhealthy')?.detail).toBe(
      `4 replica(s) run on an unhealthy cluster; fail over or let the placement move them. Evidence: ${evidence}.`,
    );
  });
});
