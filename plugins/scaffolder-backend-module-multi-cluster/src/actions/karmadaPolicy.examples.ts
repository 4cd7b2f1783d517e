import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { oneStepExample } from './shared/examples';

export const examples: TemplateExample[] = [
  {
    description:
      'Spread a Deployment and its Service over prod clusters in at least two regions, with failover.',
    example: oneStepExample(
      {
        id: 'policy',
        action: 'multicluster:karmada:policy',
        name: 'Generate Karmada policies',
      },
      {
        name: 'checkout',
        namespace: 'shop',
        resourceSelectors: [
          { apiVersion: 'apps/v1', kind: 'Deployment', name: 'checkout' },
          { apiVersion: 'v1', kind: 'Service', name: 'checkout' },
        ],
        placement: {
          clusterAffinity: {
            labelSelector: {
              matchLabels: { 'flotilla.io/environment': 'prod' },
            },
          },
          spreadConstraints: [
            { spreadByField: 'region', minGroups: 2, maxGroups: 3 },
            { spreadByField: 'cluster', minGroups: 2, maxGroups: 4 },
          ],
          replicaScheduling: {
            replicaSchedulingType: 'Divided',
            replicaDivisionPreference: 'Weighted',
            weightPreference: { dynamicWeight: 'AvailableReplicas' },
          },
        },
        failover: {
          application: {
            tolerationSeconds: 120,
            purgeMode: 'Gracefully',
            gracePeriodSeconds: 600,
          },
        },
        overrides: {
          imageRegistry: {
            'prod-us-east-aws-1': 'registry.us.example.com',
          },
        },
        targetPath: 'karmada/checkout',
      },
    ),
  },
  {
    description:
      'An active-passive pair: 4 replicas on the primary, the standby scaled to zero.',
    example: oneStepExample(
      {
        id: 'policy',
        action: 'multicluster:karmada:policy',
        name: 'Generate an active-passive pair',
      },
      {
        name: 'payments-ledger',
        namespace: 'shop',
        resourceSelectors: [
          {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            name: 'payments-ledger',
          },
        ],
        activePassive: {
          primary: 'prod-eu-west-aws-1',
          standby: 'prod-eu-west-gcp-1',
          replicas: 4,
        },
        singleFile: true,
      },
    ),
  },
  {
    description:
      'Cluster-scoped policies: propagate the platform ClusterRoles to every prod cluster, labelled with their tier there.',
    example: oneStepExample(
      {
        id: 'policy',
        action: 'multicluster:karmada:policy',
        name: 'Generate cluster-scoped Karmada policies',
      },
      {
        name: 'platform-cluster-roles',
        clusterScoped: true,
        resourceSelectors: [
          {
            apiVersion: 'rbac.authorization.k8s.io/v1',
            kind: 'ClusterRole',
            labelSelector: {
              matchLabels: { 'flotilla.io/platform': 'true' },
            },
          },
        ],
        placement: {
          clusterAffinity: {
            labelSelector: {
              matchLabels: { 'flotilla.io/environment': 'prod' },
            },
          },
        },
        overrides: {
          plaintext: [
            {
              clusterSelector: {
                matchLabels: { 'flotilla.io/environment': 'prod' },
              },
              operator: 'add',
              path: '/metadata/labels/flotilla.io~1tier',
              value: 'prod',
            },
          ],
        },
        targetPath: 'karmada/platform',
      },
    ),
  },
];
