/**
 * Form-driven templates pass `null` or `''` for fields the user left blank
 * (and whole option objects made only of such fields). The actions treat
 * them as absent; user data (labels, Helm values, placement, ...) is kept
 * as given.
 */

/** Keys whose values are user data and are passed through untouched. */
const VERBATIM_KEYS = new Set([
  'values',
  'helmValues',
  'placement',
  'federated',
  'value',
  'policy',
  'labels',
  'annotations',
  'exportedLabels',
  'exportedAnnotations',
  'elements',
  'variables',
  'matchLabels',
]);

function isBlank(stripped: unknown, original: unknown): boolean {
  const emptiedObject =
    stripped !== null &&
    typeof stripped === 'object' &&
    !Array.isArray(stripped) &&
    Object.keys(stripped).length === 0 &&
    Object.keys(original as object).length > 0;
  return (
    stripped === null ||
    stripped === '' ||
    stripped === undefined ||
    emptiedObject
  );
}

function stripBlanks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripBlanks);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (VERBATIM_KEYS.has(key)) {
      if (child !== null && child !== undefined) out[key] = child;
      continue;
    }
    const stripped = stripBlanks(child);
    if (!isBlank(stripped, child)) out[key] = stripped;
  }
  return out;
}

/** `input` without the blank fields a form left (see the file comment). */
export function withoutBlanks<T extends Record<string, unknown>>(input: T): T {
  return stripBlanks(input) as T;
}
