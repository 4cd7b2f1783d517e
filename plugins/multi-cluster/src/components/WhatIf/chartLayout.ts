/**
 * The charts have a fixed size, wide enough for their categories: they render
 * the same in every browser and in tests (a responsive chart measures its
 * container, which jsdom cannot), and a card scrolls sideways when a fleet
 * has many regions.
 */
export function chartWidth(categories: number, perCategory = 110): number {
  return Math.max(360, 100 + categories * perCategory);
}

export const CHART_HEIGHT = 280;
