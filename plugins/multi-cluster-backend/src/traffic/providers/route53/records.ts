import type { ResourceRecordSet } from '@aws-sdk/client-route-53';
import type { TrafficEndpoint } from '@flotilla/plugin-multi-cluster-node';
import { StepError } from '../../../failover/steps/types';
import { evenShare } from './aws';

export type Route53Mode = 'failover' | 'weighted';

/** Record types whose sets route users; TXT and others are left alone. */
const ROUTED_TYPES = new Set(['A', 'AAAA', 'CNAME']);

const DNS_NAME =
  /^(\*\.)?([a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.?$/;

/**
 * The record's DNS name as Route 53 returns it: lower case, with the
 * trailing dot; a bad name is the caller's fault, not retryable.
 */
export function normalizeName(record: string): string {
  const name = record.trim().toLowerCase();
  if (name.length > 254 || !DNS_NAME.test(name)) {
    throw new StepError('route53: the record is not a DNS name', {
      retryable: false,
    });
  }
  return name.endsWith('.') ? name : `${name}.`;
}

/** Route 53 answers `*` as `\052` (and other specials as octal escapes). */
export function sameName(returned: string | undefined, name: string): boolean {
  if (!returned) return false;
  const decoded = returned
    .replace(/\\(\d{3})/g, (_m, octal: string) =>
      String.fromCharCode(parseInt(octal, 8)),
    )
    .toLowerCase();
  return (decoded.endsWith('.') ? decoded : `${decoded}.`) === name;
}

/** The record sets of `mode` that route users (one per cluster and type). */
export function routedSets(
  sets: ResourceRecordSet[],
  mode: Route53Mode,
): ResourceRecordSet[] {
  return sets.filter(
    s =>
      s.SetIdentifier !== undefined &&
      ROUTED_TYPES.has(String(s.Type)) &&
      (mode === 'failover' ? s.Failover !== undefined : s.Weight !== undefined),
  );
}

/** Maps SetIdentifiers to clusters: `clusters` entries, else the identifier. */
export class ClusterMap {
  private readonly byId = new Map<string, string>();
  constructor(idOf: Record<string, string>) {
    for (const [cluster, id] of Object.entries(idOf))
      this.byId.set(id, cluster);
  }
  cluster(setIdentifier: string | undefined): string | undefined {
    if (setIdentifier === undefined) return undefined;
    return this.byId.get(setIdentifier) ?? setIdentifier;
  }
}

/** The record sets as endpoints in cluster terms. */
export function endpointsOf(
  sets: ResourceRecordSet[],
  mode: Route53Mode,
  clusters: ClusterMap,
): TrafficEndpoint[] {
  // Route 53 answers evenly when every weight of a name and type is 0.
  const allZero = (type: string | undefined) =>
    sets.filter(s => s.Type === type).every(s => !s.Weight);
  return sets.map(set => {
    const endpoint: TrafficEndpoint = {
      cluster: clusters.cluster(set.SetIdentifier),
      target:
        set.AliasTarget?.DNSName ??
        (set.ResourceRecords ?? []).map(r => r.Value ?? '').join(','),
      enabled: mode === 'failover' || !!set.Weight || allZero(set.Type),
    };
    if (mode === 'weighted') endpoint.weight = set.Weight;
    else endpoint.role = set.Failover === 'PRIMARY' ? 'primary' : 'secondary';
    return endpoint;
  });
}

/**
 * The record sets to UPSERT so that `from` gets no users and `to` gets
 * them, per record type; none when the sets already say so (a retried
 * shift writes nothing).
 */
export function plannedSets(
  sets: ResourceRecordSet[],
  route: { mode: Route53Mode; from: string; to: string[] },
  clusters: ClusterMap,
): ResourceRecordSet[] {
  const types = [...new Set(sets.map(s => String(s.Type)))];
  return types.flatMap(type => {
    const ofType = sets.filter(s => s.Type === type);
    const from = ofType.filter(
      s => clusters.cluster(s.SetIdentifier) === route.from,
    );
    const to = route.to.flatMap(c =>
      ofType.filter(s => clusters.cluster(s.SetIdentifier) === c),
    );
    if (!from.length) return [];
    if (!to.length) {
      throw new StepError(
        `route53: no ${type} record set of ${route.to.join(
          ', ',
        )} to send users to`,
        { retryable: false },
      );
    }
    return route.mode === 'failover'
      ? failoverChanges(from, to[0])
      : weightedChanges(from, to);
  });
}

function failoverChanges(
  from: ResourceRecordSet[],
  to: ResourceRecordSet,
): ResourceRecordSet[] {
  if (!from.some(s => s.Failover === 'PRIMARY')) return [];
  // One batch: Route 53 validates the pair after both changes.
  return [
    ...from.map(s => ({ ...s, Failover: 'SECONDARY' as const })),
    { ...to, Failover: 'PRIMARY' as const },
  ];
}

function weightedChanges(
  from: ResourceRecordSet[],
  to: ResourceRecordSet[],
): ResourceRecordSet[] {
  const total = [...from, ...to].reduce((sum, s) => sum + (s.Weight ?? 0), 0);
  const share = evenShare(total, to.length);
  return [
    ...from.filter(s => s.Weight !== 0).map(s => ({ ...s, Weight: 0 })),
    ...to.filter(s => s.Weight !== share).map(s => ({ ...s, Weight: share })),
  ];
}
