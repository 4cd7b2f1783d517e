import {
  describeEntityExposure,
  parseServiceExportsAnnotation,
} from './exposure';
import {
  connectivity,
  membership,
  testCluster,
} from './__testUtils__/testClusters';

const mcs = { serviceExportCrd: true, serviceImportCrd: true };

/** Two cluster sets: eu-1 and eu-2 in `eu` (Submariner), us-1 and us-2 in `us`. */
const fleet = [
  testCluster('eu-1', {
    connectivity: connectivity([membership('submariner', 'eu')], {
      mcs,
      serviceExports: [
        { namespace: 'payments', name: 'checkout-api', valid: true },
        { namespace: 'payments', name: 'ledger', valid: true },
      ],
    }),
  }),
  testCluster('eu-2', {
    connectivity: connectivity([membership('submariner', 'eu')], {
      mcs,
      serviceExports: [
        {
          namespace: 'payments',
          name: 'checkout-api',
          valid: true,
          conflict: true,
          message: 'Conflicting ports: eu-1 exports 8080/TCP',
        },
      ],
    }),
  }),
  testCluster('us-1', {
    connectivity: connectivity([membership('istio', 'us')], {
      mcs,
      serviceExports: [
        {
          namespace: 'payments',
          name: 'checkout-api',
          valid: false,
          message: 'Service payments/checkout-api not found',
        },
      ],
    }),
  }),
  testCluster('us-2', {
    connectivity: connectivity([membership('istio', 'us')]),
  }),
  testCluster('edge'),
];

describe('describeEntityExposure', () => {
  const exposure = describeEntityExposure({
    entityRef: 'component:default/checkout',
    declaredExports: ['payments/checkout-grpc'],
    workloads: [
      { cluster: 'eu-1', namespace: 'payments', name: 'checkout-api' },
      { cluster: 'us-1', namespace: 'payments', name: 'checkout-api' },
      { cluster: 'edge', namespace: 'payments', name: 'checkout-api' },
    ],
    clusters: fleet,
    dependencies: [
      { entityRef: 'resource:default/payments-db', clusters: ['eu-2'] },
      { entityRef: 'component:default/fraud', clusters: ['us-2', 'eu-1'] },
    ],
  });

  it('lists where each export is exported, reachable from, and its problems', () => {
    expect(exposure.exports).toEqual([
      {
        namespace: 'payments',
        name: 'checkout-api',
        clusterSetHost: 'checkout-api.payments.svc.clusterset.local',
        exportedFrom: ['eu-1', 'eu-2'],
        reachableFrom: ['eu-1', 'eu-2'],
        problems: [
          'eu-2: ServiceExport payments/checkout-api conflicts with the export of another cluster: Conflicting ports: eu-1 exports 8080/TCP',
          'us-1: ServiceExport payments/checkout-api is not valid: Service payments/checkout-api not found',
        ],
      },
      {
        namespace: 'payments',
        name: 'checkout-grpc',
        clusterSetHost: 'checkout-grpc.payments.svc.clusterset.local',
        exportedFrom: [],
        reachableFrom: [],
        problems: [
          'payments/checkout-grpc is declared in flotilla.io/service-exports but exported from no cluster: create a ServiceExport named checkout-grpc in namespace payments where the Service runs',
        ],
      },
    ]);
  });

  it("leaves out other services' exports", () => {
    expect(exposure.exports.map(e => e.name)).not.toContain('ledger');
  });

  it('says which of the entity clusters cannot reach each dependency', () => {
    expect(exposure.dependencies).toEqual([
      {
        entityRef: 'component:default/fraud',
        clusters: ['eu-1', 'us-2'],
        unreachableFrom: ['edge'],
      },
      {
        entityRef: 'resource:default/payments-db',
        clusters: ['eu-2'],
        unreachableFrom: ['edge', 'us-1'],
      },
    ]);
  });

  it('counts a cluster running the dependency itself as reaching it', () => {
    const { dependencies } = describeEntityExposure({
      entityRef: 'component:default/x',
      declaredExports: [],
      workloads: [{ cluster: 'edge', namespace: 'a', name: 'x' }],
      clusters: fleet,
      dependencies: [
        { entityRef: 'component:default/cache', clusters: ['edge'] },
      ],
    });
    expect(dependencies[0].unreachableFrom).toEqual([]);
  });

  it('rejects a declared export that is not namespace/name', () => {
    expect(() =>
      describeEntityExposure({
        entityRef: 'component:default/x',
        declaredExports: ['checkout-api'],
        workloads: [],
        clusters: fleet,
        dependencies: [],
      }),
    ).toThrow(
      'declared export "checkout-api" is not namespace/name, e.g. payments/checkout-api',
    );
  });
});

describe('parseServiceExportsAnnotation', () => {
  it('reads, sorts and de-duplicates namespace/name entries', () => {
    expect(
      parseServiceExportsAnnotation(
        ' payments/checkout-api, shop/cart ,payments/checkout-api,',
      ),
    ).toEqual(['payments/checkout-api', 'shop/cart']);
  });

  it('names every bad entry', () => {
    expect(() =>
      parseServiceExportsAnnotation('payments/Checkout,cart,a/b/c,-ns/x'),
    ).toThrow(
      /^flotilla\.io\/service-exports: name of "payments\/Checkout": "Checkout" is not a valid RFC 1123 label.*; "cart" is not namespace\/name, e\.g\. payments\/checkout-api; "a\/b\/c" is not namespace\/name.*; namespace of "-ns\/x": "-ns" is not a valid RFC 1123 label/,
    );
  });
});
