import { readServiceDrSpec } from './service';

describe('readServiceDrSpec', () => {
  it('reads a complete declaration', () => {
    const { spec, problems } = readServiceDrSpec('component:default/payments', {
      'flotilla.io/dr-strategy': 'active-passive-warm',
      'flotilla.io/rto': '15m',
      'flotilla.io/rpo': '1m',
      'flotilla.io/replicas': '4',
      'flotilla.io/primary-cluster': 'eu-aws',
      'flotilla.io/standby-cluster': 'us-aws',
      'flotilla.io/resource-request': 'cpu=500m,memory=1Gi',
      'flotilla.io/placement':
        'clusterAffinity:\n  clusterNames: [eu-aws, us-aws]\nreplicaScheduling:\n  replicaSchedulingType: Duplicated\n',
      'backstage.io/kubernetes-id': 'payments',
    });
    expect(problems).toEqual([]);
    expect(spec).toEqual({
      entityRef: 'component:default/payments',
      strategy: 'active-passive-warm',
      rtoSeconds: 900,
      rpoSeconds: 60,
      replicas: 4,
      primaryCluster: 'eu-aws',
      standbyCluster: 'us-aws',
      resourceRequest: { cpu: '500m', memory: '1Gi' },
      placement: {
        clusterAffinity: { clusterNames: ['eu-aws', 'us-aws'] },
        replicaScheduling: { replicaSchedulingType: 'Duplicated' },
      },
      kubernetesId: 'payments',
      argocdApp: undefined,
    });
  });

  it('reads the recovery priority, quorum and detection policy', () => {
    const { spec, problems } = readServiceDrSpec('component:default/x', {
      'flotilla.io/dr-strategy': 'active-active',
      'flotilla.io/dr-tier': '1',
      'flotilla.io/min-replicas': '3',
      'flotilla.io/failover-policy': 'automatic',
      'flotilla.io/failover-toleration': '2m',
    });
    expect(problems).toEqual([]);
    expect(spec).toMatchObject({
      tier: 1,
      minReplicas: 3,
      failoverPolicy: 'automatic',
      tolerationSeconds: 120,
    });
    const bad = readServiceDrSpec('component:default/x', {
      'flotilla.io/dr-strategy': 'active-active',
      'flotilla.io/dr-tier': '10',
      'flotilla.io/failover-policy': 'sometimes',
    });
    expect(bad.problems.map(p => p.annotation)).toEqual([
      'flotilla.io/dr-tier',
      'flotilla.io/failover-policy',
    ]);
    expect(bad.spec?.failoverPolicy).toBeUndefined();
  });

  it('returns no spec for a service that declares no strategy', () => {
    expect(readServiceDrSpec('component:default/x', {})).toEqual({
      problems: [],
    });
    expect(readServiceDrSpec('component:default/x', undefined)).toEqual({
      problems: [],
    });
  });

  it('names an unknown strategy', () => {
    const { spec, problems } = readServiceDrSpec('component:default/x', {
      'flotilla.io/dr-strategy': 'pilot-light',
    });
    expect(spec).toBeUndefined();
    expect(problems[0].message).toBe(
      "unknown strategy 'pilot-light'; expected one of active-active, active-passive-warm, active-passive-cold, backup-restore",
    );
  });

  it('reports a resource request that Kubernetes would refuse', () => {
    const { spec, problems } = readServiceDrSpec('component:default/x', {
      'flotilla.io/dr-strategy': 'active-active',
      'flotilla.io/resource-request': 'cpu=-1,memory=1Gi',
    });
    expect(spec?.resourceRequest).toBeUndefined();
    expect(problems).toEqual([
      {
        annotation: 'flotilla.io/resource-request',
        message: 'cpu: must be greater than or equal to 0',
      },
    ]);
  });

  it('reports each unreadable annotation and keeps the rest', () => {
    const { spec, problems } = readServiceDrSpec('component:default/x', {
      'flotilla.io/dr-strategy': 'active-active',
      'flotilla.io/rto': 'soon',
      'flotilla.io/replicas': '-2',
      'flotilla.io/placement':
        'replicaScheduling:\n  replicaSchedulingType: Sideways\n',
      'flotilla.io/rpo': '5m',
    });
    expect(spec?.rpoSeconds).toBe(300);
    expect(spec?.rtoSeconds).toBeUndefined();
    expect(problems.map(p => p.annotation)).toEqual([
      'flotilla.io/rto',
      'flotilla.io/replicas',
      'flotilla.io/placement',
    ]);
    expect(problems[2].message).toContain(
      'replicaScheduling.replicaSchedulingType',
    );
  });

  it('reads a health probe template, with {fleet} only at its start', () => {
    const read = (probe: string) =>
      readServiceDrSpec('component:default/x', {
        'flotilla.io/dr-strategy': 'active-active',
        'flotilla.io/health-probe': probe,
      });
    for (const probe of [
      '{fleet}/health/{cluster}/x',
      'https://{region}.example.com/{cluster}/healthz',
    ]) {
      expect(read(probe)).toMatchObject({
        spec: { healthProbe: probe },
        problems: [],
      });
    }
    for (const probe of ['http://x/{fleet}/h', 'ftp://{cluster}/h']) {
      expect(read(probe).problems.map(p => p.annotation)).toEqual([
        'flotilla.io/health-probe',
      ]);
    }
  });

  it('reads the GitOps, traffic and state declarations, and names each bad one', () => {
    const read = (extra: Record<string, string>) =>
      readServiceDrSpec('component:default/x', {
        'flotilla.io/dr-strategy': 'active-passive-warm',
        ...extra,
      });
    expect(
      read({
        'flotilla.io/flux-kustomization': 'flux-system/ledger',
        'flotilla.io/gitops-after-failover': 'leave-paused',
        'flotilla.io/traffic-provider': 'dns',
        'flotilla.io/traffic-record': 'shop/ledger',
        'flotilla.io/stateful-parts': 'ledger-db, ledger-db ,files',
      }),
    ).toMatchObject({
      spec: {
        fluxKustomization: 'flux-system/ledger',
        gitopsAfterFailover: 'leave-paused',
        traffic: { provider: 'dns', record: 'shop/ledger' },
        statefulParts: ['ledger-db', 'files'],
      },
      problems: [],
    });
    const bad = read({
      'flotilla.io/flux-kustomization': 'no-namespace',
      'flotilla.io/gitops-after-failover': 'sometimes',
      'flotilla.io/traffic-record': 'shop/ledger',
      'flotilla.io/stateful-parts': 'Not_A_Name',
    });
    expect(bad.problems.map(p => p.annotation).sort()).toEqual([
      'flotilla.io/flux-kustomization',
      'flotilla.io/gitops-after-failover',
      'flotilla.io/stateful-parts',
      'flotilla.io/traffic-provider',
    ]);
    expect(bad.spec?.traffic).toBeUndefined();
  });
});
