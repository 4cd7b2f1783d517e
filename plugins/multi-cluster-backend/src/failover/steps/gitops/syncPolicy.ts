import { isDeepStrictEqual } from 'node:util';
import type { JsonObject, JsonValue } from '@backstage/types';

/** What the pause step reads of an Argo CD Application. */
export interface ArgoApplicationObject {
  metadata?: {
    name?: string;
    namespace?: string;
    resourceVersion?: string;
    ownerReferences?: {
      apiVersion?: string;
      kind?: string;
      name?: string;
    }[];
  };
  spec?: { syncPolicy?: JsonObject | null };
}

const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The Application's whole syncPolicy as recorded (`null`: none). */
export function syncPolicyOf(app: ArgoApplicationObject): JsonValue | null {
  const policy = app.spec?.syncPolicy;
  return policy === undefined ? null : policy;
}

/** Whether the Application syncs on its own (what would undo a failover). */
export function isAutomated(app: ArgoApplicationObject): boolean {
  const automated = app.spec?.syncPolicy?.automated;
  if (!isObject(automated)) return false;
  // Argo CD 3 can keep the block and switch it off with `enabled: false`.
  return automated.enabled !== false;
}

/**
 * The JSON merge patch (RFC 7396) that turns `current` into `desired`:
 * nested objects are merged key by key, keys `desired` lacks are removed
 * (null), arrays and scalars are replaced whole.
 */
export function mergePatchFor(
  current: JsonValue | undefined,
  desired: JsonValue | null,
): JsonValue {
  if (!isObject(desired) || !isObject(current)) return desired;
  const patch: JsonObject = {};
  for (const key of Object.keys(current)) {
    if (!(key in desired)) patch[key] = null;
  }
  for (const [key, value] of Object.entries(desired)) {
    if (value === undefined || isDeepStrictEqual(current[key], value)) continue;
    patch[key] = mergePatchFor(current[key], value);
  }
  return patch;
}

/** The patch that pauses: removes `spec.syncPolicy.automated`, nothing else. */
export function pausePatch(): JsonObject {
  return { spec: { syncPolicy: { automated: null } } };
}

/** The patch that puts the recorded syncPolicy back exactly as it was. */
export function restorePatch(
  app: ArgoApplicationObject,
  recorded: JsonValue | null,
): JsonObject | undefined {
  const current = syncPolicyOf(app);
  if (isDeepStrictEqual(current, recorded)) return undefined;
  return {
    spec: { syncPolicy: mergePatchFor(current ?? undefined, recorded) },
  };
}
