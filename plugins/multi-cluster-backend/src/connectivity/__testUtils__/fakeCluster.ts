import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  k8sStatus,
  untilTestEnds,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { API, TOKEN, crdMetadata, listOf } from '../__fixtures__/common';

/** What one fake member cluster's API server holds. */
export interface FakeCluster {
  /** Installed CRDs, e.g. `gateways.submariner.io`. */
  crds?: string[];
  /** Custom objects by `<plural>.<group>/<version>` (e.g. `gateways.submariner.io/v1`). */
  custom?: Record<string, any[]>;
  /** ConfigMaps by `<namespace>/<name>`. */
  configMaps?: Record<string, any>;
  /** Secret metadata by namespace. */
  secrets?: Record<string, any[]>;
  services?: Record<string, any[]>;
  deployments?: Record<string, any[]>;
  namespaces?: Record<string, any>;
  nodes?: any[];
  /** Requests whose path matches answer with this status (a Kubernetes Status body). */
  failures?: Array<{ path: RegExp; status: number }>;
  /** Requests whose path matches hang until the test ends (a hung API server). */
  hanging?: RegExp[];
}

function matchesSelector(
  labels: Record<string, string> = {},
  selector: string | null,
) {
  if (!selector) return true;
  return selector.split(',').every(term => {
    const [key, value] = term.split('=');
    return labels[key] === value;
  });
}

const REASONS: Record<number, string> = {
  403: 'Forbidden',
  404: 'NotFound',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

/**
 * msw handlers for the paths the connectivity detectors call, answering
 * like a real API server: 404 for an unknown CRD's resources, lists with
 * label selectors, metadata-only Secrets. Every request must carry the
 * bearer token; `requests` records the paths seen.
 */
export function fakeClusterHandlers(
  cluster: FakeCluster,
  requests: string[] = [],
): RequestHandler[] {
  const notFound = (what: string) =>
    HttpResponse.json(k8sStatus(404, 'NotFound', `${what} not found`), {
      status: 404,
    });
  const guard = async (request: Request) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    if (request.headers.get('authorization') !== `Bearer ${TOKEN}`) {
      return HttpResponse.json(k8sStatus(401, 'Unauthorized', 'Unauthorized'), {
        status: 401,
      });
    }
    for (const path of cluster.hanging ?? []) {
      if (path.test(url.pathname)) await untilTestEnds();
    }
    const failure = cluster.failures?.find(f => f.path.test(url.pathname));
    if (failure) {
      return HttpResponse.json(
        k8sStatus(
          failure.status,
          REASONS[failure.status] ?? 'Unknown',
          failure.status === 403
            ? `${url.pathname} is forbidden: User "system:serviceaccount:flotilla:reader" cannot list resource`
            : 'etcdserver: request timed out',
        ),
        { status: failure.status },
      );
    }
    return undefined;
  };
  const custom = (
    group: string,
    version: string,
    plural: string,
    namespace?: string,
  ) => {
    if (!(cluster.crds ?? []).includes(`${plural}.${group}`)) {
      return notFound('the server could not find the requested resource');
    }
    const items = (
      cluster.custom?.[`${plural}.${group}/${version}`] ?? []
    ).filter(item => !namespace || item.metadata?.namespace === namespace);
    return HttpResponse.json(listOf(`${group}/${version}`, 'List', items));
  };

  return [
    http.get(
      `${API}/apis/apiextensions.k8s.io/v1/customresourcedefinitions/:name`,
      async ({ request, params }) =>
        (await guard(request)) ??
        ((cluster.crds ?? []).includes(params.name as string)
          ? HttpResponse.json(crdMetadata(params.name as string))
          : notFound(
              `customresourcedefinitions.apiextensions.k8s.io "${params.name}"`,
            )),
    ),
    http.get(
      `${API}/apis/:group/:version/namespaces/:namespace/:plural`,
      async ({ request, params }) => {
        const g = await guard(request);
        if (g) return g;
        const { group, version, namespace, plural } = params as Record<
          string,
          string
        >;
        if (group === 'apps' && plural === 'deployments') {
          const selector = new URL(request.url).searchParams.get(
            'labelSelector',
          );
          return HttpResponse.json(
            listOf(
              'apps/v1',
              'Deployment',
              (cluster.deployments?.[namespace] ?? []).filter(d =>
                matchesSelector(d.metadata?.labels, selector),
              ),
            ),
          );
        }
        return custom(group, version, plural, namespace);
      },
    ),
    http.get(
      `${API}/apis/:group/:version/:plural`,
      async ({ request, params }) => {
        const g = await guard(request);
        if (g) return g;
        const { group, version, plural } = params as Record<string, string>;
        return custom(group, version, plural);
      },
    ),
    http.get(
      `${API}/api/v1/nodes`,
      async ({ request }) =>
        (await guard(request)) ??
        HttpResponse.json(listOf('v1', 'Node', cluster.nodes ?? [])),
    ),
    http.get(
      `${API}/api/v1/namespaces/:namespace/configmaps/:name`,
      async ({ request, params }) =>
        (await guard(request)) ??
        (cluster.configMaps?.[`${params.namespace}/${params.name}`]
          ? HttpResponse.json(
              cluster.configMaps[`${params.namespace}/${params.name}`],
            )
          : notFound(`configmaps "${params.name}"`)),
    ),
    http.get(
      `${API}/api/v1/namespaces/:namespace/secrets`,
      async ({ request, params }) => {
        const g = await guard(request);
        if (g) return g;
        if (
          !request.headers
            .get('accept')
            ?.includes('as=PartialObjectMetadataList')
        ) {
          return HttpResponse.json(
            k8sStatus(
              406,
              'NotAcceptable',
              'test cluster serves Secret metadata only',
            ),
            { status: 406 },
          );
        }
        const selector = new URL(request.url).searchParams.get('labelSelector');
        return HttpResponse.json({
          kind: 'PartialObjectMetadataList',
          apiVersion: 'meta.k8s.io/v1',
          metadata: {},
          items: (cluster.secrets?.[params.namespace as string] ?? []).filter(
            s => matchesSelector(s.metadata?.labels, selector),
          ),
        });
      },
    ),
    http.get(
      `${API}/api/v1/namespaces/:namespace/services`,
      async ({ request, params }) => {
        const g = await guard(request);
        if (g) return g;
        const selector = new URL(request.url).searchParams.get('labelSelector');
        return HttpResponse.json(
          listOf(
            'v1',
            'Service',
            (cluster.services?.[params.namespace as string] ?? []).filter(s =>
              matchesSelector(s.metadata?.labels, selector),
            ),
          ),
        );
      },
    ),
    http.get(
      `${API}/api/v1/namespaces/:name`,
      async ({ request, params }) =>
        (await guard(request)) ??
        (cluster.namespaces?.[params.name as string]
          ? HttpResponse.json(cluster.namespaces[params.name as string])
          : notFound(`namespaces "${params.name}"`)),
    ),
  ];
}
