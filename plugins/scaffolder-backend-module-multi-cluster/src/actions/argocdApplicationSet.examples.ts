import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { oneStepExample } from './shared/examples';

export const examples: TemplateExample[] = [
  {
    description:
      'Install a Helm chart on every prod cluster registered in Argo CD.',
    example: oneStepExample(
      {
        id: 'appset',
        action: 'multicluster:argocd:applicationset',
        name: 'Generate an ApplicationSet',
      },
      {
        name: 'ingress-nginx',
        source: {
          repoURL: 'https://kubernetes.github.io/ingress-nginx',
          chart: 'ingress-nginx',
          targetRevision: '4.11.3',
          helm: { values: { controller: { replicaCount: 2 } } },
        },
        destinationNamespace: 'ingress-nginx',
        generator: {
          type: 'clusters',
          selector: { matchLabels: { 'flotilla.io/environment': 'prod' } },
        },
        targetPath: 'argocd',
      },
    ),
  },
  {
    description:
      'Deploy a Git path to every cluster, once per variant (matrix of clusters x list).',
    example: oneStepExample(
      {
        id: 'appset',
        action: 'multicluster:argocd:applicationset',
        name: 'Generate an ApplicationSet',
      },
      {
        name: 'gateways',
        source: {
          repoURL: 'https://github.com/acme/platform-addons.git',
          path: 'gateways',
          targetRevision: 'main',
        },
        destinationNamespace: 'gateways',
        generator: {
          type: 'matrix',
          generators: [
            { type: 'clusters' },
            {
              type: 'list',
              elements: [{ variant: 'internal' }, { variant: 'external' }],
            },
          ],
        },
      },
    ),
  },
];
