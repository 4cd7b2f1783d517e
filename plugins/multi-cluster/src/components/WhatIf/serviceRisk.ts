import type { WhatIfServiceResult } from '@flotilla/plugin-multi-cluster-common';

/** Why an affected service is at risk after the loss. */
export type ServiceRisk =
  | 'unplaceable'
  | 'partial'
  | 'quorum'
  | 'RTO'
  | 'RPO'
  | 'dependencies';

/**
 * What an affected service loses: it does not fit (wholly or partly), or it
 * fits but loses its quorum, its RTO or RPO target, or a dependency. The
 * planner's `atRisk` counts the services with at least one.
 */
export function risksOf(service: WhatIfServiceResult): ServiceRisk[] {
  if (service.outcome === 'unaffected') return [];
  const risks: ServiceRisk[] = [];
  if (service.outcome === 'unplaceable' || service.outcome === 'partial') {
    risks.push(service.outcome);
  }
  if (!service.quorum.kept) risks.push('quorum');
  if (service.rto.kept === false) risks.push('RTO');
  if (service.rpo.kept === false) risks.push('RPO');
  if (!service.dependencies.reachable) risks.push('dependencies');
  return risks;
}

/** Affected services of one tier, by how they come out of the loss. */
export type TierRiskRow = {
  tier: string;
  /** Moved and keeps everything it declares. */
  safe: number;
  /** Moved, but loses its quorum, an objective or a dependency. */
  degraded: number;
  partial: number;
  unplaceable: number;
};

/** The affected services per DR tier (most critical first, untiered last). */
export function tierRiskRows(services: WhatIfServiceResult[]): TierRiskRow[] {
  const rows = new Map<number | undefined, TierRiskRow>();
  for (const service of services) {
    if (service.outcome === 'unaffected') continue;
    const row = rows.get(service.tier) ?? {
      tier: service.tier === undefined ? 'No tier' : `Tier ${service.tier}`,
      safe: 0,
      degraded: 0,
      partial: 0,
      unplaceable: 0,
    };
    if (service.outcome === 'moved') {
      if (risksOf(service).length === 0) row.safe += 1;
      else row.degraded += 1;
    } else {
      row[service.outcome] += 1;
    }
    rows.set(service.tier, row);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => (a ?? Infinity) - (b ?? Infinity))
    .map(([, row]) => row);
}
