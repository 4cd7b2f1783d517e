/**
 * Karmada's karmada-aggregated-apiserver, as the local control plane needs
 * it: `cluster.karmada.io/v1alpha1` behind the kube-apiserver aggregation
 * layer (APIService `v1alpha1.cluster.karmada.io`). Discovery; Clusters
 * (cluster-scoped) list / get / watch / create / update / patch / delete;
 * the `status` subresource; the `proxy` subresource to the member. Callers
 * are verified as a delegating server verifies them (front-proxy client
 * certificate, user in X-Remote-*, SubjectAccessReview).
 */
import fs from 'node:fs';
import http2 from 'node:http2';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import {
  compileLabelSelectorQuery,
  type LabelPredicate,
} from '@flotilla/plugin-multi-cluster-common';
import {
  ApiError,
  ApiStatus,
  CLUSTER_GROUP,
  failure,
  success,
} from './apiStatus';
import { ClusterStorage, WatchEvent } from './clusterStorage';
import type { Cluster } from './clusterTypes';
import {
  breakOff,
  credentialsFor,
  forwardToCluster,
  SecretReader,
} from './clusterProxy';
import {
  applyJsonPatch,
  JsonPatchError,
  JsonPatchOperation,
  mergePatch,
} from './jsonPatch';
import {
  Attributes,
  Authorizer,
  forbidden,
  peerOf,
  UserInfo,
  userFromRequestHeaders,
} from './requestAuth';

const VERSION = 'v1alpha1';
const GROUP_VERSION = `${CLUSTER_GROUP}/${VERSION}`;
const CLUSTERS_PREFIX = `/apis/${GROUP_VERSION}/clusters`;
const MAX_BODY_BYTES = 3 * 1024 * 1024;
/** Paths a delegating server serves to anyone (probes). */
const ALWAYS_ALLOWED = new Set(['/healthz', '/livez', '/readyz']);

export interface AggregatedApiServerOptions {
  port: number;
  /** PEM texts. */
  tls: {
    cert: string | Buffer;
    key: string | Buffer;
    frontProxyCa: string | Buffer;
  };
  storage: ClusterStorage;
  authorizer: Authorizer;
  readSecret: SecretReader;
  log: (message: string) => void;
}

const GROUP = {
  name: CLUSTER_GROUP,
  versions: [{ groupVersion: GROUP_VERSION, version: VERSION }],
  preferredVersion: { groupVersion: GROUP_VERSION, version: VERSION },
};

