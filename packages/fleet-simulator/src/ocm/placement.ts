/**
 * OCM's placement scheduling, reduced to what Flotilla shows: the clusters
 * of the sets bound to the Placement's namespace, filtered by its predicates
 * (label and claim selectors) and by availability, then `numberOfClusters`
 * of them in a Steady order (clusters already decided and still feasible
 * first, then the others by name). Pure: the controller reads and writes.
 */
import { matchesLabelSelector } from '@flotilla/plugin-multi-cluster-common';
import type { KubeObject } from './kube';
import {
  LABELS,
  TYPES,
  apiVersionOf,
  type ClusterClaim,
  type Condition,
} from './model';
import { isAvailable, setCondition } from './registrationStatus';
import type { PlacementPredicate } from './objectTypes';
import { ocmFields } from './objectTypes';

export interface Decision {
  clusterName: string;
  reason: string;
}

export const STEADY_REASON = 'Selected by the predicates (Steady)';

/** Whether a cluster belongs to a set: its exclusive label, or the set's label selector. */
export function inClusterSet(cluster: KubeObject, set: KubeObject): boolean {
  const selector = ocmFields(set).spec?.clusterSelector;
  if (selector?.selectorType === 'LabelSelector') {
    return matchesLabelSelector(
      cluster.metadata.labels,
      selector.labelSelector ?? {},
    );
  }
  // ExclusiveClusterSetLabel, the default.
  return cluster.metadata.labels?.[LABELS.clusterSet] === set.metadata.name;
}

/**
 * The sets the Placement may use: bound to its namespace (a binding is
 * named after its set) and, when `spec.clusterSets` lists some, among them.
 */
export function eligibleSets(
  placement: KubeObject,
  sets: KubeObject[],
  bindings: KubeObject[],
): KubeObject[] {
  const bound = new Set(
    bindings
      .filter(b => ocmFields(b).spec?.clusterSet === b.metadata.name)
      .map(b => b.metadata.name),
  );
  const wanted: string[] = ocmFields(placement).spec?.clusterSets ?? [];
  return sets.filter(
    s =>
      bound.has(s.metadata.name) &&
      (wanted.length === 0 || wanted.includes(s.metadata.name)),
  );
}

function claimsOf(cluster: KubeObject): Record<string, string> {
  const claims: ClusterClaim[] = ocmFields(cluster).status?.clusterClaims ?? [];
  return Object.fromEntries(claims.map(c => [c.name, c.value]));
}

/** One predicate: its label selector and its claim selector both match (absent ones match). */
export function matchesPredicate(
  cluster: KubeObject,
  predicate: PlacementPredicate | undefined,
): boolean {
  const required = predicate?.requiredClusterSelector ?? {};
  return (
    matchesLabelSelector(cluster.metadata.labels, required.labelSelector) &&
    matchesLabelSelector(claimsOf(cluster), required.claimSelector)
  );
}

/** Clusters the Placement may select: in an eligible set, any predicate matching, Available. */
export function feasibleClusters(
  placement: KubeObject,
  sets: KubeObject[],
  clusters: KubeObject[],
): KubeObject[] {
  const predicates = ocmFields(placement).spec?.predicates ?? [];
  return clusters
    .filter(c => sets.some(s => inClusterSet(c, s)))
    .filter(
      c =>
        predicates.length === 0 || predicates.some(p => matchesPredicate(c, p)),
    )
    .filter(c => isAvailable(ocmFields(c)))
    .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
}

export interface PlacementOutcome {
  decisions: Decision[];
  /** The `PlacementSatisfied` condition (without its transition time). */
  satisfied: Omit<Condition, 'lastTransitionTime'>;
}

/** Decides the Placement: Steady keeps what it chose while it stays feasible. */
export function decide(
  placement: KubeObject,
  sets: KubeObject[],
  bindings: KubeObject[],
  clusters: KubeObject[],
  previous: string[],
): PlacementOutcome {
  const eligible = eligibleSets(placement, sets, bindings);
  if (eligible.length === 0) {
    return {
      decisions: [],
      satisfied: {
        type: 'PlacementSatisfied',
        status: 'False',
        reason: 'NoManagedClusterSetBindings',
        message: `No valid ManagedClusterSetBindings found in placement namespace ${placement.metadata.namespace}`,
      },
    };
  }
  const feasible = feasibleClusters(placement, eligible, clusters).map(
    c => c.metadata.name,
  );
  const ordered = [
    ...feasible.filter(name => previous.includes(name)),
    ...feasible.filter(name => !previous.includes(name)),
  ];
  const wanted: number | undefined =
    ocmFields(placement).spec?.numberOfClusters;
  const chosen = (
    wanted === undefined ? ordered : ordered.slice(0, wanted)
  ).sort();
  const decisions = chosen.map(clusterName => ({
    clusterName,
    reason: STEADY_REASON,
  }));
  const enough = wanted === undefined || chosen.length >= wanted;
  return {
    decisions,
    satisfied: enough
      ? {
          type: 'PlacementSatisfied',
          status: 'True',
          reason: 'AllDecisionsScheduled',
          message: 'All cluster decisions scheduled',
        }
      : {
          type: 'PlacementSatisfied',
          status: 'False',
          reason: 'NotAllDecisionsScheduled',
          message: `${chosen.length} cluster(s) selected of ${wanted} requested (${feasible.length} feasible)`,
        },
  };
}

/** Whether a PlacementDecision's decisions differ from the desired ones (order included). */
export function decisionsDiffer(
  current: Decision[] | undefined,
  desired: Decision[],
): boolean {
  const list = current ?? [];
  return (
    list.length !== desired.length ||
    list.some(
      (d, i) =>
        d.clusterName !== desired[i].clusterName ||
        d.reason !== desired[i].reason,
    )
  );
}

export const decisionName = (placement: string) => `${placement}-decision-1`;

/** The PlacementDecision of the Placement (one group, one object: up to 100 decisions). */
export function placementDecisionObject(placement: KubeObject): KubeObject {
  return {
    apiVersion: apiVersionOf(TYPES.placementDecision),
    kind: TYPES.placementDecision.kind,
    metadata: {
      name: decisionName(placement.metadata.name),
      namespace: placement.metadata.namespace,
      labels: {
        [LABELS.placement]: placement.metadata.name,
        [LABELS.decisionGroupIndex]: '0',
        [LABELS.decisionGroupName]: '',
      },
      ownerReferences: [
        {
          apiVersion: apiVersionOf(TYPES.placement),
          kind: TYPES.placement.kind,
          name: placement.metadata.name,
          uid: placement.metadata.uid,
          blockOwnerDeletion: true,
          controller: true,
        },
      ],
    },
  };
}

/** The Placement's status after a decision. */
export function placementStatus(
  placement: KubeObject,
  outcome: PlacementOutcome,
  now: string,
) {
  const previous = ocmFields(placement).status ?? {};
  return {
    ...previous,
    numberOfSelectedClusters: outcome.decisions.length,
    decisionGroups: [
      {
        decisionGroupIndex: 0,
        decisionGroupName: '',
        decisions: [decisionName(placement.metadata.name)],
        clusterCount: outcome.decisions.length,
      },
    ],
    conditions: setCondition(
      setCondition(
        previous.conditions,
        {
          type: 'PlacementMisconfigured',
          status: 'False',
          reason: 'Succeedconfigured',
          message: 'Placement configurations check pass',
        },
        now,
      ),
      outcome.satisfied,
      now,
    ),
  };
}
