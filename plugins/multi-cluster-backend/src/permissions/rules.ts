import {
  createPermissionResourceRef,
  createPermissionRule,
} from '@backstage/plugin-permission-node';
import {
  FLOTILLA_ANNOTATION_PREFIX,
  RESOURCE_TYPE_MULTI_CLUSTER_CLUSTER,
} from '@flotilla/plugin-multi-cluster-common';
import { z } from 'zod';
import { FleetCluster } from '@flotilla/plugin-multi-cluster-node';

/**
 * Query form of the cluster rules; conditions are transformed into
 * criteria over this type and evaluated against the inventory.
 *
 * @public
 */
export type ClusterQuery =
  | { rule: 'HAS_LABEL'; key: string; value?: string }
  | { rule: 'IS_IN_REGION'; regions: string[] }
  | { rule: 'IS_PROVIDER'; providers: string[] };

/**
 * Permission resource reference of a fleet cluster.
 *
 * @public
 */
export const clusterPermissionResourceRef = createPermissionResourceRef<
  FleetCluster,
  ClusterQuery
>().with({
  pluginId: 'multi-cluster',
  resourceType: RESOURCE_TYPE_MULTI_CLUSTER_CLUSTER,
});

const toList = (v: string | string[]) => (Array.isArray(v) ? v : [v]);

/**
 * A Standard Schema (with JSON Schema) for rule parameters, validated with
 * zod at runtime. Avoids handing zod v3 types to the permission framework.
 */
function paramsSchema<T>(
  jsonSchema: Record<string, unknown>,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
) {
  return {
    '~standard': {
      version: 1 as const,
      vendor: 'flotilla',
      validate: (value: unknown) => {
        const result = schema.safeParse(value);
        return result.success
          ? { value: result.data as T }
          : {
              issues: result.error.issues.map(i => ({
                message: i.message,
                path: i.path,
              })),
            };
      },
      jsonSchema: {
        input: () => jsonSchema,
        output: () => jsonSchema,
      },
      types: undefined as unknown as { input: T; output: T } | undefined,
    },
  };
}

const stringOrList = {
  anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
};

/** Evaluates one query against a cluster. */
export function applyClusterQuery(
  cluster: FleetCluster,
  query: ClusterQuery,
): boolean {
  switch (query.rule) {
    case 'HAS_LABEL': {
      const value =
        cluster.labels?.[query.key] ??
        cluster.labels?.[`${FLOTILLA_ANNOTATION_PREFIX}${query.key}`];
      return query.value === undefined
        ? value !== undefined
        : value === query.value;
    }
    case 'IS_IN_REGION':
      return (
        cluster.region !== undefined &&
        query.regions.some(
          r => r.toLowerCase() === cluster.region!.toLowerCase(),
        )
      );
    case 'IS_PROVIDER':
      return (
        cluster.provider !== undefined &&
        query.providers.some(
          p => p.toLowerCase() === cluster.provider!.toLowerCase(),
        )
      );
    default:
      return false;
  }
}

/**
 * Cluster has a label (`key`, optionally with `value`), e.g.
 * `environment=prod`. Segmentation keys match with or without the
 * `flotilla.io/` prefix.
 *
 * @public
 */
export const hasLabel = createPermissionRule<
  typeof clusterPermissionResourceRef,
  { key: string; value?: string }
>({
  name: 'HAS_LABEL',
  description: 'Allow clusters that have the given label (key, optional value)',
  resourceRef: clusterPermissionResourceRef,
  paramsSchema: paramsSchema<{ key: string; value?: string }>(
    {
      type: 'object',
      properties: {
        key: { type: 'string', description: 'Label key, e.g. environment' },
        value: { type: 'string', description: 'Label value, e.g. prod' },
      },
      required: ['key'],
      additionalProperties: false,
    },
    z.object({ key: z.string(), value: z.string().optional() }),
  ),
  apply: (cluster, { key, value }) =>
    applyClusterQuery(cluster, { rule: 'HAS_LABEL', key, value }),
  toQuery: ({ key, value }) => ({ rule: 'HAS_LABEL', key, value }),
});

/** @public */
export const isInRegion = createPermissionRule<
  typeof clusterPermissionResourceRef,
  { regions: string | string[] }
>({
  name: 'IS_IN_REGION',
  description: 'Allow clusters in one of the given regions',
  resourceRef: clusterPermissionResourceRef,
  paramsSchema: paramsSchema<{ regions: string | string[] }>(
    {
      type: 'object',
      properties: {
        regions: {
          ...stringOrList,
          description: 'Region or regions, e.g. eu-west-1',
        },
      },
      required: ['regions'],
      additionalProperties: false,
    },
    z.object({ regions: z.union([z.string(), z.array(z.string())]) }),
  ),
  apply: (cluster, { regions }) =>
    applyClusterQuery(cluster, {
      rule: 'IS_IN_REGION',
      regions: toList(regions),
    }),
  toQuery: ({ regions }) => ({
    rule: 'IS_IN_REGION',
    regions: toList(regions),
  }),
});

/** @public */
export const isProvider = createPermissionRule<
  typeof clusterPermissionResourceRef,
  { providers: string | string[] }
>({
  name: 'IS_PROVIDER',
  description: 'Allow clusters of one of the given providers',
  resourceRef: clusterPermissionResourceRef,
  paramsSchema: paramsSchema<{ providers: string | string[] }>(
    {
      type: 'object',
      properties: {
        providers: {
          ...stringOrList,
          description: 'Provider or providers, e.g. aws',
        },
      },
      required: ['providers'],
      additionalProperties: false,
    },
    z.object({ providers: z.union([z.string(), z.array(z.string())]) }),
  ),
  apply: (cluster, { providers }) =>
    applyClusterQuery(cluster, {
      rule: 'IS_PROVIDER',
      providers: toList(providers),
    }),
  toQuery: ({ providers }) => ({
    rule: 'IS_PROVIDER',
    providers: toList(providers),
  }),
});

/** @public */
export const clusterPermissionRules = { hasLabel, isInRegion, isProvider };
