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
});
