import type {
  PlacementAdvice,
  PlacementOptions,
} from '@flotilla/plugin-multi-cluster-common';

/**
 * What the advice says of one choice: `advised` when `auto` would use it,
 * `alternative` when another recommendation would, `eligible` when it may
 * run the workload but no recommendation uses it, `excluded` with the
 * scheduler's reasons when it may not.
 */
export type TargetVerdict =
  | { status: 'advised'; detail: string }
  | { status: 'alternative'; detail: string }
  | { status: 'eligible'; detail: string }
  | { status: 'excluded'; detail: string };

/** The clusters `auto` would pick, with their replicas. */
export function autoPick(advice: PlacementAdvice) {
  return advice.recommendations[0]?.split ?? [];
}

/** Why nothing fits, when no recommendation came back. */
export function nothingFits(advice: PlacementAdvice): string {
  const reasons = advice.rejected.map(r => r.reason);
  return reasons.length > 0
    ? `No placement fits: ${reasons.join('; ')}`
    : 'No placement fits: every cluster is excluded.';
}

function clusterVerdict(
  name: string,
  advice: PlacementAdvice,
  reasons: Map<string, string[]>,
): TargetVerdict {
  const excluded = reasons.get(name);
  if (excluded) return { status: 'excluded', detail: excluded.join('; ') };
  const picked = autoPick(advice).find(target => target.name === name);
  if (picked) {
    return {
      status: 'advised',
      detail: `auto places ${picked.replicas} replica${
        picked.replicas === 1 ? '' : 's'
      } here`,
    };
  }
  const other = advice.recommendations.find(r => r.clusters.includes(name));
  if (other) {
    return {
      status: 'alternative',
      detail: `in recommendation ${other.rank} (${other.strategy})`,
    };
  }
  return { status: 'eligible', detail: 'may run it; not recommended' };
}

const REGION_WORDING = {
  advised: 'auto uses',
  alternative: 'another recommendation uses',
  eligible: 'may run it, not recommended:',
} as const;

function regionVerdict(
  clusters: string[],
  byCluster: Map<string, TargetVerdict>,
  advice: PlacementAdvice,
): TargetVerdict {
  const verdicts = clusters.map(name => ({
    name,
    ...(byCluster.get(name) ?? { status: 'eligible' as const, detail: '' }),
  }));
  const status = (['advised', 'alternative', 'eligible'] as const).find(s =>
    verdicts.some(v => v.status === s),
  );
  if (!status) {
    return {
      status: 'excluded',
      detail:
        verdicts.map(v => `${v.name}: ${v.detail}`).join(' | ') ||
        'no clusters',
    };
  }
  const names = verdicts.filter(v => v.status === status).map(v => v.name);
  const replicas = autoPick(advice)
    .filter(target => names.includes(target.name))
    .reduce((sum, target) => sum + target.replicas, 0);
  return {
    status,
    detail: `${REGION_WORDING[status]} ${names.join(', ')}${
      status === 'advised' ? ` (${replicas} replicas)` : ''
    }`,
  };
}

/**
 * The advice for every region and cluster of the fleet. A cluster the
 * advice never mentions (the options and the advice read the fleet at
 * different moments) counts as eligible.
 */
export function adviseTargets(
  options: Pick<PlacementOptions, 'regions' | 'clusters'>,
  advice: PlacementAdvice,
) {
  const reasons = new Map(advice.excluded.map(e => [e.cluster, e.reasons]));
  const clusters = new Map(
    options.clusters.map(c => [
      c.name,
      clusterVerdict(c.name, advice, reasons),
    ]),
  );
  const regions = new Map(
    options.regions.map(r => [
      r.name,
      regionVerdict(r.clusters, clusters, advice),
    ]),
  );
  return { regions, clusters };
}
