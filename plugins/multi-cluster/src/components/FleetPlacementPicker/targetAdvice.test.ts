import { pickerAdvice, pickerOptions } from './__fixtures__';
import { adviseTargets, autoPick, nothingFits } from './targetAdvice';

describe('adviseTargets', () => {
  const { regions, clusters } = adviseTargets(pickerOptions, pickerAdvice);

  it('says of each cluster whether auto uses it, another recommendation does, or why not', () => {
    expect(Object.fromEntries(clusters)).toEqual({
      'eu-1': { status: 'advised', detail: 'auto places 2 replicas here' },
      'eu-2': { status: 'advised', detail: 'auto places 1 replica here' },
      'eu-3': {
        status: 'alternative',
        detail: 'in recommendation 2 (cheapest)',
      },
      'us-1': {
        status: 'excluded',
        detail: 'jurisdiction us is not allowed (allowed: eu)',
      },
      'ap-1': { status: 'eligible', detail: 'may run it; not recommended' },
    });
  });

  it('gives a region the best verdict of its clusters', () => {
    expect(Object.fromEntries(regions)).toEqual({
      'eu-west': {
        status: 'advised',
        detail: 'auto uses eu-1, eu-2 (3 replicas)',
      },
      'us-east': {
        status: 'excluded',
        detail: 'us-1: jurisdiction us is not allowed (allowed: eu)',
      },
      'ap-south': {
        status: 'eligible',
        detail: 'may run it, not recommended: ap-1',
      },
    });
  });

  it('reads the clusters auto picks, or why nothing fits', () => {
    expect(autoPick(pickerAdvice)).toEqual([
      { name: 'eu-1', replicas: 2 },
      { name: 'eu-2', replicas: 1 },
    ]);
    const none = {
      recommendations: [],
      excluded: [],
      rejected: [{ clusters: ['eu-1'], reason: 'over the cost ceiling' }],
    };
    expect(autoPick(none)).toEqual([]);
    expect(nothingFits(none)).toBe('No placement fits: over the cost ceiling');
  });
});
