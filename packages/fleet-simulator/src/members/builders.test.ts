import { parse } from 'yaml';
import type { V1Deployment } from '@kubernetes/client-node';
import { loadScenario } from '../scenario';
import { ciliumObjects } from './cilium';
import { istioObjects } from './istio';
import { statusMissing } from './kube';
import {
  parseServiceExport,
  serviceExportObject,
  serviceExportObjects,
} from './mcs';
import { kubeadmConfigObject } from './networks';
import { taintsToKeep } from './nodeLifecycle';
import { isSettled, settledStatus } from './readiness';
import { virtualNodeObject } from './virtualNodes';
import { deploymentObject } from './workloads';

const scenario = loadScenario();
const cluster = (name: string) => scenario.clusters.find(c => c.name === name)!;

describe('virtual nodes', () => {
  it('labels a Liqo node with its type and remote cluster id', () => {
    const node: any = virtualNodeObject(cluster('prod-eu-west-azure-1'), {
      name: 'liqo-prod-eu-west-gcp-1',
      kind: 'liqo',
      peer: 'prod-eu-west-gcp-1',
      allocatable: { cpu: '8', memory: '32Gi', pods: '110' },
    });
    expect(node.metadata.labels).toMatchObject({
      'liqo.io/type': 'virtual-node',
      'liqo.io/remote-cluster-id': 'prod-eu-west-gcp-1',
    });
    expect(node.metadata.labels['virtual-kubelet.io/provider']).toBeUndefined();
    expect(node.status.allocatable).toEqual({
      cpu: '8',
      memory: '32Gi',
      pods: '110',
    });
    expect(node.status.conditions[0]).toMatchObject({
      type: 'Ready',
      status: 'True',
    });
  });

  it('names an Admiralty ClusterTarget, or a namespaced Target with its namespace', () => {
    const base = {
      name: 'admiralty-x',
      kind: 'admiralty' as const,
      allocatable: { cpu: '1' },
    };
    const clusterTarget: any = virtualNodeObject(
      cluster('prod-us-east-azure-1'),
      { ...base, peer: 'onprem-dc1' },
    );
    expect(clusterTarget.metadata.labels).toMatchObject({
      'virtual-kubelet.io/provider': 'admiralty',
      'multicluster.admiralty.io/cluster-target-name': 'onprem-dc1',
    });
    const target: any = virtualNodeObject(cluster('prod-us-east-azure-1'), {
      ...base,
      peer: 'discovery/dc2',
    });
    expect(target.metadata.labels).toMatchObject({
      'multicluster.admiralty.io/target-namespace': 'discovery',
      'multicluster.admiralty.io/target-name': 'dc2',
    });
  });
});

describe('kubeadm-config', () => {
  it('records the pod and service subnets, comma-separated when dual-stack', () => {
    const config: any = kubeadmConfigObject({
      name: 'c',
      kubernetesVersion: 'v1.31.4',
      podCidrs: ['10.1.0.0/16', 'fd00:1::/56'],
      serviceCidrs: ['10.2.0.0/16'],
    });
    expect(config.metadata).toMatchObject({
      namespace: 'kube-system',
      name: 'kubeadm-config',
    });
    expect(parse(config.data.ClusterConfiguration).networking).toEqual({
      dnsDomain: 'cluster.local',
      podSubnet: '10.1.0.0/16,fd00:1::/56',
      serviceSubnet: '10.2.0.0/16',
    });
  });

  it('is absent without networks', () => {
    expect(
      kubeadmConfigObject({ name: 'c', kubernetesVersion: 'v1.31.4' }),
    ).toBeUndefined();
  });
});

