import fc from 'fast-check';
import { cidrsOverlap, parseCidr } from '../../manifests/validation/cidr';
import type { FleetCluster } from '../../api/fleet';
import {
  connectivity,
  membership,
  networks,
  testCluster,
} from '../__testUtils__/testClusters';
import { cidrOverlapFindings } from './cidrOverlap';

function inSet(
  name: string,
  sets: string[],
  pod: string[],
  service: string[] = [],
  globalnet = false,
): FleetCluster {
  return testCluster(name, {
    connectivity: connectivity(
      sets.map(set => membership('submariner', set, { globalnet })),
      { networks: networks(pod, service) },
    ),
  });
}

describe('cidrOverlapFindings', () => {
  it('flags two clusters of a set on the same pod CIDR, naming both, the set and the fix', () => {
    const findings = cidrOverlapFindings([
      inSet('eu-1', ['prod'], ['10.244.0.0/16'], ['10.96.0.0/16']),
      inSet('us-1', ['prod'], ['10.244.0.0/16'], ['10.97.0.0/16']),
    ]);
    expect(findings).toEqual([
      {
        id: 'cidr-overlap',
        severity: 'high',
        title:
          'eu-1 and us-1 use the same CIDR 10.244.0.0/16 in cluster set prod',
        detail:
          "In cluster set prod, eu-1's pod CIDR 10.244.0.0/16 and us-1's pod CIDR 10.244.0.0/16 are the same block: traffic across the fabric to those addresses can reach the wrong cluster. Enable Submariner Globalnet (or an equivalent NAT on the fabric) on the clusters involved, or renumber one of them so their networks no longer overlap.",
        clusters: ['eu-1', 'us-1'],
        clusterSet: 'prod',
      },
    ]);
  });

  it("flags one cluster's pod network containing another's service network", () => {
    const findings = cidrOverlapFindings([
      inSet('eu-1', ['prod'], ['10.96.0.0/12'], ['172.20.0.0/16']),
      inSet('us-1', ['prod'], ['10.0.0.0/16'], ['10.100.0.0/16']),
    ]);
    expect(findings).toHaveLength(1);
    expect(findings[0].clusters).toEqual(['eu-1', 'us-1']);
    expect(findings[0].detail).toContain(
      "eu-1's pod CIDR 10.96.0.0/12 contains us-1's service CIDR 10.100.0.0/16",
    );
  });

  it('ignores clusters that share no cluster set', () => {
    expect(
      cidrOverlapFindings([
        inSet('eu-1', ['prod-eu'], ['10.244.0.0/16']),
        inSet('us-1', ['prod-us'], ['10.244.0.0/16']),
        testCluster('lab', {
          connectivity: {
            clusterSets: [],
            fabrics: [],
            networks: networks(['10.244.0.0/16']),
          },
        }),
      ]),
    ).toEqual([]);
  });

  it('accepts the overlap only when both clusters have Globalnet in that set', () => {
    expect(
      cidrOverlapFindings([
        inSet('eu-1', ['prod'], ['10.244.0.0/16'], [], true),
        inSet('us-1', ['prod'], ['10.244.0.0/16'], [], true),
      ]),
    ).toEqual([]);
    const oneSided = cidrOverlapFindings([
      inSet('eu-1', ['prod'], ['10.244.0.0/16'], [], true),
      inSet('us-1', ['prod'], ['10.244.0.0/16'], [], false),
    ]);
    expect(oneSided.map(f => f.clusters)).toEqual([['eu-1', 'us-1']]);
  });

  it('does not let Globalnet on another set excuse the overlap', () => {
    const eu = testCluster('eu-1', {
      connectivity: connectivity(
        [
          membership('submariner', 'prod', { globalnet: true }),
          membership('cilium-clustermesh', 'mesh'),
        ],
        { networks: networks(['10.244.0.0/16']) },
      ),
    });
    const us = testCluster('us-1', {
      connectivity: connectivity(
        [
          membership('submariner', 'prod', { globalnet: true }),
          membership('cilium-clustermesh', 'mesh'),
        ],
        { networks: networks(['10.244.0.0/16']) },
      ),
    });
    const findings = cidrOverlapFindings([eu, us]);
    expect(findings.map(f => f.clusterSet)).toEqual(['mesh']);
  });

  it('reports one finding for clusters colliding in several shared sets', () => {
    const findings = cidrOverlapFindings([
      inSet('eu-1', ['prod', 'mesh'], ['10.244.0.0/16']),
      inSet('us-1', ['prod', 'mesh'], ['10.244.0.0/16']),
    ]);
    expect(findings).toHaveLength(1);
    expect(findings[0].clusterSet).toBe('mesh');
    expect(findings[0].title).toContain('in cluster sets mesh and prod');
  });

  it('never collides IPv4 with IPv6', () => {
    expect(
      cidrOverlapFindings([
        inSet('eu-1', ['prod'], ['10.0.0.0/8'], ['172.16.0.0/12']),
        inSet('us-1', ['prod'], ['::/0']),
      ]),
    ).toEqual([]);
  });

  it('flags a cluster whose own pod and service networks overlap', () => {
    const findings = cidrOverlapFindings([
      testCluster('eu-1', {
        connectivity: {
          clusterSets: [],
          fabrics: [],
          networks: networks(['10.0.0.0/8'], ['10.96.0.0/12']),
        },
      }),
    ]);
    expect(findings).toEqual([
      expect.objectContaining({
        id: 'cidr-overlap',
        severity: 'high',
        title: "eu-1's pod and service CIDRs overlap",
        detail: expect.stringContaining(
          'pod CIDR 10.0.0.0/8 overlaps service CIDR 10.96.0.0/12',
        ),
        clusters: ['eu-1'],
      }),
    ]);
  });

  it('reports an invalid detected CIDR and checks the rest', () => {
    const findings = cidrOverlapFindings([
      inSet('eu-1', ['prod'], ['10.244.0.1/16', '10.1.0.0/16']),
      inSet('us-1', ['prod'], ['10.1.0.0/16']),
    ]);
    expect(findings.map(f => f.id).sort()).toEqual([
      'cidr-overlap',
      'invalid-cidr',
    ]);
  });

  it('makes one finding when 2,000 clusters use the default pod CIDR', () => {
    const fleet = Array.from({ length: 2000 }, (_, i) =>
      inSet(
        `c-${i}`,
        ['prod'],
        ['10.244.0.0/16'],
        [`10.${i >> 8}.${i & 255}.0/24`],
      ),
    );
    const findings = cidrOverlapFindings(fleet);
    expect(findings).toHaveLength(1);
    expect(findings[0].clusters).toHaveLength(2000);
    expect(findings[0].title).toBe(
      '2000 clusters use the same CIDR 10.244.0.0/16 in cluster set prod',
    );
    expect(findings[0].detail).toContain('and 1992 more');
  });

  it('finds exactly the clusters a pairwise comparison finds', () => {
    const cidr = fc
      .tuple(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 4, max: 8 }))
      .map(([n, prefix]) => {
        // Keep the host bits clear: n is masked to the prefix.
        const value = (n << 4) & (0xff << (8 - Math.min(prefix, 8)));
        return `10.${value}.0.0/${prefix + 8}`;
      });
    const cluster = fc.record({
      sets: fc.subarray(['a', 'b', 'c']),
      pod: fc.array(cidr, { maxLength: 2 }),
      service: fc.array(cidr, { maxLength: 1 }),
      globalnet: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(cluster, { maxLength: 8 }), specs => {
        const fleet = specs.map((spec, i) =>
          inSet(`c${i}`, spec.sets, spec.pod, spec.service, spec.globalnet),
        );
        const expected = new Set<string>();
        specs.forEach((left, i) =>
          specs.forEach((right, j) => {
            if (i >= j) return;
            const shared = left.sets.some(s => right.sets.includes(s));
            if (!shared || (left.globalnet && right.globalnet)) return;
            const collide = [...left.pod, ...left.service].some(x =>
              [...right.pod, ...right.service].some(y => {
                const a = parseCidr(x);
                const b = parseCidr(y);
                return (
                  'cidr' in a && 'cidr' in b && cidrsOverlap(a.cidr, b.cidr)
                );
              }),
            );
            if (collide) expected.add(`c${i}`).add(`c${j}`);
          }),
        );
        const found = new Set(
          cidrOverlapFindings(fleet)
            .filter(f => f.clusterSet !== undefined)
            .flatMap(f => f.clusters),
        );
        expect([...found].sort()).toEqual([...expected].sort());
      }),
    );
  });
});
