import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import { oneStepExample } from './shared/examples';

export const examples: TemplateExample[] = [
  {
    description:
      'Roll out a monitoring bundle to prod and staging clusters with per-target Helm values.',
    example: oneStepExample(
      {
        id: 'gitrepo',
        action: 'multicluster:fleet:gitrepo',
        name: 'Generate a Fleet GitRepo',
      },
      {
        name: 'monitoring',
        repo: 'https://github.com/acme/fleet-addons.git',
        branch: 'main',
        paths: ['monitoring'],
        targets: [
          {
            name: 'prod',
            clusterSelector: {
              matchLabels: { 'flotilla.io/environment': 'prod' },
            },
            overrides: { helmValues: { retention: '30d' } },
          },
          {
            name: 'staging',
            clusterSelector: {
              matchLabels: { 'flotilla.io/environment': 'staging' },
            },
            overrides: { helmValues: { retention: '3d' } },
          },
        ],
        targetPath: 'fleet',
      },
    ),
  },
];
