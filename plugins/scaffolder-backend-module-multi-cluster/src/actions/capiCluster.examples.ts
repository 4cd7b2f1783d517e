import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import yaml from 'yaml';

export const examples: TemplateExample[] = [
  {
    description:
      'An AWS cluster with three control-plane machines and two worker pools (Cluster API v1beta2).',
    example: yaml.stringify({
      steps: [
        {
          id: 'cluster',
          action: 'multicluster:capi:cluster',
          name: 'Generate Cluster API manifests',
          input: {
            name: 'prod-eu-west-aws-2',
            namespace: 'fleet-system',
            provider: 'aws',
            kubernetesVersion: 'v1.31.2',
            region: 'eu-west-1',
            controlPlane: { replicas: 3, machineType: 'm5.xlarge' },
            workers: [
              { name: 'general', replicas: 6, machineType: 'm5.2xlarge' },
              { name: 'batch', replicas: 0, machineType: 'c5.4xlarge' },
            ],
            podCidrs: ['192.168.0.0/16'],
            serviceCidrs: ['10.96.0.0/12'],
            segmentation: {
              environment: 'prod',
              region: 'eu-west',
              tenant: 'shared',
              workloadClass: 'latency-sensitive',
            },
            targetPath: 'clusters/prod-eu-west-aws-2',
          },
        },
      ],
    }),
  },
  {
    description:
      'A GCP cluster in Cluster API v1beta1, written as one multi-document file.',
    example: yaml.stringify({
      steps: [
        {
          id: 'cluster',
          action: 'multicluster:capi:cluster',
          name: 'Generate Cluster API manifests',
          input: {
            name: 'staging-us-east-gcp-2',
            provider: 'gcp',
            apiVersion: 'v1beta1',
            kubernetesVersion: 'v1.30.6',
            region: 'us-east1',
            gcp: { project: 'flotilla-staging' },
            controlPlane: { replicas: 1 },
            workers: [
              { name: 'general', replicas: 2, machineType: 'n2-standard-4' },
            ],
            singleFile: true,
          },
        },
      ],
    }),
  },
  {
    description:
      'A cluster from a ClusterClass (managed topology), local Docker provider.',
    example: yaml.stringify({
      steps: [
        {
          id: 'cluster',
          action: 'multicluster:capi:cluster',
          name: 'Generate a ClusterClass-based Cluster',
          input: {
            name: 'dev-local-1',
            provider: 'docker',
            kubernetesVersion: 'v1.31.2',
            controlPlane: { replicas: 1 },
            workers: [{ name: 'md-0', replicas: 2 }],
            topology: { classRef: { name: 'quick-start' } },
            segmentation: { environment: 'dev' },
          },
        },
      ],
    }),
  },
];
