import type { FleetCluster } from '../../api/fleet';
import type { ConnectivityFinding } from '../../api/connectivity';
import {
  cidrsOverlap,
  parseCidr,
  type ParsedCidr,
} from '../../manifests/validation/cidr';
import { hasGlobalnetIn } from '../clusterSets';
import { listForSentence } from '../../text/listForSentence';

type Role = 'pod' | 'service';

interface Holder {
  cluster: string;
  role: Role;
  text: string;
  globalnet: boolean;
}

/** One distinct CIDR block in a cluster set, with every cluster using it. */
interface Block {
  cidr: ParsedCidr;
  end: bigint;
  holders: Holder[];
}

interface Overlap {
  clusters: string[];
  holders: Holder[];
  title: string;
  /** Sentence about the collision, without the set. */
  what: string;
  sets: string[];
}

interface ParsedNetwork {
  cidr: ParsedCidr;
  role: Role;
}

const FIX =
  'Enable Submariner Globalnet (or an equivalent NAT on the fabric) on the clusters involved, or renumber one of them so their networks no longer overlap.';

function parsedNetworks(
  cluster: FleetCluster,
  invalid: ConnectivityFinding[],
): ParsedNetwork[] {
  const networks = cluster.connectivity?.networks;
  if (!networks) return [];
  const result: ParsedNetwork[] = [];
  const add = (texts: string[], role: Role) => {
    for (const text of texts) {
      const parsed = parseCidr(text);
      if ('cidr' in parsed) {
        result.push({ cidr: parsed.cidr, role });
      } else {
        invalid.push({
          id: 'invalid-cidr',
          severity: 'medium',
          title: `${cluster.name} reports an invalid ${role} CIDR`,
          detail: `${cluster.name}'s ${role} CIDR ${parsed.error} (seen via ${networks.detectedVia}); it is left out of the overlap checks.`,
          clusters: [cluster.name],
        });
      }
    }
  };
  add(networks.podCidrs, 'pod');
  add(networks.serviceCidrs, 'service');
  return result;
}

