import type { Config } from '@backstage/config';
import { parseEntityRef, stringifyEntityRef } from '@backstage/catalog-model';

/** The platform owners when `permission.multiCluster.platformOwners` is unset. */
export const DEFAULT_PLATFORM_OWNER_REFS: readonly string[] = [
  'group:default/platform-team',
];

/**
 * Reads `permission.multiCluster.platformOwners`: the entity refs whose
 * members may scale, upgrade and delete clusters. Each ref needs a kind (a
 * user and a group can share a name); the namespace defaults to `default`.
 * Refs are returned in full form, because the ownership refs they are
 * compared with are, so `group:platform-team` still matches.
 */
export function readPlatformOwnerRefs(config: Config): string[] {
  const key = 'permission.multiCluster.platformOwners';
  const refs = config.getOptionalStringArray(key);
  if (refs === undefined) {
    return [...DEFAULT_PLATFORM_OWNER_REFS];
  }
  return refs.map(ref => {
    try {
      return stringifyEntityRef(
        parseEntityRef(ref, { defaultNamespace: 'default' }),
      );
    } catch (error) {
      // Fail at startup: a ref that never matches would silently deny the
      // platform team every lifecycle action.
      throw new Error(
        `Invalid entity ref '${ref}' in ${key}, expected [kind]:[namespace/]name such as group:default/platform-team: ${
          (error as Error).message
        }`,
      );
    }
  });
}
