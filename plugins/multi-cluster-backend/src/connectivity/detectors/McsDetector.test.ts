import { setupKubernetesMocks } from '@flotilla/plugin-multi-cluster-node/testUtils';
import { NO_ABORT, memberClient } from '../__fixtures__/common';
import { fakeClusterHandlers } from '../__testUtils__/fakeCluster';
import { clusterProperties, serviceExports } from '../__fixtures__/mcs';
import { McsDetector } from './McsDetector';

const server = setupKubernetesMocks();

const MCS_CRDS = [
  'serviceexports.multicluster.x-k8s.io',
  'serviceimports.multicluster.x-k8s.io',
  'clusterproperties.about.k8s.io',
];

describe('McsDetector', () => {
  it('reads the ClusterProperties and every ServiceExport with its conditions', async () => {
    const requests: string[] = [];
    server.use(
      ...fakeClusterHandlers(
        {
          crds: MCS_CRDS,
          custom: {
            'clusterproperties.about.k8s.io/v1alpha1': clusterProperties,
            'serviceexports.multicluster.x-k8s.io/v1alpha1': serviceExports,
          },
        },
        requests,
      ),
    );
    const result = await new McsDetector().detect(memberClient(), {
      signal: NO_ABORT,
    });
    expect(result.mcs).toEqual({
      serviceExportCrd: true,
      serviceImportCrd: true,
      clusterId: 'eu-1',
      clusterSet: 'prod-clusterset',
    });
    expect(result.serviceExports).toEqual([
      {
        namespace: 'finance',
        name: 'ledger',
        valid: false,
        message: "Valid: Service to be exported doesn't exist",
      },
      { namespace: 'shop', name: 'checkout', valid: true, conflict: false },
      {
        namespace: 'shop',
        name: 'payments',
        valid: true,
        conflict: true,
        message: expect.stringMatching(
          /^Conflict: The service ports conflict .*; Ready: Awaiting sync of the ServiceImport to the broker$/,
        ),
      },
    ]);
    expect(result.fabrics).toEqual([
      expect.objectContaining({
        kind: 'mcs',
        clusterSet: 'prod-clusterset',
        clusterId: 'eu-1',
        detectedVia: 'api',
      }),
    ]);
    expect(requests).toEqual(
      expect.arrayContaining([
        'GET /apis/about.k8s.io/v1alpha1/clusterproperties',
        'GET /apis/multicluster.x-k8s.io/v1alpha1/serviceexports',
      ]),
    );
  });

  it('serves the MCS API without a cluster set: no fabric', async () => {
    server.use(
      ...fakeClusterHandlers({
        crds: MCS_CRDS.slice(0, 2),
        custom: { 'serviceexports.multicluster.x-k8s.io/v1alpha1': [] },
      }),
    );
    const result = await new McsDetector().detect(memberClient(), {
      signal: NO_ABORT,
    });
    expect(result).toEqual({
      mcs: { serviceExportCrd: true, serviceImportCrd: true },
      serviceExports: [],
    });
  });

  it('reports nothing when no MCS CRD is installed', async () => {
    server.use(...fakeClusterHandlers({}));
    await expect(
      new McsDetector().detect(memberClient(), { signal: NO_ABORT }),
    ).resolves.toEqual({});
  });
});
