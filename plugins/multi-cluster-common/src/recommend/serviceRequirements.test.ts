import { placementRequirementsFromAnnotations } from './serviceRequirements';

describe('placementRequirementsFromAnnotations', () => {
  it('reads every placement annotation', () => {
    expect(
      placementRequirementsFromAnnotations({
        'flotilla.io/replicas': '6',
        'flotilla.io/resource-request': 'cpu=500m,memory=1Gi',
        'flotilla.io/user-regions': 'eu-west, us-east',
        'flotilla.io/data-residency': 'eu',
        'flotilla.io/required-compliance': 'pci-dss,iso-27001',
        'flotilla.io/min-regions': '2',
        'flotilla.io/max-cost-per-hour': '1.5',
        'flotilla.io/gpu-models': 'NVIDIA-A100-SXM4-80GB',
        'flotilla.io/placement':
          'clusterAffinity:\n  labelSelector:\n    matchLabels:\n      flotilla.io/environment: prod\nclusterTolerations:\n  - { key: flotilla.io/dedicated, operator: Equal, value: gpu, effect: NoSchedule }\n',
      }),
    ).toEqual({
      requirements: {
        replicas: 6,
        resourceRequest: { cpu: '500m', memory: '1Gi' },
        userRegions: ['eu-west', 'us-east'],
        allowedJurisdictions: ['eu'],
        requiredCompliance: ['pci-dss', 'iso-27001'],
        minRegions: 2,
        maxCostPerHour: 1.5,
        gpuModels: ['NVIDIA-A100-SXM4-80GB'],
        requiredLabels: { 'flotilla.io/environment': 'prod' },
        tolerations: [
          {
            key: 'flotilla.io/dedicated',
            operator: 'Equal',
            value: 'gpu',
            effect: 'NoSchedule',
          },
        ],
      },
      problems: [],
      replicasKnown: true,
    });
  });

  it('names each bad annotation and leaves its requirement out', () => {
    const { requirements, problems } = placementRequirementsFromAnnotations({
      'flotilla.io/replicas': '3',
      'flotilla.io/min-regions': 'two',
      'flotilla.io/max-cost-per-hour': '-1',
      'flotilla.io/resource-request': 'cpu=lots',
      'flotilla.io/placement': 'clusterAffinity: [',
      'flotilla.io/user-regions': 'eu-west',
    });
    expect(requirements).toEqual({ replicas: 3, userRegions: ['eu-west'] });
    expect(problems.map(p => p.annotation)).toEqual([
      'flotilla.io/resource-request',
      'flotilla.io/min-regions',
      'flotilla.io/max-cost-per-hour',
      'flotilla.io/placement',
    ]);
    expect(problems[1].message).toBe("expected a whole number, got 'two'");
  });

  it('refuses values the request schema refuses, e.g. zero regions', () => {
    const { problems } = placementRequirementsFromAnnotations({
      'flotilla.io/replicas': '3',
      'flotilla.io/min-regions': '0',
    });
    expect(problems).toEqual([
      {
        annotation: 'flotilla.io/min-regions',
        message: expect.stringContaining('1'),
      },
    ]);
  });

  it('says advice needs the replicas when a service has none', () => {
    expect(
      placementRequirementsFromAnnotations({
        'flotilla.io/user-regions': 'eu-west',
      }),
    ).toEqual({
      requirements: { replicas: 1, userRegions: ['eu-west'] },
      problems: [
        {
          annotation: 'flotilla.io/replicas',
          message:
            'placement advice needs the total replicas: set the annotation, or edit the requirements',
        },
      ],
      replicasKnown: false,
    });
  });
});
