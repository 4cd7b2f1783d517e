import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { oneStepExample } from './shared/examples';

export const examples: TemplateExample[] = [
  {
    description:
      'Export a Service from the clusters that run it and import it where it is consumed (with Karmada).',
    example: oneStepExample(
      {
        id: 'mcs',
        action: 'multicluster:mcs:export',
        name: 'Generate ServiceExport / ServiceImport',
      },
      {
        name: 'payments',
        namespace: 'shop',
        apiVersion: 'v1alpha1',
        import: {
          type: 'ClusterSetIP',
          ports: [{ name: 'http', port: 8080 }],
        },
        karmada: {
          exportClusters: ['prod-eu-west-aws-1'],
          importClusters: ['prod-eu-west-gcp-1', 'prod-us-east-aws-1'],
        },
        targetPath: 'mcs/payments',
      },
    ),
  },
  {
    description:
      'Export a headless StatefulSet Service in MCS API v1beta1 (the default), keeping client affinity, and carry its labels to the import.',
    example: oneStepExample(
      {
        id: 'mcs',
        action: 'multicluster:mcs:export',
        name: 'Generate ServiceExport / ServiceImport',
      },
      {
        name: 'orders-db',
        namespace: 'shop',
        exportedLabels: { 'app.kubernetes.io/name': 'orders-db' },
        import: {
          type: 'Headless',
          ports: [
            {
              name: 'postgres',
              port: 5432,
              protocol: 'TCP',
              appProtocol: 'postgresql',
            },
          ],
          sessionAffinity: 'ClientIP',
        },
        targetPath: 'mcs/orders-db',
      },
    ),
  },
];