function lastAddress(cidr: ParsedCidr): bigint {
  const bits = cidr.family === 6 ? 128 : 32;
  return cidr.network + (1n << BigInt(bits - cidr.prefixLength)) - 1n;
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function compareHolders(a: Holder, b: Holder): number {
  return (
    compareText(a.cluster, b.cluster) ||
    compareText(a.role, b.role) ||
    compareText(a.text, b.text)
  );
}

/** By family, then start address, then shorter prefix (the larger block) first. */
function compareBlocks(a: Block, b: Block): number {
  if (a.cidr.family !== b.cidr.family) return a.cidr.family - b.cidr.family;
  if (a.cidr.network !== b.cidr.network) {
    return a.cidr.network < b.cidr.network ? -1 : 1;
  }
  return a.cidr.prefixLength - b.cidr.prefixLength;
}

function describeHolder(holder: Holder): string {
  return `${holder.cluster}'s ${holder.role} CIDR ${holder.text}`;
}

/** The clusters holding a block, and those of them without Globalnet. */
const holderSets = new WeakMap<
  Block,
  { all: Set<string>; plain: Set<string> }
>();

function holdersOf(block: Block) {
  let sets = holderSets.get(block);
  if (!sets) {
    sets = {
      all: new Set(block.holders.map(h => h.cluster)),
      plain: new Set(
        block.holders.filter(h => !h.globalnet).map(h => h.cluster),
      ),
    };
    holderSets.set(block, sets);
  }
  return sets;
}

/** Clusters of `from` that collide with some holder of `to`. */
function collidingClusters(from: Block, to: Block): Set<string> {
  const { all: toClusters, plain: toPlain } = holdersOf(to);
  const result = new Set<string>();
  for (const holder of from.holders) {
    // A pair collides unless both sides translate addresses.
    const others = holder.globalnet ? toPlain : toClusters;
    if (others.size > (others.has(holder.cluster) ? 1 : 0)) {
      result.add(holder.cluster);
    }
  }
  return result;
}

/**
 * Overlaps between distinct clusters of one set. CIDR blocks are either
 * disjoint or nested, so after sorting by start address (shorter prefix
 * first) the blocks containing the current one are exactly those on a
 * stack of still-open blocks. The stack holds at most one block per
 * prefix length, so this is O(n log n) plus the overlaps found, where
 * comparing every pair would be O(n²): 2,000 clusters with two CIDRs each
 * is 16 million comparisons. Clusters sharing one block (everyone on the
 * default 10.244.0.0/16) make one finding for the block, not one per pair.
 */
function overlapsInSet(blocks: Block[]): Omit<Overlap, 'sets'>[] {
  const found: Omit<Overlap, 'sets'>[] = [];
  // Holders in name order, so the wording does not depend on input order.
  for (const block of blocks) block.holders.sort(compareHolders);
  const sorted = [...blocks].sort(compareBlocks);
  const open: Block[] = [];
  for (const block of sorted) {
    while (
      open.length > 0 &&
      (open[open.length - 1].cidr.family !== block.cidr.family ||
        open[open.length - 1].end < block.cidr.network)
    ) {
      open.pop();
    }
    for (const outer of open) {
      const clusters = new Set([
        ...collidingClusters(outer, block),
        ...collidingClusters(block, outer),
      ]);
      if (clusters.size < 2) continue;
      const holders = [...outer.holders, ...block.holders].filter(h =>
        clusters.has(h.cluster),
      );
      const outerHolders = outer.holders.filter(h => clusters.has(h.cluster));
      const innerHolders = block.holders.filter(h => clusters.has(h.cluster));
      const sortedClusters = [...clusters].sort();
      found.push({
        clusters: sortedClusters,
        holders,
        title: clustersTitle(sortedClusters, 'have overlapping CIDRs'),
        what: `${listForSentence(
          outerHolders,
          describeHolder,
        )} contains ${listForSentence(innerHolders, describeHolder)}`,
      });
    }
    open.push(block);

    const clusters = collidingClusters(block, block);
    if (clusters.size >= 2) {
      const holders = block.holders.filter(h => clusters.has(h.cluster));
      const sortedClusters = [...clusters].sort();
      found.push({
        clusters: sortedClusters,
        holders,
        title: clustersTitle(
          sortedClusters,
          `use the same CIDR ${block.cidr.text}`,
        ),
        what: `${listForSentence(holders, describeHolder)} ${
          holders.length === 2 ? 'are the same block' : 'are all the same block'
        }`,
      });
    }
  }
  return found;
}

/**
 * `cidr-overlap`: clusters that share a cluster set route each other's pod
 * and service addresses, so any overlap between them (pod or service, in
 * any combination) sends traffic to the wrong cluster, unless both
 * clusters translate addresses (Globalnet) on a fabric of that set. A
 * cluster whose own pod and service networks overlap is a finding too.
 */
export function cidrOverlapFindings(
  clusters: FleetCluster[],
): ConnectivityFinding[] {
  const findings: ConnectivityFinding[] = [];
  const networksByCluster = new Map<string, ParsedNetwork[]>();
  for (const cluster of clusters) {
    if (networksByCluster.has(cluster.name)) continue;
    const parsed = parsedNetworks(cluster, findings);
    networksByCluster.set(cluster.name, parsed);
    findings.push(...overlapsWithinCluster(cluster.name, parsed));
  }

  const blocksBySet = new Map<string, Map<string, Block>>();
  const seen = new Set<string>();
  for (const cluster of clusters) {
    if (seen.has(cluster.name)) continue;
    seen.add(cluster.name);
    const parsed = networksByCluster.get(cluster.name)!;
    if (parsed.length === 0) continue;
    for (const set of new Set(cluster.connectivity?.clusterSets ?? [])) {
      let blocks = blocksBySet.get(set);
      if (!blocks) blocksBySet.set(set, (blocks = new Map()));
      const globalnet = hasGlobalnetIn(cluster, set);
      for (const { cidr, role } of parsed) {
        const key = `${cidr.family}/${cidr.network}/${cidr.prefixLength}`;
        let block = blocks.get(key);
        if (!block) {
          block = { cidr, end: lastAddress(cidr), holders: [] };
          blocks.set(key, block);
        }
        block.holders.push({
          cluster: cluster.name,
          role,
          text: cidr.text,
          globalnet,
        });
      }
    }
  }

  // Two clusters in several shared sets collide once, not once per set.
  const byKey = new Map<string, Overlap>();
  for (const set of [...blocksBySet.keys()].sort()) {
    for (const overlap of overlapsInSet([...blocksBySet.get(set)!.values()])) {
      const key = `${overlap.clusters.join(',')}|${overlap.what}`;
      const existing = byKey.get(key);
      if (existing) existing.sets.push(set);
      else byKey.set(key, { ...overlap, sets: [set] });
    }
  }
  for (const overlap of byKey.values()) {
    const where =
      overlap.sets.length === 1
        ? `cluster set ${overlap.sets[0]}`
        : `cluster sets ${listForSentence(overlap.sets)}`;
    findings.push({
      id: 'cidr-overlap',
      severity: 'high',
      title: `${overlap.title} in ${where}`,
      detail: `In ${where}, ${overlap.what}: traffic across the fabric to those addresses can reach the wrong cluster. ${FIX}`,
      clusters: overlap.clusters,
      clusterSet: overlap.sets[0],
    });
  }
  return findings;
}

function overlapsWithinCluster(
  cluster: string,
  networks: ParsedNetwork[],
): ConnectivityFinding[] {
  const pods = networks.filter(n => n.role === 'pod');
  const services = networks.filter(n => n.role === 'service');
  const pairs: string[] = [];
  for (const pod of pods) {
    for (const service of services) {
      if (cidrsOverlap(pod.cidr, service.cidr)) {
        pairs.push(
          `pod CIDR ${pod.cidr.text} overlaps service CIDR ${service.cidr.text}`,
        );
      }
    }
  }
  if (pairs.length === 0) return [];
  return [
    {
      id: 'cidr-overlap',
      severity: 'high',
      title: `${cluster}'s pod and service CIDRs overlap`,
      detail: `In ${cluster}, ${listForSentence(
        pairs,
      )}: Services and Pods with the same address cannot both be reached. Renumber the pod or the service network.`,
      clusters: [cluster],
    },
  ];
}

/** "a and b <predicate>" for two clusters, "N clusters <predicate>" for more. */
function clustersTitle(sortedClusters: string[], predicate: string): string {
  return sortedClusters.length === 2
    ? `${sortedClusters[0]} and ${sortedClusters[1]} ${predicate}`
    : `${sortedClusters.length} clusters ${predicate}`;
}
