/**
 * Test fixtures in the shapes the Argo CD, Rancher Fleet and Karmada API
 * servers return (apiVersion/kind, server-set metadata, status written by
 * their controllers), checked against the upstream CRDs in
 * addonFixtures.test.ts.
 */
import type { FleetCluster } from '@flotilla/plugin-multi-cluster-common';

export const MGMT = 'https://mgmt.example.com:6443';
export const MGMT_TOKEN = 'mgmt-sa-token';
export const KARMADA = 'https://karmada.example.com:5443';
export const KARMADA_TOKEN = 'karmada-admin-token';

export function fleetCluster(
  name: string,
  labels: Record<string, string>,
  apiServerUrl?: string,
): FleetCluster {
  return {
    name,
    source: 'config',
    sources: [{ type: 'config', id: 'config' }],
    apiServerUrl,
    labels,
    capacity: {},
    health: { status: 'healthy', via: 'readyz' },
    stale: false,
    refreshedAt: '2026-12-01T10:00:00Z',
  };
}

/** mgmt runs Argo CD and Fleet; the other four are workload clusters. */
export const fleet: FleetCluster[] = [
  fleetCluster('mgmt', { environment: 'ops' }, MGMT),
  fleetCluster(
    'eu-1',
    { environment: 'prod', tier: 'gold' },
    'https://eu-1.example.com:6443',
  ),
  fleetCluster(
    'us-1',
    { environment: 'prod' },
    'https://US-1.example.com:6443/',
  ),
  fleetCluster(
    'ap-1',
    { environment: 'prod' },
    'https://ap-1.example.com:6443',
  ),
  fleetCluster(
    'dev-1',
    { environment: 'dev' },
    'https://dev-1.example.com:6443',
  ),
];

let rv = 1000;
function serverMeta<E extends Record<string, unknown>>(
  name: string,
  namespace: string | undefined,
  extra: E = {} as E,
) {
  rv += 1;
  return {
    name,
    ...(namespace ? { namespace } : {}),
    uid: `00000000-0000-4000-8000-${String(rv).padStart(12, '0')}`,
    resourceVersion: String(rv),
    generation: 2,
    creationTimestamp: '2026-11-20T08:00:00Z',
    ...extra,
  };
}

// ---------------------------------------------------------------- Argo CD

export const APPSET_UID = '6f1c1f2e-8a51-4d0b-9b8e-2f0c3d4e5a6b';

export const applicationSet = {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'ApplicationSet',
  metadata: {
    ...serverMeta('cluster-addons', 'argocd'),
    uid: APPSET_UID,
  },
  spec: {
    goTemplate: true,
    goTemplateOptions: ['missingkey=error'],
    generators: [
      { clusters: { selector: { matchLabels: { addons: 'enabled' } } } },
    ],
    template: {
      metadata: { name: 'cluster-addons-{{.name}}' },
      spec: {
        project: 'platform',
        source: {
          repoURL: 'https://github.com/example/cluster-addons.git',
          targetRevision: 'main',
          path: 'kyverno',
        },
        destination: { name: '{{.name}}', namespace: 'kyverno' },
        syncPolicy: { automated: { prune: true, selfHeal: true } },
      },
    },
  },
  status: {
    conditions: [
      {
        type: 'ErrorOccurred',
        status: 'False',
        reason: 'ApplicationSetUpToDate',
        message: 'Successfully generated parameters for all Applications',
        lastTransitionTime: '2026-12-01T09:00:00Z',
      },
      {
        type: 'ResourcesUpToDate',
        status: 'True',
        reason: 'ApplicationSetUpToDate',
        message: 'All applications have been generated successfully',
        lastTransitionTime: '2026-12-01T09:00:00Z',
      },
    ],
  },
};

