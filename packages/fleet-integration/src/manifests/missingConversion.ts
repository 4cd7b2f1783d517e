/**
 * The fleet installs the upstream CRDs as committed, without the conversion
 * webhooks their projects deploy beside them (Cluster API's, for one), so a
 * CRD converts between its versions with strategy None: an object sent in
 * v1beta1 is stored as the storage version (v1beta2) unchanged but for its
 * apiVersion, and pruned by the storage version's schema when read. Fields
 * that v1beta1 has and v1beta2 moved or retyped are then lost here, where
 * the real webhook would have converted them.
 *
 * A lost field is put down to that only when all of this holds: the CRD
 * converts with strategy None, the object's version is not the storage
 * version, the object's version declares the field and the storage version
 * does not. Anything else lost is the action's defect.
 */
import { AdminApiServer, describeBody, ServedResource } from './apiServer';
import { FieldPath } from './storedFields';

/** The structural-schema keywords that say where fields may be. */
interface StructuralSchema {
  properties?: Record<string, StructuralSchema>;
  items?: StructuralSchema;
  additionalProperties?: StructuralSchema | boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
}

interface CustomResourceDefinition {
  spec: {
    conversion?: { strategy?: string };
    versions: Array<{
      name: string;
      storage: boolean;
      schema?: { openAPIV3Schema?: StructuralSchema };
    }>;
  };
}

/** Whether `schema` has a place for a field at `path`. */
export function schemaDeclares(
  schema: StructuralSchema | undefined,
  path: FieldPath,
): boolean {
  // ObjectMeta is the same in every version; CRD schemas leave it undeclared.
  if (path[0] === 'metadata') return true;
  let current = schema;
  for (const segment of path) {
    if (!current) return false;
    if (current['x-kubernetes-preserve-unknown-fields']) return true;
    if (typeof segment === 'number') {
      current = current.items;
      continue;
    }
    const { properties, additionalProperties } = current;
    if (properties && segment in properties) {
      current = properties[segment];
    } else if (additionalProperties === true) {
      return true;
    } else if (typeof additionalProperties === 'object') {
      current = additionalProperties;
    } else {
      return false;
    }
  }
  return current !== undefined;
}

/**
 * For objects of `apiVersion` served by `resource` on `server`: a test
 * telling whether a lost field is lost to the missing conversion webhook,
 * or undefined when no field of such objects can be (a built-in kind, a CRD
 * with a conversion webhook, or the storage version itself).
 */
export async function missingConversionFor(
  server: AdminApiServer,
  resource: ServedResource,
  apiVersion: string,
): Promise<((path: FieldPath) => boolean) | undefined> {
  const [group, version] = apiVersion.split('/');
  if (!version) return undefined; // the core group has no CRDs
  const response = await server.request(
    'GET',
    `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${resource.plural}.${group}`,
  );
  if (response.status === 404) return undefined; // a built-in kind
  if (response.status !== 200) {
    throw new Error(
      `${server.name}: reading the CRD ${
        resource.plural
      }.${group}: ${describeBody(response.body)}`,
    );
  }
  const { spec } = response.body as CustomResourceDefinition;
  if ((spec.conversion?.strategy ?? 'None') !== 'None') return undefined;
  const storage = spec.versions.find(v => v.storage);
  const sent = spec.versions.find(v => v.name === version);
  if (!storage || !sent || storage.name === version) return undefined;
  const sentSchema = sent.schema?.openAPIV3Schema;
  const storageSchema = storage.schema?.openAPIV3Schema;
  return path =>
    schemaDeclares(sentSchema, path) && !schemaDeclares(storageSchema, path);
}
