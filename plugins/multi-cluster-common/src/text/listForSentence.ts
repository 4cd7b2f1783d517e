/**
 * `a, b and c`, or the first `max` and `and N more`: a sentence about 2,000
 * clusters, or naming a request's 1,000 list items, must stay readable and
 * short (the full list, where needed, is a field of its own).
 * `describe` is only called for the items shown.
 */
export function listForSentence<T>(
  items: readonly T[],
  describe: (item: T) => string = String,
  max = 8,
): string {
  if (items.length > max) {
    return `${items.slice(0, max).map(describe).join(', ')} and ${
      items.length - max
    } more`;
  }
  const shown = items.map(describe);
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}
