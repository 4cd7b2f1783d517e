import { DR_STRATEGIES, isDrStrategyId } from './strategies';

describe('DR_STRATEGIES', () => {
  it('orders the strategies from most to least resilient and costly', () => {
    const list = Object.values(DR_STRATEGIES);
    for (let i = 1; i < list.length; i++) {
      expect(list[i].bestRtoSeconds).toBeGreaterThanOrEqual(
        list[i - 1].bestRtoSeconds,
      );
      expect(list[i].costFactor).toBeLessThan(list[i - 1].costFactor);
    }
  });

  it('recognises strategy ids only', () => {
    expect(isDrStrategyId('active-active')).toBe(true);
    expect(isDrStrategyId('toString')).toBe(false);
    expect(isDrStrategyId('pilot-light')).toBe(false);
  });
});
