import { service } from './__fixtures__/whatIfFleet';
import { compareRecoveryPriority } from './priority';

describe('compareRecoveryPriority', () => {
  it('orders by tier, then RTO target, then replicas, then entity ref', () => {
    const services = [
      service('no-tier', [{ name: 'a', replicas: 9 }], { rtoSeconds: 1 }),
      service('tier1-big', [{ name: 'a', replicas: 5 }], { tier: 1 }),
      service('tier1-small', [{ name: 'a', replicas: 2 }], { tier: 1 }),
      service('tier1-rto60', [{ name: 'a', replicas: 1 }], {
        tier: 1,
        rtoSeconds: 60,
      }),
      service('tier0', [{ name: 'a', replicas: 1 }], { tier: 0 }),
      service('b-tier1-small', [{ name: 'b', replicas: 2 }], { tier: 1 }),
      service('no-tier-no-rto', [{ name: 'a', replicas: 1 }]),
    ];
    // tier 0 first; in tier 1 the RTO target (absent last) before replicas
    // (5 before 2), equal replicas by ref; no tier last, RTO before none.
    expect(
      services.sort(compareRecoveryPriority).map(s => s.spec.entityRef),
    ).toEqual([
      'component:default/tier0',
      'component:default/tier1-rto60',
      'component:default/tier1-big',
      'component:default/b-tier1-small',
      'component:default/tier1-small',
      'component:default/no-tier',
      'component:default/no-tier-no-rto',
    ]);
  });

  it('counts the replicas running now, over every cluster', () => {
    const two = service('two', [
      { name: 'a', replicas: 1 },
      { name: 'b', replicas: 2 },
    ]);
    const one = service('one', [{ name: 'a', replicas: 2 }]);
    // 1 + 2 = 3 replicas beat 2.
    expect(compareRecoveryPriority(two, one)).toBeLessThan(0);
  });
});
