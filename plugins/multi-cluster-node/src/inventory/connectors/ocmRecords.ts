/**
 * Open Cluster Management `ManagedCluster`s as fleet records. The hub is
 * untrusted input: every map and list it serves is bounded in count and
 * length, and what is left out is a finding on the cluster.
 */
import {
  readResourceList,
  type OcmDesiredPlacement,
} from '@flotilla/plugin-multi-cluster-common';
import type {
  ManagedCluster,
  OcmCondition,
  Placement,
  PlacementDecision,
} from '../../kubernetes/apis/ocm';
import { describeProblems } from '../findings';
import { ocmHealthEvidence } from './ocmHealth';
import { segmentationFromMetadata, withShortLabels } from '../segmentation';
import type {
  ClusterCondition,
  ClusterRecord,
  ClusterTaint,
  FleetCluster,
} from '../types';

/**
 * The label OCM puts the cluster's (exclusive) cluster set in.
 *
 * @public
 */
export const OCM_CLUSTERSET_LABEL =
  'cluster.open-cluster-management.io/clusterset';

/**
 * Well-known cluster claims (`status.clusterClaims`).
 *
 * @public
 */
export const OCM_CLAIMS = {
  id: 'id.k8s.io',
  platform: 'platform.open-cluster-management.io',
  region: 'region.open-cluster-management.io',
  product: 'product.open-cluster-management.io',
  kubeVersion: 'kubeversion.open-cluster-management.io',
} as const;

const TOPOLOGY_REGION = 'topology.kubernetes.io/region';
const TOPOLOGY_ZONE = 'topology.kubernetes.io/zone';

/** Bounds on what one ManagedCluster may bring in. */
export const OCM_LIMITS = {
  /** Labels kept per cluster (Kubernetes sets none; a cluster has dozens). */
  labels: 100,
  /** Claims kept per cluster (OCM's agent caps custom claims at 20). */
  claims: 50,
  taints: 20,
  /** A qualified name is at most 253 + 1 + 63 characters. */
  keyLength: 317,
  /** Claim values may be up to 1024 characters in OCM. */
  valueLength: 1024,
  /** Condition reasons and messages, and the API server URL. */
  textLength: 1024,
  /** ManagedClusters read from one hub. */
  clusters: 10_000,
} as const;

const AVAILABLE = 'ManagedClusterConditionAvailable';
const ACCEPTED = 'HubAcceptedManagedCluster';
const JOINED = 'ManagedClusterJoined';

/**
 * OCM's taint effects in the scheduling model's terms: `NoSelect` takes
 * the cluster out of existing decisions too (NoExecute), `NoSelectIfNew`
 * keeps existing decisions (NoSchedule).
 */
const TAINT_EFFECTS: Record<string, ClusterTaint['effect']> = {
  NoSelect: 'NoExecute',
  NoSelectIfNew: 'NoSchedule',
  PreferNoSelect: 'PreferNoSchedule',
};

/** `platform.open-cluster-management.io` values as Flotilla's providers. */
const PLATFORMS: Record<string, string> = {
  AWS: 'aws',
  GCP: 'gcp',
  Azure: 'azure',
  IBM: 'ibm',
  IBMPower: 'ibm',
  IBMZ: 'ibm',
  VSphere: 'vsphere',
  OpenStack: 'openstack',
  AlibabaCloud: 'alibaba',
  Equinix: 'equinix',
  BareMetal: 'baremetal',
};

const isText = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v !== '' && v.length <= max;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** At most `max` characters, longer text cut with a marker. */
function cut(v: unknown, max: number = OCM_LIMITS.textLength) {
  if (typeof v !== 'string' || v === '') return undefined;
  return v.length <= max ? v : `${v.slice(0, max)}...`;
}

/**
 * A string map as served, bounded: entries whose key or value is not a
 * string of bounded length are left out, and at most `max` are kept (by
 * key order, so the same map always keeps the same entries).
 */