const RESOURCES = {
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

const READ_VERBS: Record<string, string> = { GET: 'get', HEAD: 'get' };
const WRITE_VERBS: Record<string, string> = {
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

/**
 * Each header's values apart (a repeated X-Remote-Group is several groups):
 * `headersDistinct` of an HTTP/1.1 request, made from the raw headers of an
 * HTTP/2 one, which has none.
 */
export function distinctHeaders(
  request: Pick<IncomingMessage, 'headersDistinct' | 'rawHeaders'>,
): IncomingMessage['headersDistinct'] {
  if (request.headersDistinct) return request.headersDistinct;
  const out: IncomingMessage['headersDistinct'] = {};
  const raw = request.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (name.startsWith(':')) continue;
    (out[name] ??= []).push(raw[i + 1]);
  }
  return out;
}

function sendJsonText(
  response: ServerResponse,
  code: number,
  text: string,
): void {
  response.writeHead(code, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function send(response: ServerResponse, code: number, body: unknown): void {
  sendJsonText(response, code, JSON.stringify(body));
}

function sendStatus(response: ServerResponse, status: ApiStatus): void {
  send(response, status.code, status);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES)
      throw new ApiError(failure(413, 'request entity too large'));
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The request's JSON body, unchecked: storage validates what it keeps. */
async function readJson(request: IncomingMessage): Promise<unknown> {
  const text = await readBody(request);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(
      failure(
        400,
        `the body of the request was in an unknown format: ${
          (error as Error).message
        }`,
      ),
    );
  }
}

/** Applies a PATCH body by its content type to `current`. */
export function applyPatch(
  current: Cluster,
  contentType: string,
  body: unknown,
): Cluster {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (
    type === 'application/merge-patch+json' ||
    type === 'application/strategic-merge-patch+json'
  ) {
    // Cluster's fields carry no strategic list merge keys: both merge alike.
    return mergePatch(current, body) as Cluster;
  }
  if (type === 'application/json-patch+json') {
    if (!Array.isArray(body))
      throw new ApiError(
        failure(400, 'a JSON patch must be a list of operations'),
      );
    try {
      return applyJsonPatch(current, body as JsonPatchOperation[]) as Cluster;
    } catch (error) {
      if (error instanceof JsonPatchError)
        throw new ApiError(failure(422, error.message));
      throw error;
    }
  }
  throw new ApiError(
    failure(
      415,
      `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json`,
    ),
  );
}

function listMatcher(query: URLSearchParams): (cluster: Cluster) => boolean {
  let labelsMatch: LabelPredicate;
  try {
    labelsMatch = compileLabelSelectorQuery(
      query.get('labelSelector') ?? undefined,
    );
  } catch (error) {
    throw new ApiError(failure(400, (error as Error).message));
  }
  const fields = (query.get('fieldSelector') ?? '')
    .split(',')
    .filter(Boolean)
    .map(term => {
      const m = /^(metadata\.name)\s*(==|=|!=)\s*(.*)$/.exec(term.trim());
      if (!m)
        throw new ApiError(
          failure(
            400,
            `"${term}" is not a known field selector: only "metadata.name"`,
          ),
        );
      return { equal: m[2] !== '!=', value: m[3] };
    });
  return cluster =>
    labelsMatch(cluster.metadata.labels) &&
    fields.every(f => (cluster.metadata.name === f.value) === f.equal);
}

/** kubectl asks for server-side printing (`as=Table`). */
function wantsTable(request: IncomingMessage): boolean {
  return /;\s*as=Table/.test(String(request.headers.accept ?? ''));
}

/** `5s`, `7m`, `3h`, `2d`: kubectl's short age. */
export function shortAge(from: string | undefined, now = Date.now()): string {
  if (!from) return '<unknown>';
  const seconds = Math.max(0, Math.floor((now - Date.parse(from)) / 1000));
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7200) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 172800) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86400)}d`;
}

/** Karmada's printer columns: Name, Version, Mode, Ready, Age. */
export function clusterTable(
  clusters: ReadonlyArray<Readonly<Cluster>>,
  resourceVersion: string,
) {
  const column = (
    name: string,
    type: string,
    description: string,
    format = '',
  ) => ({
    name,
    type,
    format,
    description,
    priority: 0,
  });
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion },
    columnDefinitions: [
      column('Name', 'string', 'Name of the member cluster', 'name'),
      column('Version', 'string', 'Kubernetes version of the member cluster'),
      column('Mode', 'string', 'Sync mode (Push or Pull)'),
      column('Ready', 'string', 'Status of the Ready condition'),
      column('Age', 'date', 'Time since creation'),
    ],
    rows: clusters.map(c => ({
      cells: [
        c.metadata.name,
        c.status?.kubernetesVersion ?? '',
        c.spec.syncMode,
        c.status?.conditions?.find(x => x.type === 'Ready')?.status ??
          'Unknown',
        shortAge(c.metadata.creationTimestamp),
      ],
      object: {
        kind: 'PartialObjectMetadata',
        apiVersion: 'meta.k8s.io/v1',
        metadata: c.metadata,
      },
    })),
  };
}

export class AggregatedApiServer {
  private server?: http2.Http2SecureServer;
  private readonly connections = new Set<TLSSocket>();
  private readonly openWatches = new Set<ServerResponse>();
  /**
   * Each stored Cluster's JSON: controllers list a thousand Clusters every
   * few seconds, and most have not changed since the last list (a write
   * stores a new object, so an entry never outlives its version).
   */
  private readonly clusterJson = new WeakMap<object, string>();

  private jsonOf(cluster: Readonly<Cluster>): string {
    let text = this.clusterJson.get(cluster);
    if (text === undefined) {
      text = JSON.stringify(cluster);
      this.clusterJson.set(cluster, text);
    }
    return text;
  }

  constructor(private readonly options: AggregatedApiServerOptions) {}

  async start(): Promise<number> {
    const { tls } = this.options;
    this.server = http2.createSecureServer(
      {
        cert: tls.cert,
        key: tls.key,
        ca: tls.frontProxyCa,
        // Verified per request: probes may come without a certificate.
        requestCert: true,
        rejectUnauthorized: false,
        // HTTP/2, as Karmada's Go server speaks it to the aggregation layer:
        // every proxied request shares one connection. Over HTTP/1.1 the
        // kube-apiserver opened a connection per concurrent request, and
        // with a thousand Clusters the TLS handshakes timed out (503).
        allowHTTP1: true,
        // Past Node's default (10 MB) a session refuses new streams
        // (ENHANCE_YOUR_CALM, a 503 to the caller); two lists of a
        // thousand Clusters being sent take about that much.
        maxSessionMemory: 512,
      },
      (h2Request, h2Response) => {
        // HTTP/1.1 callers get Node's usual objects; the handlers use only
        // what both kinds have (see distinctHeaders, breakOff).
        const request = h2Request as unknown as IncomingMessage;
        const response = h2Response as unknown as ServerResponse;
        this.handle(request, response).catch(error => {
          if (!response.headersSent) {
            sendStatus(
              response,
              error instanceof ApiError
                ? error.status
                : failure(500, (error as Error).message),
            );
          } else breakOff(response);
          if (!(error instanceof ApiError)) {
            this.options.log(
              `karmada-aggregated-apiserver: ${request.method} ${
                request.url
              }: ${(error as Error).stack}`,
            );
          }
        });
      },
    );
    this.server.on('secureConnection', (socket: TLSSocket) => {
      this.connections.add(socket);
      socket.once('close', () => this.connections.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.options.port, '127.0.0.1', () => resolve());
    });
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const watch of this.openWatches) watch.end();
    const server = this.server;
    if (server) {
      await new Promise<void>(resolve => {
        server.close(() => resolve());
        for (const socket of this.connections) socket.destroy();
      });
    }
    this.options.storage.flush();
  }

  private async handle(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const url = new URL(request.url ?? '/', 'https://localhost');
    const method = (request.method ?? 'GET').toUpperCase();
    const route = routeOf(url.pathname, url.searchParams);
    if (route.kind === 'health') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
      return;
    }
    const user = userFromRequestHeaders(
      distinctHeaders(request),
      peerOf(request),
    );
    const attributes = attributesOf(method, url.pathname, route)!;
    const decision = await this.options.authorizer.authorize(user, attributes);
    if (!decision.allowed) throw forbidden(user, attributes, decision.reason);
    switch (route.kind) {
      case 'discovery':
        if (method !== 'GET') {
          throw new ApiError(failure(405, 'method not allowed'));
        }
        send(response, 200, route.body);
        return;
      case 'collection':
        await this.serveCollection(
          method,
          route.watch,
          url,
          request,
          response,
          user,
        );
        return;
      case 'object':
        await this.serveObject(method, route, request, response, user);
        return;
      case 'proxy': {
        const cluster = this.options.storage.getStored(route.name);
        const credentials = await credentialsFor(
          cluster,
          this.options.readSecret,
        );
        await forwardToCluster({
          cluster,
          credentials,
          user,
          proxyPath: route.proxyPath,
          query: url.search,
          request,
          response,
        });
        return;
      }
      default:
        throw new ApiError(
          failure(404, 'the server could not find the requested resource'),
        );
    }
  }

  private async serveCollection(
    method: string,
    watch: boolean,
    url: URL,
    request: IncomingMessage,
    response: ServerResponse,
    user: UserInfo,
  ): Promise<void> {
    const { storage } = this.options;
    if (method === 'GET' && watch) {
      this.serveWatch(url.searchParams, response);
    } else if (method === 'GET') {
      const matches = listMatcher(url.searchParams);
      const items = storage.listStored().filter(matches);
      const resourceVersion = storage.currentResourceVersion();
      if (wantsTable(request)) {
        send(response, 200, clusterTable(items, resourceVersion));
        return;
      }
      // The list as JSON.stringify would write it, from each Cluster's
      // JSON made once per version.
      sendJsonText(
        response,
        200,
        `{"apiVersion":${JSON.stringify(
          GROUP_VERSION,
        )},"kind":"ClusterList","metadata":{"resourceVersion":${JSON.stringify(
          resourceVersion,
        )}},"items":[${items.map(c => this.jsonOf(c)).join(',')}]}`,
      );
    } else if (method === 'POST') {
      const created = storage.create((await readJson(request)) as Cluster);
      this.options.log(
        `karmada-aggregated-apiserver: ${user.name} created Cluster ${created.metadata.name}`,
      );
      send(response, 201, created);
    } else {
      throw new ApiError(
        failure(405, `${method} is not supported on the clusters collection`),
      );
    }
  }

  private async serveObject(
    method: string,
    route: Extract<Route, { kind: 'object' }>,
    request: IncomingMessage,
    response: ServerResponse,
    user: UserInfo,
  ): Promise<void> {
    const { storage } = this.options;
    const { name, subresource } = route;
    switch (method) {
      case 'GET':
      case 'HEAD': {
        const cluster = storage.get(name);
        return send(
          response,
          200,
          wantsTable(request) && !subresource
            ? clusterTable([cluster], cluster.metadata.resourceVersion ?? '')
            : cluster,
        );
      }
      case 'PUT': {
        const body = (await readJson(request)) as Partial<Cluster> | null;
        if (body?.metadata?.name && body.metadata.name !== name) {
          throw new ApiError(
            failure(
              400,
              `the name of the object (${body.metadata.name}) does not match the name on the URL (${name})`,
            ),
          );
        }
        const updated = storage.update(
          { ...body, metadata: { ...body?.metadata, name } } as Cluster,
          subresource,
        );
        return send(response, 200, updated);
      }
      case 'PATCH': {
        const body = await readJson(request);
        const contentType = String(request.headers['content-type'] ?? '');
        const patched = storage.patch(
          name,
          current => applyPatch(current, contentType, body),
          subresource,
        );
        return send(response, 200, patched);
      }
      case 'DELETE': {
        if (subresource)
          throw new ApiError(
            failure(405, 'the status subresource cannot be deleted'),
          );
        const options = (await readJson(request)) as {
          preconditions?: { uid?: string; resourceVersion?: string };
        } | null;
        const { deleted, object } = storage.delete(
          name,
          options?.preconditions ?? {},
        );
        this.options.log(
          `karmada-aggregated-apiserver: ${user.name} deleted Cluster ${name}${
            deleted ? '' : ' (finalizers pending)'
          }`,
        );
        return deleted
          ? send(
              response,
              200,
              success({ name, group: CLUSTER_GROUP, kind: 'clusters' }),
            )
          : send(response, 202, object);
      }
      default:
        throw new ApiError(failure(405, `${method} is not supported`));
    }
  }

  /** Newline-delimited watch events, from `resourceVersion` on. */
  private serveWatch(query: URLSearchParams, response: ServerResponse): void {
    const { storage } = this.options;
    const matches = listMatcher(query);
    const requested = query.get('resourceVersion');
    const write = (
      event:
        | Pick<WatchEvent, 'type' | 'object'>
        | { type: 'ERROR'; object: ApiStatus },
    ) =>
      response.write(
        `${JSON.stringify({ type: event.type, object: event.object })}\n`,
      );
    // Chunked over HTTP/1.1 (no content-length), a stream over HTTP/2.
    response.writeHead(200, { 'content-type': 'application/json' });
    let from: number;
    if (!requested || requested === '0') {
      // No version: the current state first, as synthetic ADDED events.
      from = Number(storage.currentResourceVersion());
      for (const cluster of storage.listStored())
        if (matches(cluster)) write({ type: 'ADDED', object: cluster });
    } else {
      from = Number(requested);
      if (!Number.isInteger(from) || from < 0) {
        write({
          type: 'ERROR',
          object: failure(400, `invalid resource version "${requested}"`),
        });
        response.end();
        return;
      }
    }
    let unsubscribe: () => void;
    try {
      unsubscribe = storage.watch(from, event => {
        if (matches(event.object)) write(event);
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      write({ type: 'ERROR', object: error.status });
      response.end();
      return;
    }
    this.openWatches.add(response);
    const timeoutSeconds = Number(query.get('timeoutSeconds') ?? 0);
    // Like the apiserver, end a watch after its timeout (30-60 min otherwise).
    const limit =
      timeoutSeconds > 0
        ? timeoutSeconds * 1000
        : (30 + Math.random() * 30) * 60_000;
    const timer = setTimeout(() => response.end(), limit);
    response.on('close', () => {
      clearTimeout(timer);
      unsubscribe();
      this.openWatches.delete(response);
    });
  }
}

/** The serving material fleet.js wrote for this server, and the front-proxy CA. */
export function readServingTls(karmadaPkiDir: string) {
  const read = (name: string) =>
    fs.readFileSync(path.join(karmadaPkiDir, name));
  return {
    cert: read('aggregated-apiserver.crt'),
    key: read('aggregated-apiserver.key'),
    frontProxyCa: read('front-proxy-ca.crt'),
  };
}
