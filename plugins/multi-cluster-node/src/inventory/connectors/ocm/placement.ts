import type { OcmDesiredPlacement } from '@flotilla/plugin-multi-cluster-common';
import type {
  Placement,
  PlacementDecision,
} from '../../../kubernetes/apis/ocm';
import {
  boundedStringMap,
  cut,
  isRecord,
  isText,
  readConditions,
} from './servedValues';

/** Placements, predicates, decisions and sets kept per answer. */
const PLACEMENT_LIMITS = {
  clusterSets: 50,
  predicates: 20,
  expressions: 20,
  values: 20,
  decisions: 500,
} as const;

function selectorText(selector: unknown): string | undefined {
  if (!isRecord(selector)) return undefined;
  const parts: string[] = [];
  if (isRecord(selector.matchLabels)) {
    const { map } = boundedStringMap(
      selector.matchLabels,
      'matchLabels',
      PLACEMENT_LIMITS.expressions,
    );
    for (const [k, v] of Object.entries(map)) {
      parts.push(`${cut(k, 128)}=${cut(v, 128)}`);
    }
  }
  const expressions = Array.isArray(selector.matchExpressions)
    ? selector.matchExpressions.slice(0, PLACEMENT_LIMITS.expressions)
    : [];
  for (const e of expressions) {
    if (!isRecord(e) || typeof e.key !== 'string') continue;
    const values = Array.isArray(e.values)
      ? e.values
          .slice(0, PLACEMENT_LIMITS.values)
          .filter((v): v is string => typeof v === 'string')
          .map(v => cut(v, 128))
      : [];
    parts.push(
      `${cut(e.key, 128)} ${cut(e.operator, 32) ?? '?'}${
        values.length ? ` (${values.join(',')})` : ''
      }`,
    );
  }
  return parts.length ? parts.join(', ') : undefined;
}

/**
 * One line per predicate of a Placement, e.g.
 * `labels: region In (eu-west,us-east); claims: platform.open-cluster-management.io In (AWS)`.
 */
export function predicateSummary(predicates: unknown): string[] {
  if (!Array.isArray(predicates)) return [];
  return predicates.slice(0, PLACEMENT_LIMITS.predicates).map(p => {
    const required =
      isRecord(p) && isRecord(p.requiredClusterSelector)
        ? p.requiredClusterSelector
        : {};
    const labels = selectorText(required.labelSelector);
    const claims = selectorText(required.claimSelector);
    const parts = [
      labels ? `labels: ${labels}` : undefined,
      claims ? `claims: ${claims}` : undefined,
    ].filter(Boolean);
    return parts.length ? parts.join('; ') : 'every cluster';
  });
}

/** The clusters a Placement's decisions chose, at most {@link PLACEMENT_LIMITS.decisions}. */
function decidedClusters(
  decisions: PlacementDecision[],
): OcmDesiredPlacement['decisions'] {
  const decided: OcmDesiredPlacement['decisions'] = [];
  // Decisions in the order OCM lists them (decision group, then index).
  const ordered = [...(Array.isArray(decisions) ? decisions : [])].sort(
    (a, b) =>
      String(a?.metadata?.name ?? '').localeCompare(
        String(b?.metadata?.name ?? ''),
      ),
  );
  for (const d of ordered) {
    const list: unknown = isRecord(d?.status) ? d.status.decisions : undefined;
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (decided.length >= PLACEMENT_LIMITS.decisions) break;
      if (isRecord(entry) && isText(entry.clusterName, 253)) {
        decided.push({
          cluster: entry.clusterName,
          reason: cut(entry.reason, 256),
        });
      }
    }
  }
  return decided;
}

/** A Placement and its PlacementDecisions as the entity's desired placement. */
export function ocmDesiredPlacement(
  hub: string,
  placement: Placement,
  decisions: PlacementDecision[],
): OcmDesiredPlacement {
  const spec: Record<string, unknown> = isRecord(placement.spec)
    ? placement.spec
    : {};
  const status: Record<string, unknown> = isRecord(placement.status)
    ? placement.status
    : {};
  const clusterSets = Array.isArray(spec.clusterSets)
    ? spec.clusterSets
        .filter((s): s is string => isText(s, 253))
        .slice(0, PLACEMENT_LIMITS.clusterSets)
    : [];
  const count = (v: unknown) =>
    typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;
  const satisfied = readConditions(status.conditions).find(
    c => c.type === 'PlacementSatisfied',
  );
  return {
    hub,
    namespace: String(placement.metadata?.namespace),
    name: String(placement.metadata?.name),
    clusterSets,
    numberOfClusters: count(spec.numberOfClusters),
    predicates: predicateSummary(spec.predicates),
    numberOfSelectedClusters: count(status.numberOfSelectedClusters),
    decisions: decidedClusters(decisions),
    satisfied: satisfied
      ? {
          status: String(satisfied.status),
          reason: cut(satisfied.reason, 256),
          message: cut(satisfied.message),
        }
      : undefined,
  };
}