export function boundedStringMap(
  input: unknown,
  field: string,
  max: number,
): { map: Record<string, string>; problems: string[] } {
  if (input === undefined || input === null) return { map: {}, problems: [] };
  if (!isRecord(input)) {
    return { map: {}, problems: [`${field}: must be a map, left out`] };
  }
  const entries: [string, string][] = [];
  let refused = 0;
  for (const [key, value] of Object.entries(input)) {
    if (
      isText(key, OCM_LIMITS.keyLength) &&
      typeof value === 'string' &&
      value.length <= OCM_LIMITS.valueLength
    ) {
      entries.push([key, value]);
    } else {
      refused++;
    }
  }
  // By code unit, the same on every machine (no locale).
  entries.sort(([a], [b]) => {
    if (a === b) return 0;
    return a < b ? -1 : 1;
  });
  const problems: string[] = [];
  if (refused > 0) {
    problems.push(
      `${field}: ${refused} entries left out (not strings, or key over ${OCM_LIMITS.keyLength} or value over ${OCM_LIMITS.valueLength} characters)`,
    );
  }
  if (entries.length > max) {
    problems.push(
      `${field}: ${entries.length} entries, the first ${max} by key kept`,
    );
  }
  // fromEntries defines own properties: a `__proto__` key stays a key.
  return { map: Object.fromEntries(entries.slice(0, max)), problems };
}

/** `status.clusterClaims` as a bounded map (the first of a repeated name wins). */
function readClaims(input: unknown): {
  claims: Record<string, string>;
  problems: string[];
} {
  if (input === undefined || input === null) {
    return { claims: {}, problems: [] };
  }
  if (!Array.isArray(input)) {
    return {
      claims: {},
      problems: ['status.clusterClaims: must be a list, left out'],
    };
  }
  const map: Record<string, unknown> = Object.create(null);
  for (const claim of input.slice(0, OCM_LIMITS.claims * 4)) {
    if (isRecord(claim) && typeof claim.name === 'string') {
      if (!(claim.name in map)) map[claim.name] = claim.value;
    }
  }
  const { map: claims, problems } = boundedStringMap(
    { ...map },
    'status.clusterClaims',
    OCM_LIMITS.claims,
  );
  if (input.length > OCM_LIMITS.claims * 4) {
    problems.push(
      `status.clusterClaims: ${input.length} claims, only the first ${
        OCM_LIMITS.claims * 4
      } read`,
    );
  }
  return { claims, problems };
}

function readConditions(input: unknown): OcmCondition[] {
  if (!Array.isArray(input)) return [];
  return input.filter(isRecord).slice(0, 50) as OcmCondition[];
}

function asCondition(c: OcmCondition): ClusterCondition {
  return {
    type: String(c.type),
    status: String(c.status),
    reason: cut(c.reason, 256),
    message: cut(c.message),
    lastTransitionTime: cut(c.lastTransitionTime, 64),
  };
}

function readTaints(input: unknown): {
  taints?: ClusterTaint[];
  problems: string[];
} {
  if (input === undefined || input === null) return { problems: [] };
  if (!Array.isArray(input)) {
    return { problems: ['spec.taints: must be a list, left out'] };
  }
  const problems: string[] = [];
  const taints: ClusterTaint[] = [];
  for (const t of input) {
    if (taints.length >= OCM_LIMITS.taints) {
      problems.push(
        `spec.taints: ${input.length} taints, the first ${OCM_LIMITS.taints} kept`,
      );
      break;
    }
    const effect =
      isRecord(t) && typeof t.effect === 'string'
        ? TAINT_EFFECTS[t.effect]
        : undefined;
    if (!isRecord(t) || !isText(t.key, OCM_LIMITS.keyLength) || !effect) {
      problems.push(
        `spec.taints: a taint left out (needs a key and effect NoSelect, NoSelectIfNew or PreferNoSelect)`,
      );
      continue;
    }
    taints.push({
      key: t.key,
      value: isText(t.value, OCM_LIMITS.valueLength) ? t.value : undefined,
      effect,
      timeAdded: cut(t.timeAdded, 64),
    });
  }
  return { taints: taints.length ? taints : undefined, problems };
}

