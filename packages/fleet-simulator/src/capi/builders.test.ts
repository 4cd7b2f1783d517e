import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { parse } from 'yaml';
import {
  clusterObject,
  kubeconfigSecret,
  kubeadmControlPlaneObject,
  machineDeploymentObject,
  machineObject,
  machineTemplateObject,
} from './builders';
import { workloadCluster } from './model';
import type { FleetClusterDescription } from '../fleet';

const pkiDirs: string[] = [];
afterAll(() => {
  for (const dir of pkiDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function member(provider: string): FleetClusterDescription {
  const pkiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capi-builders-'));
  pkiDirs.push(pkiDir);
  fs.writeFileSync(
    path.join(pkiDir, 'ca.crt'),
    '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
  );
  return {
    name: `prod-us-east-${provider}-1`,
    kind: 'member',
    role: 'member',
    region: 'us-east',
    provider,
    access: 'capi-kubeconfig',
    url: 'https://127.0.0.1:36450',
    publicUrl: 'https://127.0.0.1:36507',
    port: 36450,
    proxyPort: 36507,
    pkiDir,
    tokens: { admin: 'admin-token-1' },
    pidFile: '/dev/null',
    command: { binary: 'kube-apiserver', args: [], log: '/dev/null' },
  };
}

const scenario = {
  name: 'prod-us-east-azure-1',
  kubernetesVersion: 'v1.31.4',
  zones: ['us-east-a', 'us-east-b'],
  nodeAllocatable: { cpu: '16', memory: '64Gi', pods: '165' },
  machineDeployments: [
    { name: 'md-batch', replicas: 10, instanceType: 'Standard_F16s_v2' },
  ],
  podCidrs: ['10.50.0.0/16'],
  serviceCidrs: ['10.150.0.0/16'],
};

describe('Cluster API builders', () => {
  it('writes every core object in the v1beta2 its CRD stores', () => {
    const wc = workloadCluster(member('azure'), scenario);
    const objects = [
      clusterObject(wc),
      kubeadmControlPlaneObject(wc),
      machineDeploymentObject(wc, scenario.machineDeployments[0]),
    ];
    expect(objects.map(o => `${o.apiVersion} ${o.kind}`)).toEqual([
      'cluster.x-k8s.io/v1beta2 Cluster',
      'controlplane.cluster.x-k8s.io/v1beta2 KubeadmControlPlane',
      'cluster.x-k8s.io/v1beta2 MachineDeployment',
    ]);
  });

  it("references the provider's infrastructure in the version its CRD stores", () => {
    const azure = workloadCluster(member('azure'), scenario);
    expect(clusterObject(azure).spec.infrastructureRef).toEqual({
      apiGroup: 'infrastructure.cluster.x-k8s.io',
      kind: 'AzureCluster',
      name: 'prod-us-east-azure-1',
    });
    const template = machineTemplateObject(
      azure,
      'x',
      scenario.machineDeployments[0],
    );
    expect(template.apiVersion).toBe('infrastructure.cluster.x-k8s.io/v1beta1');
    expect(template.spec.template.spec).toMatchObject({
      vmSize: 'Standard_F16s_v2',
    });
    const aws = workloadCluster(member('aws'), {
      ...scenario,
      name: 'prod-us-east-aws-1',
      machineDeployments: [],
    });
    expect(machineTemplateObject(aws, 'x').apiVersion).toBe(
      'infrastructure.cluster.x-k8s.io/v1beta2',
    );
  });

  it('names MachineDeployments by cluster and labels them for the connector', () => {
    const wc = workloadCluster(member('azure'), scenario);
    const md = machineDeploymentObject(wc, scenario.machineDeployments[0]);
    expect(md.metadata.name).toBe('prod-us-east-azure-1-md-batch');
    expect(md.metadata.labels).toEqual({
      'cluster.x-k8s.io/cluster-name': 'prod-us-east-azure-1',
    });
    expect(md.spec).toMatchObject({
      clusterName: 'prod-us-east-azure-1',
      replicas: 10,
      template: { spec: { version: 'v1.31.4' } },
    });
  });

  it('spreads Machines over the zones with provider IDs', () => {
    const wc = workloadCluster(member('azure'), scenario);
    const md = {
      ...machineDeploymentObject(wc, scenario.machineDeployments[0]),
    };
    const now = new Date();
    const [m0, m1] = [0, 1].map(i => machineObject(wc, md, i, now));
    expect(m0.metadata.name).toBe('prod-us-east-azure-1-md-batch-0');
    expect([m0.spec.failureDomain, m1.spec.failureDomain]).toEqual([
      'us-east-a',
      'us-east-b',
    ]);
    expect(m0.spec.providerID).toMatch(
      /^azure:\/\/\/subscriptions\/.+\/virtualMachines\/prod-us-east-azure-1-md-batch-0$/,
    );
  });

  it('writes the kubeconfig Secret as Cluster API does, pointing at the public address', () => {
    const wc = workloadCluster(member('azure'), scenario);
    const secret = kubeconfigSecret(wc);
    expect(secret.type).toBe('cluster.x-k8s.io/secret');
    expect(secret.metadata).toMatchObject({
      name: 'prod-us-east-azure-1-kubeconfig',
      namespace: 'fleet-system',
      labels: { 'cluster.x-k8s.io/cluster-name': 'prod-us-east-azure-1' },
    });
    const text = Buffer.from(secret.data.value, 'base64').toString();
    const kc = new KubeConfig();
    kc.loadFromString(text);
    expect(kc.getCurrentCluster()?.server).toBe('https://127.0.0.1:36507');
    expect(kc.getCurrentUser()?.token).toBe('admin-token-1');
    expect(parse(text)['current-context']).toBe(
      'prod-us-east-azure-1-admin@prod-us-east-azure-1',
    );
  });
});
