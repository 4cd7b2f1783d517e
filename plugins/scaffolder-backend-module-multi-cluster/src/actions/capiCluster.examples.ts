import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { oneStepExample } from './shared/examples';

export const examples: TemplateExample[] = [
  {
    description:
      'An AWS cluster with three control-plane machines and two worker pools (Cluster API v1beta2).',
    example: oneStepExample(
      {
        id: 'cluster',
        action: 'multicluster:capi:cluster',
        name: 'Generate Cluster API manifests',
      },
      {
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
    ),
  },
  {
    description:
      'A GCP cluster in Cluster API v1beta1, written as one multi-document file.',
    example: oneStepExample(
      {
        id: 'cluster',
        action: 'multicluster:capi:cluster',
        name: 'Generate Cluster API manifests',
      },
      {
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
    ),
  },
  {
    description:
      'An Azure cluster (CAPZ) in West Europe with its workload identity, three control-plane machines spread over zones and audit logs kept for a week.',
    example: oneStepExample(
      {
        id: 'cluster',
        action: 'multicluster:capi:cluster',
        name: 'Generate Cluster API manifests',
      },
      {
        name: 'prod-eu-west-azure-2',
        namespace: 'fleet-system',
        provider: 'azure',
        kubernetesVersion: 'v1.31.2',
        region: 'westeurope',
        azure: {
          subscriptionId: '00000000-0000-0000-0000-000000000000',
          resourceGroup: 'prod-eu-west-azure-2',
          identityName: 'fleet-workload-identity',
          identityNamespace: 'fleet-system',
        },
        controlPlane: { replicas: 3, machineType: 'Standard_D4s_v3' },
        workers: [
          {
            name: 'general',
            replicas: 3,
            machineType: 'Standard_D8s_v3',
            failureDomain: '1',
          },
        ],
        audit: { maxAge: 7 },
        segmentation: { environment: 'prod', region: 'eu-west' },
        targetPath: 'clusters/prod-eu-west-azure-2',
      },
    ),
  },
  {
    description:
      'A local Docker cluster (CAPD) with its own DockerCluster and machine templates, no ClusterClass.',
    example: oneStepExample(
      {
        id: 'cluster',
        action: 'multicluster:capi:cluster',
        name: 'Generate Cluster API manifests',
      },
      {
        name: 'dev-local-2',
        provider: 'docker',
        kubernetesVersion: 'v1.31.2',
        controlPlane: { replicas: 1 },
        workers: [{ name: 'md-0', replicas: 1 }],
        segmentation: { environment: 'dev' },
      },
    ),
  },
  {
    description:
      'A cluster from a ClusterClass (managed topology), local Docker provider.',
    example: oneStepExample(
      {
        id: 'cluster',
        action: 'multicluster:capi:cluster',
        name: 'Generate a ClusterClass-based Cluster',
      },
      {
        name: 'dev-local-1',
        provider: 'docker',
        kubernetesVersion: 'v1.31.2',
        controlPlane: { replicas: 1 },
        workers: [{ name: 'md-0', replicas: 2 }],
        topology: { classRef: { name: 'quick-start' } },
        segmentation: { environment: 'dev' },
      },
    ),
  },
];