/** A served URL, when it is an http(s) URL of bounded length. */
function readUrl(input: unknown): string | undefined {
  if (!isText(input, 2048)) return undefined;
  try {
    const url = new URL(input);
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? input
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One `ManagedCluster` as a fleet record of the hub `hub`: labels (and the
 * cluster set label), region/zone/provider from the well-known claims and
 * topology labels, claims, the hub's conditions, allocatable and capacity,
 * taints and the API server URL the member registered. OCM gives this
 * backend no credentials for the member: the record carries no access.
 */
export function ocmClusterRecord(
  mc: ManagedCluster & { metadata: { name: string } },
  source: { id: string; hub: string },
): ClusterRecord {
  const problems: string[] = [];
  const spec: Record<string, unknown> = isRecord(mc.spec) ? mc.spec : {};
  const status: Record<string, unknown> = isRecord(mc.status) ? mc.status : {};

  const labelReading = boundedStringMap(
    mc.metadata.labels,
    'metadata.labels',
    OCM_LIMITS.labels,
  );
  problems.push(...labelReading.problems);
  const labels = labelReading.map;
  const { claims, problems: claimProblems } = readClaims(status.clusterClaims);
  problems.push(...claimProblems);

  // flotilla.io/ labels first (a platform team's own declaration), then
  // what the member's agent reports, then the topology labels.
  const fields = segmentationFromMetadata(labels);
  const platform = claims[OCM_CLAIMS.platform];
  fields.provider =
    fields.provider ??
    (platform ? PLATFORMS[platform] ?? undefined : undefined);
  fields.region =
    fields.region ?? claims[OCM_CLAIMS.region] ?? labels[TOPOLOGY_REGION];
  const zone = labels[TOPOLOGY_ZONE];
  fields.zones = fields.zones ?? (zone ? [zone] : undefined);
  fields.labels = withShortLabels({ ...labels, ...fields.labels }, fields);

  const clientConfigs = Array.isArray(spec.managedClusterClientConfigs)
    ? spec.managedClusterClientConfigs
    : [];
  const first = isRecord(clientConfigs[0]) ? clientConfigs[0] : undefined;
  fields.apiServerUrl = readUrl(first?.url);
  if (first?.url !== undefined && !fields.apiServerUrl) {
    problems.push(
      'spec.managedClusterClientConfigs[0].url: not an http(s) URL, left out',
    );
  }
  const version = isRecord(status.version) ? status.version : {};
  fields.kubernetesVersion =
    cut(version.kubernetes, 64) ?? cut(claims[OCM_CLAIMS.kubeVersion], 64);

  const taints = readTaints(spec.taints);
  fields.taints = taints.taints;
  problems.push(...taints.problems);

  const allocatable = readResourceList(status.allocatable ?? {});
  const total = readResourceList(status.capacity ?? {});
  problems.push(
    ...describeProblems('status.allocatable', allocatable.problems),
    ...describeProblems('status.capacity', total.problems),
  );
  if (Object.keys(allocatable.list).length || Object.keys(total.list).length) {
    fields.capacity = {
      ...fields.capacity,
      allocatable: Object.keys(allocatable.list).length
        ? allocatable.list
        : fields.capacity?.allocatable,
      total: Object.keys(total.list).length ? total.list : undefined,
    };
  }

  const conditions = readConditions(status.conditions);
  const find = (type: string) => conditions.find(c => c.type === type);
  const available = find(AVAILABLE);
  const acceptedCondition = find(ACCEPTED);
  const joinedCondition = find(JOINED);
  const accepted = acceptedCondition
    ? acceptedCondition.status === 'True'
    : undefined;
  const joined = joinedCondition
    ? joinedCondition.status === 'True'
    : undefined;
  const ocm: NonNullable<FleetCluster['ocm']> = {
    hub: source.hub,
    clusterSet: labels[OCM_CLUSTERSET_LABEL],
    hubAcceptsClient:
      typeof spec.hubAcceptsClient === 'boolean'
        ? spec.hubAcceptsClient
        : undefined,
    accepted,
    joined,
    available: available ? asCondition(available) : undefined,
    claims: Object.keys(claims).length ? claims : undefined,
  };
  fields.ocm = ocm;
  if (problems.length) {
    fields.problems = [...(fields.problems ?? []), ...problems];
  }
  return {
    name: mc.metadata.name,
    source: 'ocm',
    sourceId: source.id,
    fields,
    health: ocmHealthEvidence(available, joined, accepted),
  };
}

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
    decisions: decided,
    satisfied: satisfied
      ? {
          status: String(satisfied.status),
          reason: cut(satisfied.reason, 256),
          message: cut(satisfied.message),
        }
      : undefined,
  };
}
