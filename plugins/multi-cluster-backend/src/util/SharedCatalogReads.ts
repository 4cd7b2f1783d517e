import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  parseEntityRef,
  stringifyEntityRef,
  type CompoundEntityRef,
} from '@backstage/catalog-model';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import { SharedReads } from './SharedReads';

/** The catalog reads a service's views make. */
export type EntityReads = Pick<
  CatalogService,
  'getEntityByRef' | 'getEntitiesByRefs'
>;

type ByRef = Awaited<ReturnType<CatalogService['getEntityByRef']>>;
type ByRefs = Awaited<ReturnType<CatalogService['getEntitiesByRefs']>>;

/** One key for every spelling of a ref (string or parts, any case). */
function refKey(ref: string | CompoundEntityRef): string {
  try {
    return stringifyEntityRef(
      typeof ref === 'string' ? parseEntityRef(ref) : ref,
    ).toLocaleLowerCase('en-US');
  } catch {
    // Not a ref the catalog would find: shared only with the same spelling.
    return JSON.stringify(ref);
  }
}

/** Who asks: reads for the same principal may share an answer. */
function principalKey(credentials: BackstageCredentials): string {
  return JSON.stringify(credentials.principal);
}

/**
 * The catalog, where the same principal's identical reads in flight share
 * one request. A service's tab asks for its placement, DR posture,
 * exposure and placement advice at once, and each loads the entity (and
 * its dependencies) with the user's credentials: four catalog requests,
 * each authorized by the permission framework, for one answer. Nothing is
 * kept once a read settles.
 */
export class SharedCatalogReads implements EntityReads {
  private readonly byRef = new SharedReads<ByRef>();
  private readonly byRefs = new SharedReads<ByRefs>();

  constructor(private readonly catalog: EntityReads) {}

  getEntityByRef(
    ...[ref, options]: Parameters<CatalogService['getEntityByRef']>
  ): Promise<ByRef> {
    const key = JSON.stringify([
      refKey(ref),
      principalKey(options.credentials),
    ]);
    return this.byRef.read(key, () =>
      this.catalog.getEntityByRef(ref, options),
    );
  }

  getEntitiesByRefs(
    ...[request, options]: Parameters<CatalogService['getEntitiesByRefs']>
  ): Promise<ByRefs> {
    const key = JSON.stringify([request, principalKey(options.credentials)]);
    return this.byRefs.read(key, () =>
      this.catalog.getEntitiesByRefs(request, options),
    );
  }
}
