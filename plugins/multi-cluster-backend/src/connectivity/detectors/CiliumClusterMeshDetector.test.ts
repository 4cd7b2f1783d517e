import { setupKubernetesMocks } from '@flotilla/plugin-multi-cluster-node/testUtils';
import { NO_ABORT, memberClient } from '../__fixtures__/common';
import { fakeClusterHandlers } from '../__testUtils__/fakeCluster';
import {
  ciliumConfig,
  clustermeshApiserverDeployment,
  clustermeshApiserverService,
} from '../__fixtures__/cilium';
import { CiliumClusterMeshDetector } from './CiliumClusterMeshDetector';

const server = setupKubernetesMocks();

describe('CiliumClusterMeshDetector', () => {
  it('reads pod CIDRs, the declared mesh and the clustermesh-apiserver readiness', async () => {
    server.use(
      ...fakeClusterHandlers({
        configMaps: { 'kube-system/cilium-config': ciliumConfig },
        services: {
          'kube-system': [
            clustermeshApiserverService(
              [{ hostname: 'cm-eu-1.elb.example.com' }],
              {
                'flotilla.io/cluster-sets': 'mesh-prod',
              },
            ),
          ],
        },
        deployments: { 'kube-system': [clustermeshApiserverDeployment(1)] },
      }),
    );
    const result = await new CiliumClusterMeshDetector().detect(
      memberClient(),
      {
        signal: NO_ABORT,
      },
    );
    expect(result.networks).toEqual({
      podCidrs: ['10.10.0.0/16'],
      serviceCidrs: [],
      detectedVia: 'api',
    });
    expect(result.fabrics).toEqual([
      {
        kind: 'cilium-clustermesh',
        clusterSet: 'mesh-prod',
        clusterId: 'eu-1',
        detectedVia: 'api',
        gateway: { ready: true },
        evidence: [
          'Cilium cluster eu-1 (id 1) with ClusterMesh API server Service clustermesh-apiserver',
          'clustermesh-apiserver 1/1 ready',
        ],
      },
    ]);
  });

  it('keeps an undeclared mesh to itself and reports a down API server', async () => {
    server.use(
      ...fakeClusterHandlers({
        configMaps: { 'kube-system/cilium-config': ciliumConfig },
        services: { 'kube-system': [clustermeshApiserverService([])] },
        deployments: { 'kube-system': [clustermeshApiserverDeployment(0)] },
      }),
    );
    const result = await new CiliumClusterMeshDetector().detect(
      memberClient(),
      {
        signal: NO_ABORT,
      },
    );
    expect(result.fabrics![0]).toMatchObject({
      clusterSet: 'cilium:eu-1',
      gateway: {
        ready: false,
        message:
          'no clustermesh-apiserver replica is ready; the clustermesh-apiserver Service has no external address',
      },
    });
    expect(result.fabrics![0].evidence).toContain(
      'no flotilla.io/cluster-sets annotation on the clustermesh-apiserver Service: the mesh cannot be named from the API',
    );
  });

  it('reports networks only when ClusterMesh is off, nothing without Cilium', async () => {
    server.use(
      ...fakeClusterHandlers({
        configMaps: { 'kube-system/cilium-config': ciliumConfig },
      }),
    );
    const withoutMesh = await new CiliumClusterMeshDetector().detect(
      memberClient(),
      { signal: NO_ABORT },
    );
    expect(withoutMesh.fabrics).toBeUndefined();
    expect(withoutMesh.networks?.podCidrs).toEqual(['10.10.0.0/16']);

    server.use(...fakeClusterHandlers({}));
    await expect(
      new CiliumClusterMeshDetector().detect(memberClient(), {
        signal: NO_ABORT,
      }),
    ).resolves.toEqual({});
  });
});
