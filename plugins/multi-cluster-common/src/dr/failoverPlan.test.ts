import { fleetCluster, sampleFleet } from '../__fixtures__/fleet';
import { ledger } from './__fixtures__/services';
import { FailoverPlanError, planFailover } from './failoverPlan';

describe('planFailover', () => {
  it('moves every replica of an active-passive service to the standby', () => {
    const plan = planFailover({
      service: ledger,
      from: 'eu-aws',
      to: 'us-aws',
      placement: [{ name: 'eu-aws', replicas: 4 }],
      fleet: sampleFleet,
      viaKarmada: true,
    });
    expect(plan.moves).toEqual([
      { cluster: 'eu-aws', before: 4, after: 0 },
      { cluster: 'us-aws', before: 0, after: 4 },
    ]);
    expect(plan.method).toBe('karmada-override');
    expect(plan.targetChosenBy).toBe('request');
    expect(plan.steps.map(s => s.kind)).toEqual([
      'precheck-source',
      'precheck-target',
      'gitops-pause',
      'state-restore',
      'shift-replicas',
      'gitops-sync',
      'traffic-shift',
      'verify',
      'gitops-resume',
      'notify',
    ]);
    expect(plan.steps.map(s => s.order)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    const skipped = plan.steps.filter(s => s.skipReason).map(s => s.kind);
    expect(skipped).toEqual([
      'gitops-pause',
      'state-restore',
      'gitops-sync',
      'traffic-shift',
      'gitops-resume',
    ]);
    expect(plan.steps[7].params).toEqual({
      expected: [{ cluster: 'us-aws', replicas: 4 }],
    });
  });

  it('adds the moved replicas to what an active-active target already runs', () => {
    const plan = planFailover({
      service: {
        entityRef: 'component:default/web',
        strategy: 'active-active',
        argocdApp: 'web',
      },
      from: 'eu-aws',
      to: 'us-aws',
      placement: [
        { name: 'eu-aws', replicas: 3 },
        { name: 'us-aws', replicas: 2 },
        { name: 'ap-gcp', replicas: 1 },
      ],
      fleet: sampleFleet,
      trafficProvider: 'webhook',
    });
    expect(plan.moves).toEqual([
      { cluster: 'eu-aws', before: 3, after: 0 },
      { cluster: 'us-aws', before: 2, after: 5 },
    ]);
    expect(plan.method).toBe('direct-scale');
    // Only the state step is skipped: the service declares no stateful parts.
    expect(plan.steps.filter(s => s.skipReason).map(s => s.kind)).toEqual([
      'state-restore',
    ]);
  });

  it('chooses the target by placement advice when none is given', () => {
    const plan = planFailover({
      service: ledger,
      from: 'eu-aws',
      placement: [{ name: 'eu-aws', replicas: 4 }],
      fleet: sampleFleet,
    });
    expect(plan.targetChosenBy).toBe('recommendation');
    expect(plan.recommendation).toBeDefined();
    expect(plan.to).not.toContain('eu-aws');
    expect(plan.moves.find(m => m.cluster === 'eu-aws')).toEqual({
      cluster: 'eu-aws',
      before: 4,
      after: 0,
    });
    expect(plan.moves.reduce((sum, m) => sum + m.after, 0)).toBe(4);
  });

  it("refuses a target without capacity, with Karmada's reason", () => {
    const fleet = [
      fleetCluster('eu-aws', { region: 'eu' }),
      fleetCluster('tiny', { region: 'us', cpu: 1 }),
    ];
    expect(() =>
      planFailover({
        service: ledger,
        from: 'eu-aws',
        to: 'tiny',
        placement: [{ name: 'eu-aws', replicas: 4 }],
        fleet,
      }),
    ).toThrow(/^tiny cannot take 4 replica\(s\): /);
  });

  it.each([
    [{ from: 'nowhere' }, "source cluster 'nowhere' is not in the fleet"],
    [{ to: 'nowhere' }, "target cluster 'nowhere' is not in the fleet"],
    [{ to: 'eu-aws' }, 'the target must differ from the source'],
    [
      { from: 'ap-gcp' },
      'component:default/ledger runs no replicas on ap-gcp; there is nothing to fail over',
    ],
  ])('refuses %j clearly', (override, message) => {
    expect(() =>
      planFailover({
        service: ledger,
        from: 'eu-aws',
        to: 'us-aws',
        placement: [{ name: 'eu-aws', replicas: 4 }],
        fleet: sampleFleet,
        ...override,
      }),
    ).toThrow(new FailoverPlanError(message));
  });

  it('refuses an unhealthy target', () => {
    const fleet = sampleFleet.map(c =>
      c.name === 'us-aws' ? { ...c, health: 'unhealthy' as const } : c,
    );
    expect(() =>
      planFailover({
        service: ledger,
        from: 'eu-aws',
        to: 'us-aws',
        placement: [{ name: 'eu-aws', replicas: 4 }],
        fleet,
      }),
    ).toThrow("target cluster 'us-aws' is unhealthy");
  });

  it('says why no target could be recommended', () => {
    expect(() =>
      planFailover({
        service: ledger,
        from: 'only',
        placement: [{ name: 'only', replicas: 2 }],
        fleet: [fleetCluster('only', { region: 'a' })],
      }),
    ).toThrow(
      /^no cluster can take 2 replica\(s\) of component:default\/ledger: .*only: excluded by the request/,
    );
  });

  describe("with the service's dependencies", () => {
    const setsByCluster: Record<string, string[]> = {
      'eu-aws': ['mesh-eu'],
      'eu-gcp': ['mesh-eu'],
      'us-aws': ['mesh-us'],
    };
    const meshed = sampleFleet.map(cluster => ({
      ...cluster,
      clusterSets: setsByCluster[cluster.name],
    }));
    const dependencies = [
      {
        ref: 'component:default/payments-db',
        clusters: [{ name: 'eu-gcp', clusterSets: ['mesh-eu'] }],
      },
    ];

    it('refuses a requested target that cannot reach them', () => {
      expect(() =>
        planFailover({
          service: ledger,
          from: 'eu-aws',
          to: 'us-aws',
          placement: [{ name: 'eu-aws', replicas: 4 }],
          fleet: meshed,
          dependencies,
        }),
      ).toThrow(
        "target cluster 'us-aws' cannot reach the dependencies of component:default/ledger: us-aws shares no cluster set with component:default/payments-db (runs on eu-gcp)",
      );
    });

    it('recommends only a target that reaches them', () => {
      const unconstrained = planFailover({
        service: ledger,
        from: 'eu-aws',
        placement: [{ name: 'eu-aws', replicas: 4 }],
        fleet: meshed,
      });
      const plan = planFailover({
        service: ledger,
        from: 'eu-aws',
        placement: [{ name: 'eu-aws', replicas: 4 }],
        fleet: meshed,
        dependencies,
      });
      // Advice alone would leave the mesh; the dependency keeps it in.
      expect(unconstrained.to).not.toEqual(['eu-gcp']);
      expect(plan.to).toEqual(['eu-gcp']);
      expect(plan.moves).toEqual([
        { cluster: 'eu-aws', before: 4, after: 0 },
        { cluster: 'eu-gcp', before: 0, after: 4 },
      ]);
    });

    it('turns malformed dependencies into a plan error', () => {
      expect(() =>
        planFailover({
          service: ledger,
          from: 'eu-aws',
          to: 'eu-gcp',
          placement: [{ name: 'eu-aws', replicas: 4 }],
          fleet: meshed,
          dependencies: [{ ref: '', clusters: [] }],
        }),
      ).toThrow(FailoverPlanError);
    });
  });
});
