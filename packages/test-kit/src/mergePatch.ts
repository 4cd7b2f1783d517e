function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function merge(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const merged: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete merged[key];
    } else {
      merged[key] = merge(merged[key], value);
    }
  }
  return merged;
}

/**
 * RFC 7386 JSON merge patch: objects merge key by key, `null` removes a
 * key, anything else (arrays too) replaces. The result has the target's
 * type, as an API server's answer to a merge patch does.
 */
export function mergePatch<T>(target: T, patch: unknown): T {
  return merge(target, patch) as T;
}
