import { mockCredentials } from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import { SharedCatalogReads, type EntityReads } from './SharedCatalogReads';

const entity: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: { name: 'checkout' },
};

/** A catalog whose answers wait until `answer()`, counting its requests. */
function heldCatalog() {
  const requests: string[] = [];
  let release = () => {};
  const held = new Promise<void>(resolve => (release = resolve));
  const catalog: EntityReads = {
    async getEntityByRef(ref) {
      requests.push(`byRef ${JSON.stringify(ref)}`);
      await held;
      return entity;
    },
    async getEntitiesByRefs(request) {
      requests.push(`byRefs ${request.entityRefs.join(',')}`);
      await held;
      return { items: [entity] };
    },
  };
  return { catalog, requests, answer: () => release() };
}

describe('SharedCatalogReads', () => {
  it("shares one principal's identical reads in flight, never another's", async () => {
    const { catalog, requests, answer } = heldCatalog();
    const shared = new SharedCatalogReads(catalog);
    const alice = { credentials: mockCredentials.user('user:default/alice') };
    const bob = { credentials: mockCredentials.user('user:default/bob') };
    const ref = 'component:default/checkout';
    const reads = Promise.all([
      shared.getEntityByRef(ref, alice),
      shared.getEntityByRef(
        { kind: 'Component', namespace: 'default', name: 'checkout' },
        alice,
      ),
      shared.getEntityByRef(ref, bob),
      shared.getEntitiesByRefs({ entityRefs: [ref] }, alice),
      shared.getEntitiesByRefs({ entityRefs: [ref] }, alice),
    ]);
    await new Promise(resolve => setImmediate(resolve));
    expect(requests).toEqual([
      `byRef "${ref}"`,
      `byRef "${ref}"`,
      `byRefs ${ref}`,
    ]);
    answer();
    const [first, second, third] = await reads;
    expect([first, second, third]).toEqual([entity, entity, entity]);

    // Settled reads are not kept: the next one asks the catalog again.
    await shared.getEntityByRef(ref, alice);
    expect(requests).toHaveLength(4);
  });
});
