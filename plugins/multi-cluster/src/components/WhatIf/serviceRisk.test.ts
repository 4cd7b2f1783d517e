import { lossServices } from '../../__fixtures__/regionLoss';
import { risksOf, tierRiskRows } from './serviceRisk';

describe('service risk', () => {
  it('names what each affected service loses', () => {
    // The fixture: payments-ledger moves whole and keeps everything;
    // checkout is partly placed, misses its 60s RTO (90s) and has 6 of 8
    // replicas; search-api is not placed, keeps no replica and cannot reach
    // its index; recommendations is not affected.
    expect(lossServices.map(risksOf)).toEqual([
      [],
      ['partial', 'quorum', 'RTO'],
      ['unplaceable', 'quorum', 'dependencies'],
      [],
    ]);
  });

  it('counts the affected services per tier, most critical first', () => {
    const degraded = {
      ...lossServices[0],
      entityRef: 'component:default/ledger-replica',
      tier: 1,
      rpo: { targetSeconds: 10, expectedSeconds: 30, kept: false },
    };
    // Tier 0: payments-ledger safe. Tier 1: checkout partial and the
    // degraded copy (moved, misses its RPO). Tier 2: search-api unplaceable.
    // recommendations (no tier) is unaffected: no row.
    expect(tierRiskRows([...lossServices, degraded])).toEqual([
      { tier: 'Tier 0', safe: 1, degraded: 0, partial: 0, unplaceable: 0 },
      { tier: 'Tier 1', safe: 0, degraded: 1, partial: 1, unplaceable: 0 },
      { tier: 'Tier 2', safe: 0, degraded: 0, partial: 0, unplaceable: 1 },
    ]);
  });
});