describe('Istio', () => {
  const aws = cluster('prod-eu-west-aws-1');
  const fabric = aws.fabrics!.find(f => f.kind === 'istio')!;
  const objects: any[] = istioObjects(aws, fabric);
  const find = (kind: string, name: string) =>
    objects.find(o => o.kind === kind && o.metadata.name === name);

  it('puts the mesh id (the cluster set) in the istio ConfigMap', () => {
    expect(
      parse(find('ConfigMap', 'istio').data.mesh).defaultConfig.meshId,
    ).toBe('prod-global');
  });

  it('writes one remote secret per peer, labelled and annotated as istioctl does', () => {
    const secrets = objects.filter(o => o.kind === 'Secret');
    expect(
      secrets.map(s => s.metadata.annotations['networking.istio.io/cluster']),
    ).toEqual(['prod-us-east-aws-1', 'prod-us-east-azure-1']);
    for (const secret of secrets) {
      expect(secret.metadata.labels['istio/multiCluster']).toBe('true');
      expect(secret.metadata.namespace).toBe('istio-system');
    }
  });

  it('gives the east-west gateway an external address unless the gateway is down', () => {
    const gateway = find('Service', 'istio-eastwestgateway');
    expect(gateway.metadata.labels).toMatchObject({
      istio: 'eastwestgateway',
      'topology.istio.io/network': 'network-prod-eu-west-aws-1',
    });
    expect(gateway.status.loadBalancer.ingress[0].ip).toMatch(
      /^203\.0\.113\.\d+$/,
    );
    const down: any[] = istioObjects(aws, { ...fabric, gatewayReady: false });
    expect(down.find(o => o.kind === 'Service').status).toBeUndefined();
  });
});

describe('Cilium Cluster Mesh', () => {
  it('declares the cluster sets on the clustermesh-apiserver Service and the pool in cilium-config', () => {
    const us = cluster('prod-us-east-aws-1');
    const objects: any[] = ciliumObjects(
      us,
      us.fabrics!.filter(f => f.kind === 'cilium-clustermesh'),
      4,
    );
    const config = objects.find(o => o.kind === 'ConfigMap');
    expect(config.data).toMatchObject({
      'cluster-name': 'us-east-aws-1',
      'cluster-id': '4',
      'cluster-pool-ipv4-cidr': '10.40.0.0/16',
    });
    const service = objects.find(o => o.kind === 'Service');
    expect(service.metadata.labels['k8s-app']).toBe('clustermesh-apiserver');
    expect(service.metadata.annotations['flotilla.io/cluster-sets']).toBe(
      'prod-us',
    );
    const deployment = objects.find(o => o.kind === 'Deployment');
    expect(deployment.spec.selector.matchLabels).toEqual({
      'k8s-app': 'clustermesh-apiserver',
    });
    const secret = objects.find(o => o.kind === 'Secret');
    expect(Object.keys(secret.stringData)).toEqual([
      'us-east-aws-gpu-1',
      'us-east-azure-1',
    ]);
  });

  it('is nothing without a Cilium fabric', () => {
    expect(ciliumObjects(cluster('dev-eu-west-aws-1'), [], 10)).toEqual([]);
  });
});

describe('MCS', () => {
  it('exports existing Services as valid and says why a missing one is not', () => {
    const objects: any[] = serviceExportObjects({
      serviceExports: ['shop/checkout', 'shop/ghost!invalid'],
    });
    expect(
      objects.map(
        o => `${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}`,
      ),
    ).toEqual([
      'Namespace /shop',
      'Service shop/checkout',
      'ServiceExport shop/checkout',
      'ServiceExport shop/ghost',
    ]);
    const ghost = objects[3];
    expect(ghost.apiVersion).toBe('multicluster.x-k8s.io/v1alpha1');
    expect(
      ghost.status.conditions.find((c: any) => c.type === 'Valid'),
    ).toMatchObject({
      status: 'False',
      message: 'Service shop/ghost not found',
    });
  });

  it('writes conditions with every field the CRD requires', () => {
    const exp: any = serviceExportObject(parseServiceExport('shop/checkout'));
    for (const condition of exp.status.conditions) {
      expect(Object.keys(condition).sort()).toEqual([
        'lastTransitionTime',
        'message',
        'reason',
        'status',
        'type',
      ]);
      expect(condition.reason).toMatch(
        /^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$/,
      );
    }
  });
});

