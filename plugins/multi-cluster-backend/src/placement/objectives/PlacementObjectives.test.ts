import { PlacementObjectives } from './PlacementObjectives';

describe('PlacementObjectives', () => {
  it('fails startup on an id a built-in scorer or another module holds', () => {
    const objectives = new PlacementObjectives();
    objectives.extensionPoint.addScorer(
      { id: 'cost', weight: 1, score: () => 1 },
      { id: 'carbon', weight: 1, score: () => 1 },
      { id: 'carbon', weight: 2, score: () => 1 },
    );
    objectives.extensionPoint.addFilter({ id: 'Bad Id', filter: () => [] });
    expect(() => objectives.assertValid()).toThrow(
      "Invalid placement objectives: placement scorer id 'cost' is already taken; placement scorer id 'carbon' is already taken; a placement filter needs an id of lowercase letters, digits and dashes, got \"Bad Id\"",
    );
  });

  it('refuses a weight that is not a finite number of 0 or more', () => {
    const objectives = new PlacementObjectives();
    objectives.extensionPoint.addScorer({
      id: 'x',
      weight: -1,
      score: () => 1,
    });
    expect(() => objectives.assertValid()).toThrow(
      "placement scorer 'x' needs a score function and a finite weight of 0 or more",
    );
  });

  it('evaluates nothing when no module added an objective', () => {
    expect(
      new PlacementObjectives().evaluate({ replicas: 1 }, []),
    ).toBeUndefined();
  });

  it('leaves a request the advice refuses to the worker, which says why', () => {
    const objectives = new PlacementObjectives();
    objectives.extensionPoint.addScorer({ id: 'x', weight: 1, score: () => 1 });
    expect(
      objectives.evaluate({ replicas: 1, resourceRequest: { cpu: 'lots' } }, [
        { name: 'a', resourceSummary: { allocatable: { cpu: '4' } } },
      ]),
    ).toBeUndefined();
  });
});
