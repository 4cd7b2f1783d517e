import type {
  ClusterHealth,
  ClusterHealthEvidence,
  ClusterHealthSource,
} from '@flotilla/plugin-multi-cluster-common';

/** How evidence is listed: this backend's own probe first, then each source. */
const EVIDENCE_ORDER: ClusterHealthSource[] = [
  'probe',
  'karmada',
  'ocm',
  'cluster-api',
];

/**
 * The observers of whether a cluster serves now: this backend's probe,
 * Karmada's cluster status controller (which probes the member itself) and
 * the OCM hub (the agent's lease). Cluster API's `Available` also falls
 * while machines roll out or scale, so it decides only when none of them
 * can tell.
 */
const LIVE_OBSERVERS = new Set<ClusterHealthSource>([
  'probe',
  'karmada',
  'ocm',
]);

const VIA: Record<ClusterHealthSource, ClusterHealth['via']> = {
  probe: 'readyz',
  karmada: 'karmada',
  ocm: 'ocm',
  'cluster-api': 'cluster-api',
};

function orderOf(evidence: ClusterHealthEvidence): number {
  return EVIDENCE_ORDER.indexOf(evidence.source);
}

/** The evidence that settles the status; none when nothing can tell. */
function decisive(ordered: ClusterHealthEvidence[]): ClusterHealthEvidence[] {
  const tiers = [
    ordered.filter(e => LIVE_OBSERVERS.has(e.source)),
    ordered.filter(e => !LIVE_OBSERVERS.has(e.source)),
  ];
  for (const tier of tiers) {
    // An observed failure outranks any observed success; `unknown` never
    // outranks an observation.
    const unhealthy = tier.filter(e => e.status === 'unhealthy');
    if (unhealthy.length > 0) return unhealthy;
    const healthy = tier.filter(e => e.status === 'healthy');
    if (healthy.length > 0) return healthy;
  }
  return [];
}

function describe(evidence: ClusterHealthEvidence[]): string | undefined {
  const lines = evidence
    .filter(e => e.reason)
    .map(e => `${e.sourceId ?? e.source}: ${e.reason}`);
  return lines.length > 0 ? lines.join('; ') : undefined;
}

/**
 * The one health verdict of a cluster over every observer's evidence:
 *
 * 1. `unhealthy` when the probe, Karmada or OCM observed it failing, even
 *    if another of them observed it serving;
 * 2. else `healthy` when one of them observed it serving;
 * 3. else what Cluster API reports, the same way (unhealthy first);
 * 4. else `unknown`: nothing could tell (this backend's credentials were
 *    refused, no access path, no source reports a condition).
 *
 * `via` names the first decisive observer, `message` the decisive evidence
 * (all of it when `unknown`), `checkedAt` is when this backend decided.
 *
 * @public
 */
export function clusterHealthVerdict(
  evidence: ClusterHealthEvidence[],
  checkedAt: string,
): ClusterHealth {
  const ordered = [...evidence].sort((a, b) => orderOf(a) - orderOf(b));
  const settled = decisive(ordered);
  const first = settled[0] ?? ordered[0];
  const latencyMs = ordered.find(e => e.source === 'probe')?.latencyMs;
  const message = first
    ? describe(settled.length > 0 ? settled : ordered)
    : 'No observer reports its health';
  return {
    status: settled[0]?.status ?? 'unknown',
    via: first ? VIA[first.source] : 'none',
    checkedAt,
    ...(latencyMs !== undefined ? { latencyMs } : {}),
    ...(message ? { message } : {}),
    evidence: ordered,
  };
}
