import { CapacityLedger } from './capacity';
import { clusterHeadroom, regionHeadroom } from './headroom';
import { resolveLostClusters } from './lostClusters';
import { placeService, type PlanningContext } from './placeService';
import { compareRecoveryPriority } from './priority';
import { isAtRisk, serviceResult } from './serviceResult';
import type {
  WhatIfPlan,
  WhatIfRequest,
  WhatIfServiceInput,
  WhatIfServiceResult,
  WhatIfSummary,
} from './types';

function runsOn(
  service: WhatIfServiceInput,
  lost: ReadonlySet<string>,
): boolean {
  return service.placement.some(e => e.replicas > 0 && lost.has(e.name));
}

function summarize(results: readonly WhatIfServiceResult[]): WhatIfSummary {
  const count = (keep: (r: WhatIfServiceResult) => boolean) =>
    results.filter(keep).length;
  return {
    services: results.length,
    affected: count(r => r.outcome !== 'unaffected'),
    moved: count(r => r.outcome === 'moved'),
    partial: count(r => r.outcome === 'partial'),
    unplaceable: count(r => r.outcome === 'unplaceable'),
    atRisk: count(isAtRisk),
  };
}

/**
 * What the fleet can absorb if the loss happened: every service running
 * replicas on a lost cluster is re-placed with `schedule` over the
 * survivors (lost and unhealthy clusters excluded, its own placement
 * constraints and its dependencies' reachability applied), one service after
 * another in {@link compareRecoveryPriority} order, each placement's
 * capacity booked before the next. Affected services come first in the
 * answer, in that order (priority 1 placed first), then the unaffected ones.
 * Throws {@link WhatIfLossError} for a loss that names nothing or names
 * what the fleet does not have.
 *
 * @public
 */
export function planWhatIf(request: WhatIfRequest): WhatIfPlan {
  const lostClusters = resolveLostClusters(request.fleet, request.loss);
  const lost: ReadonlySet<string> = new Set(lostClusters);
  const context: PlanningContext = {
    ledger: new CapacityLedger(request.fleet, lost),
    lost,
  };
  const ordered = request.services.slice().sort(compareRecoveryPriority);
  const affected = ordered.filter(service => runsOn(service, lost));
  const unaffected = ordered.filter(service => !runsOn(service, lost));
  const services = [...affected, ...unaffected].map((service, index) =>
    serviceResult(service, index + 1, lost, placeService(service, context)),
  );
  const clusters = clusterHeadroom(request.fleet, context.ledger, lost);
  return {
    lostClusters,
    services,
    clusters,
    regions: regionHeadroom(clusters),
    summary: summarize(services),
  };
}
