// The fixtures must be objects the upstream CRDs accept.
import { crdProblems } from '@flotilla/upstream-crds';
import {
  applicationSet,
  applications,
  bundleDeployments,
  clusterPropagationPolicies,
  clusterResourceBindings,
  fleetClusters,
  gitRepo,
  legacyClusterResourceBindings,
  resourceBindings,
} from './addonFixtures';

/**
 * The validator checks objects as a client submits them, so the fields the
 * API server sets are dropped first; spec and status are checked as served.
 */
function asSubmitted(object: any): any {
  const {
    uid: _uid,
    resourceVersion: _rv,
    generation: _gen,
    creationTimestamp: _ts,
    ...metadata
  } = object.metadata;
  return { ...object, metadata };
}

describe('add-on fixtures', () => {
  it('match the Argo CD, Fleet and Karmada CRDs they claim to be', () => {
    const objects = [
      applicationSet,
      ...applications.items,
      gitRepo,
      ...fleetClusters.items,
      ...bundleDeployments.items,
      ...clusterPropagationPolicies.items,
      ...resourceBindings.items,
    ].map(asSubmitted);
    expect(crdProblems(objects)).toEqual([]);
  });

  it('ClusterResourceBindings match the ResourceBinding schema they share', () => {
    // Karmada's ClusterResourceBinding has the ResourceBinding spec and
    // status; its CRD is not among the shared ones.
    const objects = [
      ...clusterResourceBindings.items,
      ...legacyClusterResourceBindings.items,
    ].map(b => asSubmitted({ ...b, kind: 'ResourceBinding' }));
    expect(crdProblems(objects)).toEqual([]);
  });

  it('the validator does reject a wrong shape', () => {
    const broken = asSubmitted({
      ...resourceBindings.items[0],
      status: { aggregatedStatus: [{ clusterName: 'eu-1', health: 'Fine' }] },
    });
    expect(crdProblems([broken]).join('\n')).toMatch(/health/);
  });
});
