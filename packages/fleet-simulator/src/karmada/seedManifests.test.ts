import type { FleetDescription } from '../fleet';
import {
  addonManifests,
  clusterManifest,
  isKarmadaWorkload,
  workloadManifests,
} from './seedManifests';

const member = (
  name: string,
  access: 'karmada-proxy' | 'direct',
  port: number,
) => ({
  name,
  kind: 'member' as const,
  role: 'member',
  region: 'eu-west',
  provider: name.includes('aws') ? 'aws' : 'gcp',
  access,
  url: `https://127.0.0.1:${port}`,
  publicUrl: `https://127.0.0.1:${port + 60}`,
  port,
  pkiDir: `/nonexistent/${name}`,
  tokens: { admin: 'a', 'karmada-controller': 'k' },
  pidFile: '',
  command: { binary: '', args: [], log: '' },
});

const fleet: FleetDescription = {
  dir: '.fleet-seed-test',
  karmadaAggregatedApiServer: { port: 36442 },
  simulator: { port: 36499 },
  clusters: [
    member('prod-eu-west-aws-1', 'karmada-proxy', 36445),
    member('prod-eu-west-gcp-1', 'karmada-proxy', 36446),
    member('staging-eu-west-aws-1', 'direct', 36452),
  ],
};

describe('what seeding writes into Karmada', () => {
  it('registers a proxy-reached member as a Push Cluster at its public URL', () => {
    const cluster = clusterManifest(fleet.clusters[0], {
      clusters: [
        {
          name: 'prod-eu-west-aws-1',
          kubernetesVersion: 'v1.31.4',
          zones: ['eu-west-1a'],
          nodeAllocatable: {},
          machineDeployments: [],
          taints: [
            { key: 'dedicated', value: 'payments', effect: 'NoSchedule' },
          ],
        },
      ],
      workloads: [],
      addons: [],
    });
    expect(cluster.metadata.labels).toEqual({
      'flotilla.io/environment': 'prod',
      'flotilla.io/region': 'eu-west',
      'flotilla.io/provider': 'aws',
    });
    expect(cluster.spec).toMatchObject({
      syncMode: 'Push',
      apiEndpoint: 'https://127.0.0.1:36505',
      secretRef: { namespace: 'karmada-cluster', name: 'prod-eu-west-aws-1' },
      impersonatorSecretRef: {
        namespace: 'karmada-cluster',
        name: 'prod-eu-west-aws-1-impersonator',
      },
      zones: ['eu-west-1a'],
      taints: [{ key: 'dedicated', value: 'payments', effect: 'NoSchedule' }],
    });
  });

  it('makes a workload a Karmada one only when all its clusters are Karmada members', () => {
    expect(
      isKarmadaWorkload(
        {
          kubernetesId: 'a',
          namespace: 'n',
          replicas: { 'prod-eu-west-aws-1': 1, 'prod-eu-west-gcp-1': 0 },
        },
        fleet,
      ),
    ).toBe(true);
    expect(
      isKarmadaWorkload(
        {
          kubernetesId: 'b',
          namespace: 'n',
          replicas: { 'prod-eu-west-aws-1': 1, 'staging-eu-west-aws-1': 1 },
        },
        fleet,
      ),
    ).toBe(false);
  });

  it('builds an active-passive workload as Duplicated with its own OverridePolicy idling the passive cluster', () => {
    const { deployment, propagationPolicy, overridePolicy } = workloadManifests(
      {
        kubernetesId: 'search-api',
        namespace: 'discovery',
        replicas: { 'prod-eu-west-gcp-1': 6 },
        passive: ['prod-eu-west-aws-1'],
      },
    );
    expect(deployment.spec.replicas).toBe(6);
    expect(propagationPolicy.spec.placement).toEqual({
      clusterAffinity: {
        clusterNames: ['prod-eu-west-aws-1', 'prod-eu-west-gcp-1'],
      },
      replicaScheduling: { replicaSchedulingType: 'Duplicated' },
    });
    expect(overridePolicy).toEqual({
      apiVersion: 'policy.karmada.io/v1alpha1',
      kind: 'OverridePolicy',
      metadata: {
        name: 'search-api-active-passive',
        namespace: 'discovery',
        labels: { 'backstage.io/kubernetes-id': 'search-api' },
      },
      spec: {
        resourceSelectors: [
          { apiVersion: 'apps/v1', kind: 'Deployment', name: 'search-api' },
        ],
        overrideRules: [
          {
            targetCluster: { clusterNames: ['prod-eu-west-aws-1'] },
            overriders: {
              plaintext: [
                { path: '/spec/replicas', operator: 'replace', value: 0 },
              ],
            },
          },
        ],
      },
    });
    expect(
      isKarmadaWorkload(
        {
          kubernetesId: 'x',
          namespace: 'shop',
          replicas: { 'prod-eu-west-aws-1': 1 },
          passive: ['staging-eu-west-aws-1'],
        },
        fleet,
      ),
    ).toBe(false);
  });

  it('places a workload by static weights in the scenario’s proportions, zero-replica clusters as candidates only', () => {
    const { deployment, propagationPolicy } = workloadManifests({
      kubernetesId: 'payments-ledger',
      namespace: 'shop',
      replicas: { 'prod-eu-west-gcp-1': 0, 'prod-eu-west-aws-1': 4 },
      requests: { cpu: '1', memory: '1Gi' },
    });
    expect(deployment.metadata.labels).toEqual({
      'backstage.io/kubernetes-id': 'payments-ledger',
      app: 'payments-ledger',
    });
    expect(deployment.spec.replicas).toBe(4);
    expect(deployment.spec.template.spec.containers[0].resources).toEqual({
      requests: { cpu: '1', memory: '1Gi' },
    });
    expect(propagationPolicy.spec.placement).toEqual({
      clusterAffinity: {
        clusterNames: ['prod-eu-west-aws-1', 'prod-eu-west-gcp-1'],
      },
      replicaScheduling: {
        replicaSchedulingType: 'Divided',
        replicaDivisionPreference: 'Weighted',
        weightPreference: {
          staticWeightList: [
            {
              targetCluster: { clusterNames: ['prod-eu-west-aws-1'] },
              weight: 4,
            },
          ],
        },
      },
    });
  });

  it('propagates an add-on where it is not missing, and leaves a conflicting copy where it drifted', () => {
    const { configMap, policy, drifted } = addonManifests(
      {
        name: 'gatekeeper-network-policies',
        category: 'policy',
        delivery: 'karmada-clusterpropagationpolicy',
        source: 'karmada/default-deny-network-policies',
        clusters: {
          'prod-eu-west-aws-1': { state: 'in-sync' },
          'prod-eu-west-gcp-1': { state: 'drifted', revision: 'local' },
          'staging-eu-west-aws-1': { state: 'in-sync' },
        },
      },
      fleet,
    );
    expect(configMap.metadata).toMatchObject({
      name: 'gatekeeper-network-policies',
      namespace: 'flotilla-addons',
    });
    expect(policy.metadata.name).toBe('gatekeeper-network-policies');
    expect(policy.spec.placement.clusterAffinity.clusterNames).toEqual([
      'prod-eu-west-aws-1',
      'prod-eu-west-gcp-1',
    ]);
    expect(drifted.map(d => [d.cluster, d.configMap.data.revision])).toEqual([
      ['prod-eu-west-gcp-1', 'local'],
    ]);
  });
});
