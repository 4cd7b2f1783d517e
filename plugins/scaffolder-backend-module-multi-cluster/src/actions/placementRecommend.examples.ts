import { TemplateExample } from '@backstage/plugin-scaffolder-node';
import yaml from 'yaml';

export const examples: TemplateExample[] = [
  {
    description:
      'Let the platform choose: 6 replicas in production, data kept in the EU, close to European users, across two regions.',
    example: yaml.stringify({
      steps: [
        {
          id: 'recommend',
          action: 'multicluster:placement:recommend',
          name: 'Recommend a placement',
          input: {
            target: 'auto',
            replicas: 6,
            resourceRequest: { cpu: '500m', memory: '1Gi' },
            requiredLabels: { 'flotilla.io/environment': 'prod' },
            allowedJurisdictions: ['eu'],
            userRegions: ['eu-west'],
            minRegions: 1,
          },
        },
        {
          id: 'policy',
          action: 'multicluster:karmada:policy',
          name: 'Write the Karmada policy',
          input: {
            name: 'checkout',
            resourceSelectors: [
              { apiVersion: 'apps/v1', kind: 'Deployment', name: 'checkout' },
            ],
            placement: "${{ steps['recommend'].output.placement }}",
          },
        },
      ],
    }),
  },
  {
    description:
      "The Scaffolder placement picker's choice: only the eu-west region's clusters, with the advice choosing among them; the output feeds the policy as it is.",
    example: yaml.stringify({
      steps: [
        {
          id: 'recommend',
          action: 'multicluster:placement:recommend',
          name: 'Recommend a placement',
          input: {
            target: 'region:eu-west',
            replicas: 3,
            allowedJurisdictions: ['eu'],
          },
        },
        {
          id: 'policy',
          action: 'multicluster:karmada:policy',
          name: 'Write the Karmada policy',
          input: {
            name: 'ledger',
            resourceSelectors: [
              { apiVersion: 'apps/v1', kind: 'Deployment', name: 'ledger' },
            ],
            placement: "${{ steps['recommend'].output.placement }}",
          },
        },
      ],
    }),
  },
];
