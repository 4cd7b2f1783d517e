import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { workloadCluster } from './model';
import {
  clusterClassObject,
  topologyOf,
  topologyOwned,
} from './topologyBuilders';
import type { FleetClusterDescription } from '../fleet';

const pkiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capi-topology-'));
afterAll(() => fs.rmSync(pkiDir, { recursive: true, force: true }));
fs.writeFileSync(path.join(pkiDir, 'ca.crt'), 'ca');

const member: FleetClusterDescription = {
  name: 'dev-eu-west-aws-1',
  kind: 'member',
  role: 'member',
  region: 'eu-west',
  provider: 'aws',
  access: 'direct',
  url: 'https://127.0.0.1:36450',
  publicUrl: 'https://127.0.0.1:36507',
  port: 36450,
  pkiDir,
  tokens: { admin: 'admin-token-1' },
  pidFile: '/dev/null',
  command: { binary: 'kube-apiserver', args: [], log: '/dev/null' },
};

const wc = workloadCluster(member, {
  name: 'dev-eu-west-aws-1',
  kubernetesVersion: 'v1.32.1',
  zones: ['eu-west-b'],
  nodeAllocatable: { cpu: '8' },
  machineDeployments: [{ name: 'md-general', replicas: 2 }],
  clusterClass: 'aws-standard',
});

describe('a ClusterClass-managed cluster', () => {
  it('has a ClusterClass referring to its templates by templateRef (v1beta2)', () => {
    const cc = clusterClassObject(wc, 'aws-standard');
    expect(cc.apiVersion).toBe('cluster.x-k8s.io/v1beta2');
    expect(cc.spec.controlPlane.templateRef).toEqual({
      apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
      kind: 'KubeadmControlPlaneTemplate',
      name: 'aws-standard-control-plane',
    });
    expect(cc.spec.workers.machineDeployments[0]).toMatchObject({
      class: 'default-worker',
      infrastructure: {
        templateRef: {
          kind: 'AWSMachineTemplate',
          name: 'aws-standard-worker',
        },
      },
    });
  });

  it('declares its version, control plane and workers in spec.topology', () => {
    expect(topologyOf(wc, 'aws-standard')).toEqual({
      classRef: { name: 'aws-standard' },
      version: 'v1.32.1',
      controlPlane: { replicas: 1 },
      workers: {
        machineDeployments: [
          { class: 'default-worker', name: 'md-general', replicas: 2 },
        ],
      },
    });
  });

  it('labels what the topology owns', () => {
    expect(
      topologyOwned({ metadata: { labels: { a: 'b' } } }, 'md-general').metadata
        .labels,
    ).toEqual({
      a: 'b',
      'topology.cluster.x-k8s.io/owned': '',
      'topology.cluster.x-k8s.io/deployment-name': 'md-general',
    });
  });
});
