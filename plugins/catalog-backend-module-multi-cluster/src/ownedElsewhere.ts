import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  ANNOTATION_LOCATION,
  Entity,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import type { CatalogService } from '@backstage/plugin-catalog-node';

/** An entity the provider would emit whose ref another location already holds. */
export interface OwnedElsewhere {
  name: string;
  location: string;
}

/**
 * The entities of `entities` whose ref the catalog already holds from a
 * location that is not one of ours (`ownLocations`, as in
 * `backstage.io/managed-by-location`). Emitting them would only conflict:
 * the catalog keeps the first location's entity and logs the rest.
 */
export async function entitiesOwnedElsewhere(
  entities: Entity[],
  ownLocations: Set<string>,
  catalog: Pick<CatalogService, 'getEntitiesByRefs'>,
  credentials: BackstageCredentials,
): Promise<OwnedElsewhere[]> {
  if (entities.length === 0) return [];
  const { items } = await catalog.getEntitiesByRefs(
    {
      entityRefs: entities.map(e => stringifyEntityRef(e)),
      fields: ['metadata.name', 'metadata.annotations'],
    },
    { credentials },
  );
  return items.flatMap((existing, index) => {
    const location = existing?.metadata.annotations?.[ANNOTATION_LOCATION];
    if (!existing || (location && ownLocations.has(location))) return [];
    return [
      {
        name: entities[index].metadata.name,
        location: location ?? 'an unknown location',
      },
    ];
  });
}
