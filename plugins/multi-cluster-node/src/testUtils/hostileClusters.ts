import { karmadaClusters } from './karmadaFixtures';

/**
 * A Karmada member reporting garbage: quantities that are not quantities
 * (`abc`, an exponent far past any bound), a `__proto__` key in its
 * resource summary (built from JSON text: in an object literal it would set
 * the prototype instead of adding a key) and a capacity annotation with a
 * `__proto__` key. It is Ready, so the inventory inspects it too.
 *
 * @public
 */
export const garbageMember = {
  ...karmadaClusters.items[0],
  metadata: {
    name: 'member-garbage',
    annotations: {
      'flotilla.io/capacity': 'cpu=64,__proto__=1',
    },
  },
  status: {
    ...karmadaClusters.items[0].status,
    resourceSummary: {
      allocatable: JSON.parse(
        '{"cpu":"abc","memory":"1e999999999","__proto__":{"polluted":"yes"},"pods":"110"}',
      ),
      allocated: { pods: '10' },
    },
  },
};

/**
 * The Karmada fixture's members plus {@link garbageMember}.
 *
 * @public
 */
export const karmadaClustersWithGarbage = {
  ...karmadaClusters,
  items: [...karmadaClusters.items, garbageMember],
};