function application(
  cluster: string,
  destination: { name?: string; server?: string },
  status: {
    sync: string;
    health: string;
    revision?: string;
    healthMessage?: string;
  },
  owner: { name: string; uid: string } = {
    name: 'cluster-addons',
    uid: APPSET_UID,
  },
) {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: serverMeta(`${owner.name}-${cluster}`, 'argocd', {
      finalizers: ['resources-finalizer.argocd.argoproj.io'],
      ownerReferences: [
        {
          apiVersion: 'argoproj.io/v1alpha1',
          kind: 'ApplicationSet',
          name: owner.name,
          uid: owner.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    }),
    spec: {
      project: 'platform',
      source: {
        repoURL: 'https://github.com/example/cluster-addons.git',
        targetRevision: 'main',
        path: 'kyverno',
      },
      destination: { ...destination, namespace: 'kyverno' },
      syncPolicy: { automated: { prune: true, selfHeal: true } },
    },
    status: {
      sync: {
        status: status.sync,
        ...(status.revision ? { revision: status.revision } : {}),
        comparedTo: {
          source: {
            repoURL: 'https://github.com/example/cluster-addons.git',
            targetRevision: 'main',
            path: 'kyverno',
          },
          destination: { ...destination, namespace: 'kyverno' },
        },
      },
      health: {
        status: status.health,
        ...(status.healthMessage ? { message: status.healthMessage } : {}),
      },
      reconciledAt: '2026-12-01T10:00:00Z',
      sourceType: 'Directory',
      controllerNamespace: 'argocd',
    },
  };
}

export const applications = {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'ApplicationList',
  metadata: { resourceVersion: '2000' },
  items: [
    // by destination name
    application(
      'eu-1',
      { name: 'eu-1' },
      { sync: 'Synced', health: 'Healthy', revision: 'a1b2c3d4e5' },
    ),
    // by server URL, spelled differently from the inventory's
    application(
      'us-1',
      { server: 'https://us-1.example.com:6443' },
      { sync: 'OutOfSync', health: 'Healthy', revision: '0f9e8d7c6b' },
    ),
    // the cluster Argo CD runs in
    application(
      'mgmt',
      { server: 'https://kubernetes.default.svc' },
      { sync: 'Unknown', health: 'Healthy' },
    ),
    application(
      'ap-1',
      { name: 'ap-1' },
      {
        sync: 'Synced',
        health: 'Degraded',
        revision: 'a1b2c3d4e5',
        healthMessage: 'Deployment kyverno-admission-controller: 0/3 ready',
      },
    ),
    // another ApplicationSet's Application on dev-1 does not count
    application(
      'dev-1',
      { name: 'dev-1' },
      { sync: 'Synced', health: 'Healthy', revision: 'a1b2c3d4e5' },
      { name: 'monitoring', uid: '11111111-2222-4333-8444-555555555555' },
    ),
  ],
};

// ----------------------------------------------------------- Rancher Fleet

export const FLEET_COMMIT = '9f2c4e1b7a3d5c6e8f0a1b2c3d4e5f6a7b8c9d0e';
export const OLD_COMMIT = '1111111111111111111111111111111111111111';

export const gitRepo = {
  apiVersion: 'fleet.cattle.io/v1alpha1',
  kind: 'GitRepo',
  metadata: serverMeta('monitoring', 'fleet-default'),
  spec: {
    repo: 'https://github.com/example/fleet-addons',
    branch: 'main',
    paths: ['monitoring/prometheus', 'monitoring/rules'],
    targets: [{ clusterSelector: { matchLabels: { env: 'prod' } } }],
  },
  status: {
    commit: FLEET_COMMIT,
    observedGeneration: 2,
    readyClusters: 1,
    desiredReadyClusters: 3,
    display: {
      readyBundleDeployments: '2/5',
      state: 'Modified',
      message: '',
      error: false,
    },
    summary: { desiredReady: 5, ready: 2, modified: 1, waitApplied: 1 },
    conditions: [
      {
        type: 'Ready',
        status: 'False',
        lastUpdateTime: '2026-12-01T10:00:00Z',
        message: 'Modified(1) [Cluster fleet-default/us-1]',
      },
    ],
  },
};

/** Fleet Cluster objects: Rancher names them c-m-*, with a display name label. */
export const fleetClusters = {
  apiVersion: 'fleet.cattle.io/v1alpha1',
  kind: 'ClusterList',
  metadata: { resourceVersion: '3000' },
  items: [
    {
      apiVersion: 'fleet.cattle.io/v1alpha1',
      kind: 'Cluster',
      metadata: serverMeta('c-m-7x2kq9vd', 'fleet-default', {
        labels: {
          'management.cattle.io/cluster-display-name': 'eu-1',
          'management.cattle.io/cluster-name': 'c-m-7x2kq9vd',
          env: 'prod',
        },
      }),
      spec: { kubeConfigSecret: 'c-m-7x2kq9vd-kubeconfig' },
      status: { namespace: 'cluster-fleet-default-c-m-7x2kq9vd-0f1e2d3c4b5a' },
    },
    {
      apiVersion: 'fleet.cattle.io/v1alpha1',
      kind: 'Cluster',
      metadata: serverMeta('us-1', 'fleet-default', {
        labels: { env: 'prod' },
      }),
      spec: { kubeConfigSecret: 'us-1-kubeconfig' },
      status: { namespace: 'cluster-fleet-default-us-1-9a8b7c6d5e4f' },
    },
    {
      apiVersion: 'fleet.cattle.io/v1alpha1',
      kind: 'Cluster',
      metadata: serverMeta('imported-7', 'fleet-default', {
        labels: { env: 'prod' },
      }),
      spec: { kubeConfigSecret: 'imported-7-kubeconfig' },
      status: {
        namespace: 'cluster-fleet-default-imported-7-1a2b3c4d5e6f',
        apiServerURL: 'https://ap-1.example.com:6443',
      },
    },
  ],
};

function bundleDeployment(
  bundle: string,
  fleetClusterName: string,
  opts: {
    commit?: string;
    deploymentID: string;
    status?: Record<string, unknown>;
  },
) {
  const namespace = `cluster-fleet-default-${fleetClusterName}-0f1e2d3c4b5a`;
  return {
    apiVersion: 'fleet.cattle.io/v1alpha1',
    kind: 'BundleDeployment',
    metadata: serverMeta(bundle, namespace, {
      labels: {
        'fleet.cattle.io/bundle-name': bundle,
        'fleet.cattle.io/bundle-namespace': 'fleet-default',
        'fleet.cattle.io/cluster': fleetClusterName,
        'fleet.cattle.io/cluster-namespace': 'fleet-default',
        'fleet.cattle.io/managed': 'true',
        'fleet.cattle.io/repo-name': 'monitoring',
        'fleet.cattle.io/commit': opts.commit ?? FLEET_COMMIT,
      },
      finalizers: ['fleet.cattle.io/bundle-deployment-finalizer'],
    }),
    spec: {
      deploymentID: opts.deploymentID,
      stagedDeploymentID: opts.deploymentID,
      options: {
        defaultNamespace: 'monitoring',
        helm: { releaseName: bundle },
      },
      stagedOptions: {
        defaultNamespace: 'monitoring',
        helm: { releaseName: bundle },
      },
    },
    ...(opts.status ? { status: opts.status } : {}),
  };
}

const DEPLOY_PROM = 's-5b2f8e0d6c1a:7d3c1b0a9e8f';
const DEPLOY_RULES = 's-a4c7e2f91b3d:7d3c1b0a9e8f';

function readyStatus(deploymentID: string) {
  return {
    appliedDeploymentID: deploymentID,
    ready: true,
    nonModified: true,
    display: { deployed: 'Yes', monitored: 'Yes', state: 'Ready' },
    conditions: [
      { type: 'Ready', status: 'True', lastUpdateTime: '2026-12-01T10:00:00Z' },
      {
        type: 'Deployed',
        status: 'True',
        lastUpdateTime: '2026-12-01T10:00:00Z',
      },
      {
        type: 'Monitored',
        status: 'True',
        lastUpdateTime: '2026-12-01T10:00:00Z',
      },
    ],
  };
}

export const bundleDeployments = {
  apiVersion: 'fleet.cattle.io/v1alpha1',
  kind: 'BundleDeploymentList',
  metadata: { resourceVersion: '3100' },
  items: [
    // eu-1 (Rancher c-m-7x2kq9vd): both bundles ready at the GitRepo commit
    bundleDeployment('monitoring-monitoring-prometheus', 'c-m-7x2kq9vd', {
      deploymentID: DEPLOY_PROM,
      status: readyStatus(DEPLOY_PROM),
    }),
    bundleDeployment('monitoring-monitoring-rules', 'c-m-7x2kq9vd', {
      deploymentID: DEPLOY_RULES,
      status: readyStatus(DEPLOY_RULES),
    }),
    // us-1: someone edited a rule ConfigMap in the cluster
    bundleDeployment('monitoring-monitoring-prometheus', 'us-1', {
      deploymentID: DEPLOY_PROM,
      status: readyStatus(DEPLOY_PROM),
    }),
    bundleDeployment('monitoring-monitoring-rules', 'us-1', {
      deploymentID: DEPLOY_RULES,
      status: {
        ...readyStatus(DEPLOY_RULES),
        nonModified: false,
        display: { deployed: 'Yes', monitored: 'Yes', state: 'Modified' },
        modifiedStatus: [
          {
            apiVersion: 'v1',
            kind: 'ConfigMap',
            namespace: 'monitoring',
            name: 'alert-rules',
            patch: '{"data":{"rules.yaml":"groups: []"}}',
          },
        ],
      },
    }),
    // ap-1 (imported-7, matched by API server URL): new deployment pending
    bundleDeployment('monitoring-monitoring-prometheus', 'imported-7', {
      deploymentID: DEPLOY_PROM,
      status: {
        ...readyStatus('s-0000aaaa1111:7d3c1b0a9e8f'),
        display: { deployed: 'Yes', monitored: 'Yes', state: 'WaitApplied' },
      },
    }),
    // dev-1 is not a prod cluster; its agent has not reported yet
    bundleDeployment('monitoring-monitoring-prometheus', 'dev-1', {
      deploymentID: DEPLOY_PROM,
      commit: OLD_COMMIT,
    }),
  ],
};

// ---------------------------------------------------------------- Karmada

export const POLICY_ID = '3c9e5b1a-7d2f-4e8a-b6c0-1f2e3d4c5b6a';

export const clusterPropagationPolicies = {
  apiVersion: 'policy.karmada.io/v1alpha1',
  kind: 'ClusterPropagationPolicyList',
  metadata: { resourceVersion: '5000' },
  items: [
    {
      apiVersion: 'policy.karmada.io/v1alpha1',
      kind: 'ClusterPropagationPolicy',
      metadata: serverMeta('kyverno-baseline', undefined, {
        labels: {
          'clusterpropagationpolicy.karmada.io/permanent-id': POLICY_ID,
        },
        finalizers: ['karmada.io/cluster-propagation-policy-controller'],
      }),
      spec: {
        resourceSelectors: [
          {
            apiVersion: 'kyverno.io/v1',
            kind: 'ClusterPolicy',
            labelSelector: { matchLabels: { bundle: 'baseline' } },
          },
          { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'kyverno' },
        ],
        placement: {
          clusterAffinity: { labelSelector: { matchLabels: { env: 'prod' } } },
          clusterTolerations: [],
        },
        priority: 0,
        preemption: 'Never',
        conflictResolution: 'Abort',
      },
    },
    {
      apiVersion: 'policy.karmada.io/v1alpha1',
      kind: 'ClusterPropagationPolicy',
      metadata: serverMeta('other-policy', undefined),
      spec: {
        resourceSelectors: [{ apiVersion: 'v1', kind: 'Namespace' }],
      },
    },
  ],
};

function binding(
  kind: 'ClusterResourceBinding' | 'ResourceBinding',
  name: string,
  resource: Record<string, string>,
  clusters: string[],
  aggregatedStatus: Record<string, unknown>[],
  labels: Record<string, string> = {
    'clusterpropagationpolicy.karmada.io/permanent-id': POLICY_ID,
  },
) {
  const namespace = kind === 'ResourceBinding' ? resource.namespace : undefined;
  return {
    apiVersion: 'work.karmada.io/v1alpha2',
    kind,
    metadata: serverMeta(name, namespace, {
      labels,
      annotations: {
        'clusterpropagationpolicy.karmada.io/name': 'kyverno-baseline',
      },
      finalizers: [
        kind === 'ResourceBinding'
          ? 'karmada.io/binding-controller'
          : 'karmada.io/cluster-resource-binding-controller',
      ],
    }),
    spec: {
      resource,
      clusters: clusters.map(c => ({ name: c })),
      placement: {
        clusterAffinity: { labelSelector: { matchLabels: { env: 'prod' } } },
      },
      conflictResolution: 'Abort',
    },
    status: {
      schedulerObservedGeneration: 2,
      lastScheduledTime: '2026-12-01T09:00:00Z',
      conditions: [
        {
          type: 'Scheduled',
          status: 'True',
          reason: 'Success',
          message: 'Binding has been scheduled successfully.',
          lastTransitionTime: '2026-12-01T09:00:00Z',
        },
        {
          type: 'FullyApplied',
          status: aggregatedStatus.every(s => s.applied) ? 'True' : 'False',
          reason: 'FullyAppliedSuccess',
          message: 'All works have been successfully applied',
          lastTransitionTime: '2026-12-01T09:00:00Z',
        },
      ],
      aggregatedStatus,
    },
  };
}

export const clusterResourceBindings = {
  apiVersion: 'work.karmada.io/v1alpha2',
  kind: 'ClusterResourceBindingList',
  metadata: { resourceVersion: '5100' },
  items: [
    binding(
      'ClusterResourceBinding',
      'require-labels-clusterpolicy',
      {
        apiVersion: 'kyverno.io/v1',
        kind: 'ClusterPolicy',
        name: 'require-labels',
        uid: '9a8b7c6d-1111-4222-8333-444455556666',
        resourceVersion: '812',
      },
      ['eu-1', 'us-1', 'ap-1'],
      [
        { clusterName: 'eu-1', applied: true, health: 'Healthy' },
        {
          clusterName: 'us-1',
          applied: false,
          appliedMessage:
            'admission webhook "validate.kyverno.svc" denied the request',
          health: 'Unknown',
        },
        { clusterName: 'ap-1', applied: true, health: 'Healthy' },
      ],
    ),
  ],
};

export const resourceBindings = {
  apiVersion: 'work.karmada.io/v1alpha2',
  kind: 'ResourceBindingList',
  metadata: { resourceVersion: '5200' },
  items: [
    binding(
      'ResourceBinding',
      'kyverno-deployment',
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        namespace: 'kyverno',
        name: 'kyverno',
        uid: '1b2c3d4e-5555-4666-8777-888899990000',
        resourceVersion: '913',
      },
      ['eu-1', 'us-1', 'ap-1'],
      [
        {
          clusterName: 'eu-1',
          applied: true,
          health: 'Healthy',
          status: { replicas: 3, readyReplicas: 3 },
        },
        { clusterName: 'us-1', applied: true, health: 'Healthy' },
        // ap-1 has not reported this one yet
      ],
    ),
  ],
};

/** A binding of a pre-1.10 control plane: only the name label. */
export const legacyClusterResourceBindings = {
  ...clusterResourceBindings,
  items: [
    binding(
      'ClusterResourceBinding',
      'require-labels-clusterpolicy',
      {
        apiVersion: 'kyverno.io/v1',
        kind: 'ClusterPolicy',
        name: 'require-labels',
      },
      ['eu-1'],
      [{ clusterName: 'eu-1', applied: true, health: 'Healthy' }],
      { 'clusterpropagationpolicy.karmada.io/name': 'kyverno-baseline' },
    ),
  ],
};
