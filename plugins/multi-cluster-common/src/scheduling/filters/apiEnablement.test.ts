import { apiEnablementFilter } from './apiEnablement';
import { filterContext } from './__testUtils__/testContext';

const deployments = {
  groupVersion: 'apps/v1',
  resources: [{ name: 'deployments', kind: 'Deployment' }],
};
const configMaps = {
  groupVersion: 'v1',
  resources: [{ name: 'configmaps', kind: 'ConfigMap' }],
};

describe('apiEnablementFilter', () => {
  it('passes a cluster that lists the kind under its group/version', () => {
    expect(
      apiEnablementFilter(
        { name: 'a', apiEnablements: [configMaps, deployments] },
        filterContext(),
      ),
    ).toBeUndefined();
  });

  it("rejects a cluster that does not, with Karmada's reason", () => {
    expect(
      apiEnablementFilter(
        { name: 'a', apiEnablements: [configMaps] },
        filterContext(),
      ),
    ).toEqual({
      plugin: 'APIEnablement',
      karmadaReason: 'cluster(s) did not have the API resource',
      explanation: 'does not serve apps/v1 Deployment',
    });
  });

  it('matches the kind within the group/version only', () => {
    const context = filterContext({
      resource: { apiVersion: 'v1', kind: 'Deployment' },
    });
    expect(
      apiEnablementFilter({ name: 'a', apiEnablements: [deployments] }, context)
        ?.plugin,
    ).toBe('APIEnablement');
  });

  it('rejects an empty list (Karmada cannot tell the API is there)', () => {
    expect(
      apiEnablementFilter({ name: 'a', apiEnablements: [] }, filterContext())
        ?.plugin,
    ).toBe('APIEnablement');
  });

  it('passes a cluster with no list and a cluster of the previous result', () => {
    expect(apiEnablementFilter({ name: 'a' }, filterContext())).toBeUndefined();
    expect(
      apiEnablementFilter(
        { name: 'a', apiEnablements: [] },
        filterContext({ previousNames: new Set(['a']) }),
      ),
    ).toBeUndefined();
  });
});
