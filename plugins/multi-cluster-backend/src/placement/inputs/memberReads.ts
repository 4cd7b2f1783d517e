import {
  Observable,
  RequestContext,
  ResponseContext,
  type V1Node,
  type V1Pod,
} from '@kubernetes/client-node';
import type { KubernetesClient } from '@flotilla/plugin-multi-cluster-node';

/**
 * Lists are read in pages of this size, at most `MAX_PAGES` pages: a
 * cluster larger than that is counted from what was read and says so.
 */
const PAGE_SIZE = 500;
const MAX_PAGES = 20;

export interface MemberList<T> {
  items: T[];
  /** True when the list was cut at MAX_PAGES x PAGE_SIZE items. */
  truncated: boolean;
}

type Page<T> = { items: T[]; metadata?: { _continue?: string } };

async function pages<T>(
  client: KubernetesClient,
  what: string,
  list: (
    apis: Parameters<Parameters<KubernetesClient['request']>[1]>[0],
    cont: string | undefined,
    options: Parameters<Parameters<KubernetesClient['request']>[1]>[1],
  ) => Promise<Page<T>>,
  timeoutMs: number,
): Promise<MemberList<T>> {
  const items: T[] = [];
  let cont: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const from = cont;
    const answer = await client.request(
      what,
      (apis, options) => list(apis, from, options),
      { timeoutMs },
    );
    items.push(...answer.items);
    cont = answer.metadata?._continue || undefined;
    if (!cont) return { items, truncated: false };
  }
  return { items, truncated: true };
}

/** The member's Nodes, in bounded pages. */
export function listMemberNodes(
  client: KubernetesClient,
  timeoutMs: number,
): Promise<MemberList<V1Node>> {
  return pages(
    client,
    'list nodes',
    (apis, cont, options) =>
      apis.core.listNode({ limit: PAGE_SIZE, _continue: cont }, options),
    timeoutMs,
  );
}

/**
 * The member's Pods that may hold resources: bound and not finished (the
 * field selector Karmada's and the scheduler's caches use).
 */
export function listMemberPods(
  client: KubernetesClient,
  timeoutMs: number,
): Promise<MemberList<V1Pod>> {
  return pages(
    client,
    'list pods',
    (apis, cont, options) =>
      apis.core.listPodForAllNamespaces(
        {
          limit: PAGE_SIZE,
          _continue: cont,
          fieldSelector:
            'spec.nodeName!=,status.phase!=Succeeded,status.phase!=Failed',
        },
        options,
      ),
    timeoutMs,
  );
}

/** Answers larger than this are not read (an OpenCost answer is a few kB). */
const MAX_PROXY_ANSWER = 1_000_000;

/**
 * GET through the member's API server proxy (`path` is the whole path with
 * its query). The generated client encodes a proxied path's slashes and
 * has no query, so the request's URL is set here, keeping the client's
 * credentials, deadline and retry on rotated credentials.
 */
const PLACEHOLDER_PATH = '/api/v1/namespaces/proxy/services/proxy/proxy/proxy';

export async function getThroughProxy(
  client: KubernetesClient,
  path: string,
  timeoutMs: number,
): Promise<unknown> {
  const answer = await client.request(
    `GET ${path.split('?')[0]}`,
    (apis, options) =>
      apis.core.connectGetNamespacedServiceProxyWithPath(
        { name: 'proxy', namespace: 'proxy', path: 'proxy' },
        {
          ...options,
          middleware: [
            ...(options.middleware ?? []),
            {
              pre: (ctx: RequestContext) => {
                // Behind a path prefix (a Karmada cluster proxy) too.
                const url = ctx.getUrl();
                const at = url.lastIndexOf(PLACEHOLDER_PATH);
                ctx.setUrl(`${url.slice(0, at)}${path}`);
                return new Observable(Promise.resolve(ctx));
              },
              post: (ctx: ResponseContext) =>
                new Observable(Promise.resolve(ctx)),
            },
          ],
        },
      ),
    { timeoutMs },
  );
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  if (text.length > MAX_PROXY_ANSWER) {
    throw new Error(`the answer is larger than ${MAX_PROXY_ANSWER} bytes`);
  }
  return typeof answer === 'string' ? JSON.parse(answer) : answer;
}
