/**
 * The routes of the karmada-aggregated-apiserver: discovery of
 * `cluster.karmada.io/v1alpha1`, the clusters collection, one Cluster and
 * its subresources, and the authorization attributes of each request.
 */
import { CLUSTER_GROUP } from './apiStatus';
import { Attributes } from './requestAuth';

/** Paths a delegating server serves to anyone (probes). */
const ALWAYS_ALLOWED = new Set(['/healthz', '/livez', '/readyz']);

export const VERSION = 'v1alpha1';
export const GROUP_VERSION = `${CLUSTER_GROUP}/${VERSION}`;
export const CLUSTERS_PREFIX = `/apis/${GROUP_VERSION}/clusters`;

export const GROUP = {
  name: CLUSTER_GROUP,
  versions: [{ groupVersion: GROUP_VERSION, version: VERSION }],
  preferredVersion: { groupVersion: GROUP_VERSION, version: VERSION },
};

export const RESOURCES = {
  kind: 'APIResourceList',
  apiVersion: 'v1',
  groupVersion: GROUP_VERSION,
  resources: [
    {
      name: 'clusters',
      singularName: 'cluster',
      namespaced: false,
      kind: 'Cluster',
      verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
    },
    {
      name: 'clusters/proxy',
      singularName: '',
      namespaced: false,
      kind: 'ClusterProxyOptions',
      verbs: ['create', 'delete', 'get', 'patch', 'update'],
    },
    {
      name: 'clusters/status',
      singularName: '',
      namespaced: false,
      kind: 'Cluster',
      verbs: ['get', 'patch', 'update'],
    },
  ],
};

/** What a request is about, from its method and path. */
export type Route =
  | { kind: 'health' }
  | { kind: 'discovery'; body: unknown }
  | { kind: 'collection'; watch: boolean }
  | { kind: 'object'; name: string; subresource?: 'status' }
  | { kind: 'proxy'; name: string; proxyPath: string }
  | { kind: 'notFound' };

export function routeOf(pathname: string, query: URLSearchParams): Route {
  if (ALWAYS_ALLOWED.has(pathname)) return { kind: 'health' };
  if (pathname === '/apis') {
    return {
      kind: 'discovery',
      body: { kind: 'APIGroupList', apiVersion: 'v1', groups: [GROUP] },
    };
  }
  if (pathname === `/apis/${CLUSTER_GROUP}`) {
    return {
      kind: 'discovery',
      body: { kind: 'APIGroup', apiVersion: 'v1', ...GROUP },
    };
  }
  if (pathname === `/apis/${GROUP_VERSION}`)
    return { kind: 'discovery', body: RESOURCES };
  const watching = ['true', '1'].includes(query.get('watch') ?? '');
  if (pathname === CLUSTERS_PREFIX)
    return { kind: 'collection', watch: watching };
  if (pathname === `/apis/${GROUP_VERSION}/watch/clusters`)
    return { kind: 'collection', watch: true };
  if (!pathname.startsWith(`${CLUSTERS_PREFIX}/`)) return { kind: 'notFound' };
  const rest = pathname.slice(CLUSTERS_PREFIX.length + 1).split('/');
  const name = decodeURIComponent(rest[0]);
  if (!name) return { kind: 'notFound' };
  if (rest.length === 1) return { kind: 'object', name };
  if (rest[1] === 'status' && rest.length === 2)
    return { kind: 'object', name, subresource: 'status' };
  if (rest[1] === 'proxy')
    return { kind: 'proxy', name, proxyPath: `/${rest.slice(2).join('/')}` };
  return { kind: 'notFound' };
}

export const READ_VERBS: Record<string, string> = { GET: 'get', HEAD: 'get' };
export const WRITE_VERBS: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'patch',
  DELETE: 'delete',
};

/** The authorization attributes of a routed request (kube-apiserver's RequestInfo). */
export function attributesOf(
  method: string,
  pathname: string,
  route: Route,
): Attributes | undefined {
  const base = {
    kind: 'resource' as const,
    group: CLUSTER_GROUP,
    version: VERSION,
    resource: 'clusters',
  };
  switch (route.kind) {
    case 'health':
      return undefined;
    case 'discovery':
    case 'notFound':
      return {
        kind: 'nonResource',
        verb: READ_VERBS[method] ?? method.toLowerCase(),
        path: pathname,
      };
    case 'collection':
      if (method === 'GET')
        return { ...base, verb: route.watch ? 'watch' : 'list' };
      return {
        ...base,
        verb:
          method === 'DELETE'
            ? 'deletecollection'
            : WRITE_VERBS[method] ?? method.toLowerCase(),
      };
    case 'object':
      return {
        ...base,
        verb:
          method === 'GET' && route.subresource === undefined
            ? 'get'
            : READ_VERBS[method] ?? WRITE_VERBS[method] ?? method.toLowerCase(),
        name: route.name,
        subresource: route.subresource,
      };
    case 'proxy':
      return {
        ...base,
        verb: READ_VERBS[method] ?? WRITE_VERBS[method] ?? method.toLowerCase(),
        name: route.name,
        subresource: 'proxy',
      };
    default:
      return undefined;
  }
}
