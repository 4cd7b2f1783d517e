/**
 * Karmada's `util.ClusterMatches` (`pkg/util/selector.go`): does a cluster
 * satisfy a ClusterAffinity? All present criteria must hold: not excluded,
 * labelSelector, fieldSelector (zones against `spec.zones`, provider/region
 * as pseudo-labels), and clusterNames. An empty affinity matches every
 * cluster.
 */
import type { ClusterAffinity } from '../placement';
import type { ClusterSnapshot } from '../types';
import { KarmadaRules, karmadaRulesFor } from '../versionRules';
import {
  compileLabelSelector,
  compileRequirements,
  LabelPredicate,
  MATCH_NONE,
  Requirement,
  SelectorOperator,
} from './labelSelector';

/** @public */
export type ClusterPredicate = (cluster: ClusterSnapshot) => boolean;

const NODE_SELECTOR_OPERATORS = new Set([
  'In',
  'NotIn',
  'Exists',
  'DoesNotExist',
  'Gt',
  'Lt',
]);

type ZonePredicate = (zones: readonly string[] | undefined) => boolean;

/** Karmada's `matchZones`; `In` follows the version's `zoneIn` rule. */
function compileZoneExpression(
  operator: string,
  values: readonly string[],
  zoneIn: KarmadaRules['zoneIn'],
): ZonePredicate {
  switch (operator) {
    case 'In':
      if (zoneIn === 'every-zone') {
        return zones =>
          zones !== undefined &&
          zones.length > 0 &&
          zones.every(zone => values.includes(zone));
      }
      return zones =>
        zones !== undefined && zones.some(zone => values.includes(zone));
    case 'NotIn':
      return zones =>
        zones === undefined || !zones.some(zone => values.includes(zone));
    case 'Exists':
      return zones => zones !== undefined && zones.length > 0;
    case 'DoesNotExist':
      return zones => zones === undefined || zones.length === 0;
    default:
      return () => false;
  }
}

interface CompiledFieldSelector {
  zones: ZonePredicate[];
  /** Evaluated over {provider, region}; undefined when there is none. */
  fields?: LabelPredicate;
}

function compileFieldSelector(
  expressions: readonly {
    key: string;
    operator: string;
    values?: readonly string[];
  }[],
  zoneIn: KarmadaRules['zoneIn'],
): CompiledFieldSelector {
  const zones: ZonePredicate[] = [];
  const requirements: Requirement[] = [];
  let invalid = false;
  for (const expression of expressions) {
    const values = expression.values ?? [];
    if (expression.key === 'zone') {
      zones.push(compileZoneExpression(expression.operator, values, zoneIn));
      continue;
    }
    if (!NODE_SELECTOR_OPERATORS.has(expression.operator)) invalid = true;
    requirements.push({
      key: expression.key,
      operator: expression.operator as SelectorOperator,
      values,
    });
  }
  if (invalid) return { zones, fields: MATCH_NONE };
  return {
    zones,
    fields:
      requirements.length > 0 ? compileRequirements(requirements) : undefined,
  };
}

/**
 * Compiles an affinity into a reusable predicate, with the zone rule of a
 * Karmada release (default: the newest supported).
 *
 * @public
 */
export function compileClusterAffinity(
  affinity: ClusterAffinity,
  rules: Pick<KarmadaRules, 'zoneIn'> = karmadaRulesFor(),
): ClusterPredicate {
  const excluded = affinity.exclude?.length
    ? new Set(affinity.exclude)
    : undefined;
  const names = affinity.clusterNames?.length
    ? new Set(affinity.clusterNames)
    : undefined;
  const labels = affinity.labelSelector
    ? compileLabelSelector(affinity.labelSelector)
    : undefined;
  const fieldSelector = affinity.fieldSelector
    ? compileFieldSelector(
        affinity.fieldSelector.matchExpressions ?? [],
        rules.zoneIn,
      )
    : undefined;

  // Pseudo-labels {provider, region}, reused across calls to avoid one
  // allocation per cluster; empty values count as absent keys.
  const fieldLabels: Record<string, string | undefined> = {
    provider: undefined,
    region: undefined,
  };

  return cluster => {
    if (excluded !== undefined && excluded.has(cluster.name)) return false;
    if (labels !== undefined && !labels(cluster.labels)) return false;
    if (fieldSelector !== undefined) {
      for (let index = 0; index < fieldSelector.zones.length; index++) {
        if (!fieldSelector.zones[index](cluster.zones)) return false;
      }
      if (fieldSelector.fields !== undefined) {
        fieldLabels.provider = cluster.provider || undefined;
        fieldLabels.region = cluster.region || undefined;
        if (!fieldSelector.fields(fieldLabels as Record<string, string>)) {
          return false;
        }
      }
    }
    return names === undefined || names.has(cluster.name);
  };
}

/**
 * True when `cluster` satisfies `affinity` (Karmada `ClusterMatches`).
 *
 * @public
 */
export function matchesClusterAffinity(
  cluster: ClusterSnapshot,
  affinity: ClusterAffinity,
  rules: Pick<KarmadaRules, 'zoneIn'> = karmadaRulesFor(),
): boolean {
  return compileClusterAffinity(affinity, rules)(cluster);
}
