import { candidate } from '../__testUtils__/testCandidates';
import { selectByRegion } from './selectByRegion';

const inRegion = (
  name: string,
  region: string,
  allocatable: number,
  score = 0,
) => candidate(name, { allocatable, score, cluster: { name, region } });

describe('selectByRegion', () => {
  const candidates = [
    inRegion('eu-1', 'eu', 10),
    inRegion('eu-2', 'eu', 8),
    inRegion('us-1', 'us', 9),
    inRegion('us-2', 'us', 1),
    inRegion('ap-1', 'ap', 20),
  ];
  const region = (minGroups: number, maxGroups: number) => ({
    field: 'region' as const,
    minGroups,
    maxGroups,
  });
  const cluster = (minGroups: number, maxGroups: number) => ({
    field: 'cluster' as const,
    minGroups,
    maxGroups,
  });

  it('takes the best cluster of each chosen region, then fills in candidate order', () => {
    const selected = selectByRegion({
      candidates,
      regionConstraint: region(2, 2),
      clusterConstraint: cluster(2, 3),
      replicas: 10,
      duplicated: false,
    });
    // Divided scores (share ceil(10/2) = 5, walk >= 2 clusters): eu, us and ap all score 5000.
    // Pairs [ap,eu], [ap,us], [eu,us] tie on 10000; the most clusters (eu+us = 4) wins.
    // Leaders eu-1, us-1; one more slot (cluster maxGroups 3) goes to eu-2 (8 > 1).
    expect(selected.map(c => c.name)).toEqual(['eu-1', 'us-1', 'eu-2']);
  });

  it('uses Duplicated scores when resources are ignored', () => {
    const selected = selectByRegion({
      candidates,
      regionConstraint: region(1, 1),
      clusterConstraint: cluster(1, 1),
      replicas: 9,
      duplicated: true,
    });
    // Clusters holding 9: eu-1, us-1, ap-1 -> every region scores 1000; one region of
    // one cluster: candidates are visited by (value asc, name) so [ap] is found first,
    // but equal weight and the larger value of eu (2 clusters) win, eu before us by name.
    expect(selected.map(c => c.name)).toEqual(['eu-1']);
  });

  it("throws Karmada's messages", () => {
    expect(() =>
      selectByRegion({
        candidates,
        regionConstraint: region(4, 4),
        clusterConstraint: cluster(1, 1),
        replicas: 1,
        duplicated: true,
      }),
    ).toThrow(
      'the number of feasible region is less than spreadConstraint.MinGroups',
    );
    expect(() =>
      selectByRegion({
        candidates,
        regionConstraint: region(1, 1),
        clusterConstraint: cluster(3, 3),
        replicas: 1,
        duplicated: true,
      }),
    ).toThrow(
      'the number of clusters is less than the cluster spreadConstraint.MinGroups',
    );
  });
});
