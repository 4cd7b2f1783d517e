import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { oneStepExample } from './shared/examples';

export const examples: TemplateExample[] = [
  {
    description:
      'Migrate a FederatedDeployment with a per-cluster override to Karmada.',
    example: oneStepExample(
      {
        id: 'convert',
        action: 'multicluster:kubefed:convert',
        name: 'Convert from kubefed',
      },
      {
        federated: {
          apiVersion: 'types.kubefed.io/v1beta1',
          kind: 'FederatedDeployment',
          metadata: { name: 'web', namespace: 'shop' },
          spec: {
            template: {
              metadata: { labels: { app: 'web' } },
              spec: {
                replicas: 3,
                selector: { matchLabels: { app: 'web' } },
                template: {
                  metadata: { labels: { app: 'web' } },
                  spec: {
                    containers: [{ name: 'web', image: 'nginx:1.27' }],
                  },
                },
              },
            },
            placement: {
              clusters: [
                { name: 'prod-eu-west-aws-1' },
                { name: 'prod-us-east-aws-1' },
              ],
            },
            overrides: [
              {
                clusterName: 'prod-us-east-aws-1',
                clusterOverrides: [{ path: '/spec/replicas', value: 5 }],
              },
            ],
          },
        },
        targetPath: 'migrated/web',
      },
    ),
  },
];
