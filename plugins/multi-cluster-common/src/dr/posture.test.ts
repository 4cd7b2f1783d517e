import { fleetCluster, sampleFleet } from '../__fixtures__/fleet';
import { assessDrPosture } from './posture';
import type { ServiceDrSpec } from './service';

const ids = (findings: { id: string }[]) => findings.map(f => f.id);

describe('assessDrPosture', () => {
  const warm: ServiceDrSpec = {
    entityRef: 'component:default/ledger',
    strategy: 'active-passive-warm',
    rtoSeconds: 900,
    rpoSeconds: 60,
    primaryCluster: 'eu-aws',
    standbyCluster: 'ap-gcp',
    resourceRequest: { cpu: '1' },
  };

  it('finds nothing wrong with a sound warm standby', () => {
    expect(
      assessDrPosture(warm, [{ name: 'eu-aws', replicas: 4 }], sampleFleet),
    ).toEqual([]);
  });

  it('flags a standby in the primary region', () => {
    const findings = assessDrPosture(
      { ...warm, standbyCluster: 'eu-gcp' },
      [{ name: 'eu-aws', replicas: 4 }],
      sampleFleet,
    );
    expect(findings).toEqual([
      expect.objectContaining({
        id: 'standby-same-region',
        severity: 'high',
        clusters: ['eu-aws', 'eu-gcp'],
      }),
    ]);
  });

  it('flags a standby on the same provider at low severity', () => {
    const sameProvider = assessDrPosture(
      { ...warm, standbyCluster: 'us-aws' },
      [{ name: 'eu-aws', replicas: 4 }],
      sampleFleet,
    );
    expect(sameProvider).toEqual([
      expect.objectContaining({
        id: 'standby-same-provider',
        severity: 'low',
        detail:
          'eu-aws and us-aws both run on aws: a provider-wide outage takes both.',
      }),
    ]);
  });

  it('flags a standby that cannot absorb the primary', () => {
    const fleet = [
      ...sampleFleet.filter(c => c.name !== 'ap-gcp'),
      fleetCluster('ap-gcp', {
        region: 'ap-southeast',
        provider: 'gcp',
        cpu: 2,
      }),
    ];
    const findings = assessDrPosture(
      warm,
      [{ name: 'eu-aws', replicas: 4 }],
      fleet,
    );
    expect(findings).toEqual([
      expect.objectContaining({
        id: 'standby-no-capacity',
        detail: 'eu-aws runs 4 replica(s); ap-gcp has room for 2.',
      }),
    ]);
  });

  it('flags targets tighter than the strategy can meet', () => {
    const findings = assessDrPosture(
      { ...warm, rtoSeconds: 10, rpoSeconds: 0 },
      [{ name: 'eu-aws', replicas: 4 }],
      sampleFleet,
    );
    expect(ids(findings)).toEqual(['rto-unachievable', 'rpo-unachievable']);
    expect(findings[0].detail).toBe(
      'The target RTO is 10s, but Active-passive (warm standby) typically recovers in 1m at best.',
    );
  });

  it('flags active-active in one cluster as critical, then one region as medium', () => {
    const active: ServiceDrSpec = {
      entityRef: 'component:default/web',
      strategy: 'active-active',
    };
    expect(
      assessDrPosture(active, [{ name: 'eu-aws', replicas: 6 }], sampleFleet),
    ).toEqual([
      expect.objectContaining({
        id: 'active-active-single-cluster',
        severity: 'critical',
      }),
    ]);
    expect(
      ids(
        assessDrPosture(
          active,
          [
            { name: 'eu-aws', replicas: 3 },
            { name: 'eu-gcp', replicas: 3 },
          ],
          sampleFleet,
        ),
      ),
    ).toEqual(['active-active-single-region']);
  });

  it('checks that active-active survives losing its largest cluster', () => {
    const fleet = [
      fleetCluster('big', { region: 'a', cpu: 64 }),
      fleetCluster('small', { region: 'b', cpu: 2 }),
    ];
    const findings = assessDrPosture(
      {
        entityRef: 'component:default/web',
        strategy: 'active-active',
        resourceRequest: { cpu: '1' },
      },
      [
        { name: 'big', replicas: 10 },
        { name: 'small', replicas: 2 },
      ],
      fleet,
    );
    expect(findings).toEqual([
      expect.objectContaining({
        id: 'active-active-no-n-plus-one',
        clusters: ['big'],
      }),
    ]);
  });

  it('puts unhealthy clusters first', () => {
    const fleet = sampleFleet.map(c =>
      c.name === 'eu-aws' ? { ...c, health: 'unhealthy' as const } : c,
    );
    const findings = assessDrPosture(
      { ...warm, standbyCluster: 'eu-gcp' },
      [{ name: 'eu-aws', replicas: 4 }],
      fleet,
    );
    expect(ids(findings)).toEqual(['cluster-unhealthy', 'standby-same-region']);
  });

  it('names missing and unknown standbys', () => {
    expect(
      ids(
        assessDrPosture(
          { ...warm, standbyCluster: undefined },
          [{ name: 'eu-aws', replicas: 1 }],
          sampleFleet,
        ),
      ),
    ).toEqual(['standby-missing']);
    expect(
      ids(
        assessDrPosture(
          { ...warm, standbyCluster: 'mars-1' },
          [{ name: 'eu-aws', replicas: 1 }],
          sampleFleet,
        ),
      ),
    ).toEqual(['standby-unknown']);
  });

  it('checks that backup-restore has somewhere to restore to', () => {
    const fleet = [fleetCluster('only', { region: 'a' })];
    expect(
      ids(
        assessDrPosture(
          { entityRef: 'component:default/batch', strategy: 'backup-restore' },
          [{ name: 'only', replicas: 2 }],
          fleet,
        ),
      ),
    ).toEqual(['no-restore-target']);
  });

  describe('reachability of dependencies from failover targets', () => {
    const setsByCluster: Record<string, string[]> = {
      'eu-aws': ['mesh-eu'],
      'eu-gcp': ['mesh-eu', 'mcs-global'],
      'us-aws': ['mcs-global'],
    };
    const meshed = sampleFleet.map(cluster => ({
      ...cluster,
      clusterSets: setsByCluster[cluster.name],
    }));
    const dependencies = [
      {
        ref: 'component:default/payments-db',
        clusters: [{ name: 'eu-gcp', clusterSets: ['mesh-eu', 'mcs-global'] }],
      },
    ];

    it('flags a standby that cannot reach a dependency, naming it and its clusters', () => {
      const findings = assessDrPosture(
        warm,
        [{ name: 'eu-aws', replicas: 4 }],
        meshed,
        { dependencies },
      );
      expect(findings).toEqual([
        {
          id: 'failover-target-unreachable-dependency',
          severity: 'high',
          title:
            "Failover target ap-gcp cannot reach the service's dependencies",
          detail:
            'ap-gcp shares no cluster set with component:default/payments-db (runs on eu-gcp): after a failover there, the service cannot call them.',
          clusters: ['ap-gcp'],
        },
      ]);
    });

    it('has no finding when the standby shares a cluster set with the dependency', () => {
      expect(
        ids(
          assessDrPosture(
            { ...warm, standbyCluster: 'us-aws' },
            [{ name: 'eu-aws', replicas: 4 }],
            meshed,
            { dependencies },
          ),
        ),
      ).toEqual(['standby-same-provider']);
    });

    it('has no finding without dependencies, or when they run nowhere yet', () => {
      expect(
        assessDrPosture(warm, [{ name: 'eu-aws', replicas: 4 }], meshed),
      ).toEqual([]);
      expect(
        assessDrPosture(warm, [{ name: 'eu-aws', replicas: 4 }], meshed, {
          dependencies: [{ ref: 'component:default/new-db', clusters: [] }],
        }),
      ).toEqual([]);
    });

    it('checks every active-active cluster, since each takes over for the others', () => {
      const findings = assessDrPosture(
        { entityRef: 'component:default/web', strategy: 'active-active' },
        [
          { name: 'eu-aws', replicas: 2 },
          { name: 'us-aws', replicas: 2 },
          { name: 'ap-gcp', replicas: 2 },
        ],
        meshed,
        { dependencies },
      );
      expect(
        findings
          .filter(f => f.id === 'failover-target-unreachable-dependency')
          .map(f => f.clusters),
      ).toEqual([['ap-gcp']]);
    });

    it('flags backup-restore only when no restore target can reach', () => {
      const noneReach = [
        fleetCluster('primary', { region: 'a', clusterSets: ['mesh-a'] }),
        fleetCluster('restore-1', { region: 'b' }),
        fleetCluster('restore-2', { region: 'c', clusterSets: ['mesh-c'] }),
      ];
      const batch: ServiceDrSpec = {
        entityRef: 'component:default/batch',
        strategy: 'backup-restore',
      };
      const db = [
        {
          ref: 'component:default/warehouse',
          clusters: [{ name: 'primary', clusterSets: ['mesh-a'] }],
        },
      ];
      const findings = assessDrPosture(
        batch,
        [{ name: 'primary', replicas: 2 }],
        noneReach,
        { dependencies: db },
      );
      expect(findings).toEqual([
        expect.objectContaining({
          id: 'failover-target-unreachable-dependency',
          severity: 'high',
          clusters: ['restore-1', 'restore-2'],
          detail:
            'restore-1 shares no cluster set with component:default/warehouse (runs on primary). ' +
            'restore-2 shares no cluster set with component:default/warehouse (runs on primary). ' +
            'A restore to any of restore-1, restore-2 leaves the service unable to call them.',
        }),
      ]);
      const oneReaches = noneReach.map(c =>
        c.name === 'restore-2' ? { ...c, clusterSets: ['mesh-a'] } : c,
      );
      expect(
        assessDrPosture(batch, [{ name: 'primary', replicas: 2 }], oneReaches, {
          dependencies: db,
        }),
      ).toEqual([]);
    });

    it('rejects malformed dependencies', () => {
      expect(() =>
        assessDrPosture(warm, [{ name: 'eu-aws', replicas: 4 }], meshed, {
          dependencies: [{ ref: 'component:default/db' }] as any,
        }),
      ).toThrow(
        'reachability.dependencies.0.clusters: clusters is required (use [] when none)',
      );
    });
  });
});
