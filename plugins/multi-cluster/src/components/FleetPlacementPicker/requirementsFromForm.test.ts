import { requirementsFromForm } from './requirementsFromForm';

describe('requirementsFromForm', () => {
  it('reads the sibling fields a template names by default', () => {
    expect(
      requirementsFromForm({
        name: 'checkout',
        replicas: 6,
        userRegions: ['eu-west'],
        jurisdictions: ['eu'],
        minRegions: 2,
        environment: 'prod',
      }),
    ).toEqual({
      requirements: {
        replicas: 6,
        userRegions: ['eu-west'],
        allowedJurisdictions: ['eu'],
        minRegions: 2,
        requiredLabels: { 'flotilla.io/environment': 'prod' },
      },
    });
  });

  it('reads renamed fields over the fixed requirements, and skips blank ones', () => {
    expect(
      requirementsFromForm(
        { total: 3, dataIn: [], env: '' },
        {
          replicas: 'total',
          allowedJurisdictions: 'dataIn',
          environment: 'env',
        },
        { resourceRequest: { cpu: '500m' }, allowedJurisdictions: ['us'] },
      ),
    ).toEqual({
      requirements: {
        replicas: 3,
        resourceRequest: { cpu: '500m' },
        allowedJurisdictions: ['us'],
      },
    });
  });

  it('asks for one replica until the form states how many', () => {
    expect(requirementsFromForm({})).toEqual({ requirements: { replicas: 1 } });
  });

  it('says what the route would refuse instead of asking it', () => {
    const asked = requirementsFromForm({ replicas: 200_000 });
    expect(asked).toEqual({ problem: expect.stringContaining('replicas') });
  });
});
