/**
 * Round-trip comparison: every field of the object we sent must come back
 * from the server with the same value. The server may add fields (defaults,
 * metadata such as uid and resourceVersion, status); a field it dropped
 * (pruned by the CRD's structural schema) or changed (mutated, normalised)
 * is reported by its path.
 */

/** A path into an object: keys, and indexes into lists. */
export type FieldPath = Array<string | number>;

export interface FieldNotKept {
  path: FieldPath;
  /** What was sent and what was stored there. */
  difference: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const show = (value: unknown) =>
  value === undefined ? 'nothing' : JSON.stringify(value);

/** `spec.workers[0].labels["flotilla.io/environment"]`. */
export function formatPath(path: FieldPath): string {
  if (path.length === 0) return '(the object)';
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      if (!/^[A-Za-z_$][\w$]*$/.test(segment)) {
        return `[${JSON.stringify(segment)}]`;
      }
      return index === 0 ? segment : `.${segment}`;
    })
    .join('');
}

/**
 * Where `stored` does not keep what `sent` holds; empty when every sent
 * field survived unchanged.
 */
export function fieldsNotKept(
  sent: unknown,
  stored: unknown,
  path: FieldPath = [],
): FieldNotKept[] {
  if (Array.isArray(sent)) {
    if (!Array.isArray(stored)) {
      return [{ path, difference: `sent a list, stored ${show(stored)}` }];
    }
    // Lists are compared item by item: the server keeps their order, and
    // may default fields inside an item (e.g. a port's protocol).
    const differences: FieldNotKept[] =
      stored.length === sent.length
        ? []
        : [
            {
              path,
              difference: `sent ${sent.length} items, stored ${stored.length}`,
            },
          ];
    sent.forEach((item, index) =>
      differences.push(...fieldsNotKept(item, stored[index], [...path, index])),
    );
    return differences;
  }
  if (isObject(sent)) {
    if (!isObject(stored)) {
      return [
        {
          path,
          difference: `sent an object, stored ${
            stored === undefined ? 'nothing (pruned)' : show(stored)
          }`,
        },
      ];
    }
    return Object.entries(sent).flatMap(([key, value]) =>
      key in stored
        ? fieldsNotKept(value, stored[key], [...path, key])
        : [
            {
              path: [...path, key],
              difference: `sent ${show(value)}, stored nothing (pruned)`,
            },
          ],
    );
  }
  return sent === stored
    ? []
    : [{ path, difference: `sent ${show(sent)}, stored ${show(stored)}` }];
}
