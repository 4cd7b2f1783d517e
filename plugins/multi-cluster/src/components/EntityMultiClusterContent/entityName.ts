import type { Entity } from '@backstage/catalog-model';
import type { EntityName } from '../../api';

/** Kind, namespace (`default` when unset) and name, as the backend's entity routes take them. */
export function entityNameOf(entity: Entity): EntityName {
  return {
    kind: entity.kind,
    namespace: entity.metadata.namespace ?? 'default',
    name: entity.metadata.name,
  };
}
