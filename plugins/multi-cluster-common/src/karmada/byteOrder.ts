/**
 * Go's `a < b` on strings, which Karmada uses to break ties by policy name:
 * byte order, not `localeCompare` (a locale puts `b-1` before `b1` and
 * folds case). Kubernetes names are ASCII, where UTF-16 code units and
 * UTF-8 bytes order the same.
 *
 * @public
 */
export function compareByteOrder(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