describe('direct workloads', () => {
  it('labels the Deployment for the catalog and tolerates the cluster taints', () => {
    const gpu = cluster('prod-us-east-aws-gpu-1');
    const training = scenario.workloads.find(
      w => w.kubernetesId === 'model-training',
    )!;
    const deployment: any = deploymentObject(gpu, training);
    expect(deployment.metadata.labels).toMatchObject({
      'backstage.io/kubernetes-id': 'model-training',
      app: 'model-training',
    });
    expect(deployment.spec.replicas).toBe(4);
    const pod = deployment.spec.template.spec;
    expect(pod.tolerations).toEqual([
      {
        key: 'flotilla.io/dedicated',
        operator: 'Equal',
        value: 'gpu',
        effect: 'NoSchedule',
      },
    ]);
    // The API server refuses an extended resource requested without an equal limit.
    expect(pod.containers[0].resources).toEqual({
      requests: { cpu: '8', memory: '64Gi', 'nvidia.com/gpu': '1' },
      limits: { 'nvidia.com/gpu': '1' },
    });
  });
});

describe('Deployment readiness', () => {
  const deployment = (
    replicas: number | undefined,
    status: V1Deployment['status'] = {},
  ): V1Deployment => ({
    metadata: { name: 'web', namespace: 'shop', generation: 3 },
    spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: {} },
    status,
  });

  it('settles every replica and observes the generation', () => {
    const status = settledStatus(deployment(5));
    expect(status).toMatchObject({
      observedGeneration: 3,
      replicas: 5,
      updatedReplicas: 5,
      readyReplicas: 5,
      availableReplicas: 5,
    });
    expect(status.conditions!.map(c => [c.type, c.status, c.reason])).toEqual([
      ['Available', 'True', 'MinimumReplicasAvailable'],
      ['Progressing', 'True', 'NewReplicaSetAvailable'],
    ]);
    expect(isSettled(deployment(5, status))).toBe(true);
  });

  it('is not settled while the generation or a count lags', () => {
    const settled = settledStatus(deployment(5));
    expect(
      isSettled(deployment(5, { ...settled, observedGeneration: 2 })),
    ).toBe(false);
    expect(isSettled(deployment(5, { ...settled, readyReplicas: 4 }))).toBe(
      false,
    );
    expect(isSettled(deployment(6, settled))).toBe(false);
  });

  it('treats zero replicas, which the API server omits, as settled at 0 ready', () => {
    const status = settledStatus(deployment(0));
    const omitted = Object.fromEntries(
      Object.entries(status).filter(([, v]) => v !== 0),
    );
    expect(isSettled(deployment(0, omitted))).toBe(true);
    expect(status.readyReplicas).toBe(0);
  });

  it('keeps a condition’s transition time when its status does not change', () => {
    const first = settledStatus(
      deployment(2),
      new Date('2026-01-01T00:00:00Z'),
    );
    const again = settledStatus(
      deployment(3, first),
      new Date('2026-01-02T00:00:00Z'),
    );
    expect(again.conditions![0].lastTransitionTime).toEqual(
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(again.conditions![0].lastUpdateTime).toEqual(
      new Date('2026-01-02T00:00:00Z'),
    );
  });
});

describe('statusMissing', () => {
  it('counts what the API server defaults as missing', () => {
    const wanted = { loadBalancer: { ingress: [{ ip: '203.0.113.1' }] } };
    expect(statusMissing({ loadBalancer: {} }, wanted)).toBe(true);
    expect(statusMissing(undefined, wanted)).toBe(true);
    expect(
      statusMissing({ loadBalancer: { ingress: [{ hostname: 'x' }] } }, wanted),
    ).toBe(false);
  });
});

describe('node lifecycle', () => {
  const node = (ready: string, taints: string[]): any => ({
    metadata: { name: 'n' },
    spec: { taints: taints.map(key => ({ key, effect: 'NoSchedule' })) },
    status: { conditions: [{ type: 'Ready', status: ready }] },
  });

  it('drops the not-ready taints of a Ready Node and keeps the others', () => {
    expect(
      taintsToKeep(
        node('True', ['node.kubernetes.io/not-ready', 'flotilla.io/dedicated']),
      ),
    ).toEqual([{ key: 'flotilla.io/dedicated', effect: 'NoSchedule' }]);
  });

  it('leaves a Node that is not Ready, or has no such taint', () => {
    expect(
      taintsToKeep(node('False', ['node.kubernetes.io/not-ready'])),
    ).toBeUndefined();
    expect(
      taintsToKeep(node('True', ['flotilla.io/dedicated'])),
    ).toBeUndefined();
  });
});
