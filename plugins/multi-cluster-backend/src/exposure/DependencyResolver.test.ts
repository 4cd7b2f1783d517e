import { mockCredentials } from '@backstage/backend-test-utils';
import { Entity, stringifyEntityRef } from '@backstage/catalog-model';
import { InputError, NotFoundError } from '@backstage/errors';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { DependencyResolver } from './DependencyResolver';

const ledger: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: { name: 'ledger', namespace: 'default' },
  spec: {},
};

function setup() {
  const catalog = catalogServiceMock({ entities: [ledger] });
  const byRefs = jest.spyOn(catalog, 'getEntitiesByRefs');
  const byRef = jest.spyOn(catalog, 'getEntityByRef');
  const getPlacement = jest.fn(async () => ({
    entityRef: stringifyEntityRef(ledger),
    actual: { clusters: [{ cluster: 'prod-eu-1', replicas: 2 }] },
  }));
  const runningClusters = jest.fn(async () => ({
    entityRef: stringifyEntityRef(ledger),
    clusters: ['prod-eu-1', 'prod-us-1'],
  }));
  const resolver = new DependencyResolver({
    catalog,
    inventory: { getClusters: async () => [] } as any,
    placement: { getPlacement, runningClusters } as any,
    concurrency: 4,
  });
  return { resolver, byRefs, byRef, getPlacement, runningClusters };
}

const unknownRefs = (count: number) =>
  Array.from({ length: count }, (_, i) => `component:default/ghost-${i}`);

describe('DependencyResolver', () => {
  it('refuses unknown dependsOn refs with one catalog query, naming only a few, before reading any placement', async () => {
    const { resolver, byRefs, byRef, getPlacement } = setup();
    const refs = ['component:default/ledger', ...unknownRefs(200)];

    const refused = resolver.requirementFor(
      { dependsOn: refs },
      mockCredentials.user(),
    );

    await expect(refused).rejects.toThrow(NotFoundError);
    const message: string = await refused.then(
      () => '',
      e => (e as Error).message,
    );
    expect(message).toMatch(
      /^200 of 201 dependencies are not in the catalog: /,
    );
    expect(message).toMatch(/ and 197 more$/);
    expect(message.length).toBeLessThan(200);
    expect(byRefs).toHaveBeenCalledTimes(1);
    expect(byRef).not.toHaveBeenCalled();
    expect(getPlacement).not.toHaveBeenCalled();
  });

  it('reads the placement of each known ref once, however it was written', async () => {
    const { resolver, getPlacement } = setup();

    const requirement = await resolver.requirementFor(
      { dependsOn: ['ledger', 'component:ledger', 'component:default/ledger'] },
      mockCredentials.user(),
    );

    expect(requirement.dependencies).toEqual([
      { ref: 'component:default/ledger', clusters: [{ name: 'prod-eu-1' }] },
    ]);
    expect(getPlacement).toHaveBeenCalledTimes(1);
  });

  it('answers a view from where the dependency recently ran, and a plan from a live read', async () => {
    const { resolver, getPlacement, runningClusters } = setup();
    const service: Entity = {
      ...ledger,
      metadata: { name: 'checkout', namespace: 'default' },
      relations: [{ type: 'dependsOn', targetRef: 'component:default/ledger' }],
    };

    const viewed = await resolver.dependenciesOf(
      service,
      mockCredentials.user(),
      { recent: true },
    );
    expect(viewed.map(d => d.clusters.map(c => c.name))).toEqual([
      ['prod-eu-1', 'prod-us-1'],
    ]);
    expect(getPlacement).not.toHaveBeenCalled();

    const planned = await resolver.dependenciesOf(
      service,
      mockCredentials.user(),
    );
    expect(planned.map(d => d.clusters.map(c => c.name))).toEqual([
      ['prod-eu-1'],
    ]);
    expect(getPlacement).toHaveBeenCalledTimes(1);
    expect(runningClusters).toHaveBeenCalledTimes(1);
  });

  it('reports an unknown dependency of the exposure view as a problem without reading it', async () => {
    const { resolver, getPlacement } = setup();

    const resolved = await resolver.resolve(
      ['component:default/ledger', 'component:default/ghost'],
      mockCredentials.user(),
    );

    expect(resolved).toEqual([
      {
        ref: 'component:default/ghost',
        clusters: [],
        problem: 'component:default/ghost is not in the catalog',
      },
      { ref: 'component:default/ledger', clusters: [{ name: 'prod-eu-1' }] },
    ]);
    expect(getPlacement).toHaveBeenCalledTimes(1);
  });

  it('answers a malformed ref with 400', async () => {
    const { resolver } = setup();

    await expect(
      resolver.requirementFor(
        { dependsOn: ['component:'] },
        mockCredentials.user(),
      ),
    ).rejects.toThrow(InputError);
  });
});
