import http from 'node:http';
import https from 'node:https';
import { randomUUID } from 'node:crypto';
import {
  matchesLabelSelector,
  type LabelSelectorLike,
} from '@flotilla/plugin-multi-cluster-common';
import {
  listenOnLoopback,
  makeTestTls,
  mergePatch,
  type LoopbackServer,
} from '@flotilla/test-kit';

/** One CA and serving certificate for every fake API server of a test file. */
const tls = makeTestTls();

/**
 * A small in-memory Kubernetes API server for tests, served over real HTTPS
 * on 127.0.0.1 (no msw): the plugin reaches it through its own
 * `@kubernetes/client-node` clients, exactly as it reaches a real cluster
 * (trusting {@link FakeKubernetesApi.caData}).
 *
 * It stores any resource by path (`/api/v1/...`, `/apis/<group>/<version>/...`)
 * and behaves like the API server where the plugin depends on it: every write
 * bumps `metadata.resourceVersion`, a write that names a stale
 * resourceVersion gets 409 Conflict, list takes an equality label selector,
 * merge patches merge (RFC 7386), unknown objects are 404 `Status` bodies,
 * and requests without the configured bearer token get 401. Controllers
 * (`onWrite`) play what the cluster's own controllers would do, e.g. set a
 * Deployment's ready replicas. Unit tests use it where a real API server
 * would make them slow; the integration suite uses real ones.
 */

/** The group/version/resource of a stored object (group '' is core). */
export interface ResourceType {
  group: string;
  version: string;
  resource: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body?: any;
}

/** A canned answer: status and JSON body. */
export interface FakeResponse {
  status: number;
  body: unknown;
}

const KINDS: Record<string, string> = {
  deployments: 'Deployment',
  statefulsets: 'StatefulSet',
  nodes: 'Node',
  namespaces: 'Namespace',
  secrets: 'Secret',
  services: 'Service',
  configmaps: 'ConfigMap',
};

function kindOf(resource: string): string {
  return (
    KINDS[resource] ??
    resource.replace(/s$/, '').replace(/^./, c => c.toUpperCase())
  );
}

export function status(
  code: number,
  reason: string,
  message: string,
): FakeResponse {
  return {
    status: code,
    body: {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: code < 400 ? 'Success' : 'Failure',
      message,
      reason,
      code,
    },
  };
}

/**
 * A list's `labelSelector` query (equality terms: `a=b`, `a==b`, `a!=b`,
 * `a`, `!a`) as the selector common's matcher takes.
 */
function selectorOfQuery(query: string | null): LabelSelectorLike | undefined {
  if (!query) return undefined;
  const matchLabels: Record<string, string> = {};
  const matchExpressions: {
    key: string;
    operator: string;
    values?: string[];
  }[] = [];
  for (const term of query
    .split(',')
    .map(t => t.trim())
    .filter(Boolean)) {
    const notEqual = /^([^!=]+)!=(.*)$/.exec(term);
    const equal = /^([^!=]+)==?(.*)$/.exec(term);
    if (notEqual) {
      matchExpressions.push({
        key: notEqual[1].trim(),
        operator: 'NotIn',
        values: [notEqual[2].trim()],
      });
    } else if (equal) {
      matchLabels[equal[1].trim()] = equal[2].trim();
    } else if (term.startsWith('!')) {
      matchExpressions.push({ key: term.slice(1), operator: 'DoesNotExist' });
    } else {
      matchExpressions.push({ key: term, operator: 'Exists' });
    }
  }
  return { matchLabels, matchExpressions };
}

interface ParsedPath {
  type: ResourceType;
  namespace?: string;
  name?: string;
  subresource?: string;
}

function parsePath(path: string): ParsedPath | undefined {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  let group: string;
  let version: string;
  let rest: string[];
  if (parts[0] === 'api' && parts.length >= 3) {
    group = '';
    version = parts[1];
    rest = parts.slice(2);
  } else if (parts[0] === 'apis' && parts.length >= 4) {
    group = parts[1];
    version = parts[2];
    rest = parts.slice(3);
  } else {
    return undefined;
  }
  let namespace: string | undefined;
  if (rest[0] === 'namespaces' && rest.length >= 3) {
    namespace = rest[1];
    rest = rest.slice(2);
  }
  const [resource, name, subresource] = rest;
  return {
    type: { group, version, resource },
    namespace,
    name,
    subresource,
  };
}

const typeKey = (t: ResourceType) => `${t.group}/${t.version}/${t.resource}`;
const objectKey = (namespace: string | undefined, name: string) =>
  `${namespace ?? ''}/${name}`;

export interface FakeKubernetesApiOptions {
  name: string;
  /** Bearer token every request must carry; none means any caller. */
  token?: string;
  gitVersion?: string;
}

export class FakeKubernetesApi {
  private readonly store = new Map<string, Map<string, any>>();
  private readonly controllers: ((type: ResourceType, object: any) => void)[] =
    [];
  private readonly faults: {
    match: (req: FakeRequest) => boolean;
    respond: (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;
    times: number;
  }[] = [];
  private revision = 1;
  private listening?: LoopbackServer<https.Server>;
  /** Every request served, in order (method and path). */
  readonly requests: FakeRequest[] = [];
  /** `/readyz` answers 200 while true, 503 otherwise. */
  ready = true;
  url = '';
  /** What a client trusts the server with (base64 PEM, as in a kubeconfig). */
  readonly caData = tls.caData;

  constructor(readonly options: FakeKubernetesApiOptions) {}

  async start(): Promise<this> {
    const server = https.createServer(
      { cert: tls.cert, key: tls.key },
      (req, res) => {
        this.handle(req, res).catch(error => {
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(
            JSON.stringify(
              status(500, 'InternalError', String(error?.message ?? error))
                .body,
            ),
          );
        });
      },
    );
    this.listening = await listenOnLoopback(server);
    this.url = this.listening.url;
    return this;
  }

  async stop(): Promise<void> {
    const listening = this.listening;
    this.listening = undefined;
    await listening?.close();
  }

  /** Runs after every create, update, patch (what a controller would do). */
  onWrite(controller: (type: ResourceType, object: any) => void): void {
    this.controllers.push(controller);
  }

  /** Answers matching requests with `respond` instead, `times` times. */
  fault(
    match: (req: FakeRequest) => boolean,
    respond: (req: FakeRequest) => FakeResponse | Promise<FakeResponse>,
    times = Infinity,
  ): void {
    this.faults.push({ match, respond, times });
  }

  clearFaults(): void {
    this.faults.length = 0;
  }

  private bucket(type: ResourceType): Map<string, any> {
    const key = typeKey(type);
    let bucket = this.store.get(key);
    if (!bucket) {
      bucket = new Map();
      this.store.set(key, bucket);
    }
    return bucket;
  }

  private nextVersion(): string {
    this.revision += 1;
    return String(this.revision);
  }

  /** Stores an object as a client's create would (no controllers run). */
  put(type: ResourceType, object: any): any {
    const stored = structuredClone(object);
    stored.metadata = {
      uid: randomUUID(),
      creationTimestamp: new Date().toISOString(),
      generation: 1,
      ...stored.metadata,
      resourceVersion: this.nextVersion(),
    };
    this.bucket(type).set(
      objectKey(stored.metadata.namespace, stored.metadata.name),
      stored,
    );
    return structuredClone(stored);
  }

  get(type: ResourceType, namespace: string | undefined, name: string): any {
    const found = this.bucket(type).get(objectKey(namespace, name));
    return found ? structuredClone(found) : undefined;
  }

  list(type: ResourceType, namespace?: string): any[] {
    return [...this.bucket(type).values()]
      .filter(o => !namespace || o.metadata.namespace === namespace)
      .map(o => structuredClone(o));
  }

  /**
   * Changes a stored object in place as a controller does (a new
   * resourceVersion; controllers do not run again).
   */
  update(
    type: ResourceType,
    namespace: string | undefined,
    name: string,
    change: (object: any) => void,
  ): any {
    const found = this.bucket(type).get(objectKey(namespace, name));
    if (!found) {
      throw new Error(`${typeKey(type)} ${namespace}/${name} not found`);
    }
    change(found);
    found.metadata.resourceVersion = this.nextVersion();
    return structuredClone(found);
  }

  private write(type: ResourceType, object: any): any {
    const key = objectKey(object.metadata.namespace, object.metadata.name);
    object.metadata.resourceVersion = this.nextVersion();
    this.bucket(type).set(key, object);
    for (const controller of this.controllers) {
      controller(type, object);
    }
    return structuredClone(this.bucket(type).get(key));
  }

  private async readBody(req: http.IncomingMessage): Promise<any> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? JSON.parse(text) : undefined;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: await this.readBody(req),
    };
    this.requests.push(request);
    const send = (r: FakeResponse) => {
      const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
      res.writeHead(r.status, {
        'Content-Type':
          typeof r.body === 'string' ? 'text/plain' : 'application/json',
      });
      res.end(text);
    };
    const { token } = this.options;
    if (token && req.headers.authorization !== `Bearer ${token}`) {
      send(status(401, 'Unauthorized', 'Unauthorized'));
      return;
    }
    const fault = this.faults.find(f => f.times > 0 && f.match(request));
    if (fault) {
      fault.times -= 1;
      send(await fault.respond(request));
      return;
    }
    send(this.serve(request));
  }

  private serve(req: FakeRequest): FakeResponse {
    if (['/readyz', '/livez', '/healthz'].includes(req.path)) {
      return this.ready
        ? { status: 200, body: 'ok' }
        : { status: 503, body: '[-]etcd failed: not ready' };
    }
    if (req.path === '/version') {
      return {
        status: 200,
        body: { gitVersion: this.options.gitVersion ?? 'v1.31.4' },
      };
    }
    const parsed = parsePath(req.path);
    if (!parsed) {
      return status(404, 'NotFound', `the server could not find ${req.path}`);
    }
    const { type, namespace, name, subresource } = parsed;
    const apiVersion = type.group
      ? `${type.group}/${type.version}`
      : type.version;
    const what = `${type.resource}${type.group ? `.${type.group}` : ''}`;
    if (!name) {
      if (req.method === 'GET') {
        const items = this.list(type, namespace).filter(o =>
          matchesLabelSelector(
            o.metadata.labels,
            selectorOfQuery(req.query.get('labelSelector')),
          ),
        );
        return {
          status: 200,
          body: {
            apiVersion,
            kind: `${kindOf(type.resource)}List`,
            metadata: { resourceVersion: String(this.revision) },
            items,
          },
        };
      }
      if (req.method === 'POST') {
        const body = req.body ?? {};
        const objectName = body.metadata?.name;
        if (!objectName) {
          return status(422, 'Invalid', 'metadata.name: Required value');
        }
        if (this.get(type, namespace, objectName)) {
          return status(
            409,
            'AlreadyExists',
            `${what} "${objectName}" already exists`,
          );
        }
        const created = this.write(type, {
          ...body,
          apiVersion,
          kind: body.kind ?? kindOf(type.resource),
          metadata: {
            ...body.metadata,
            ...(namespace ? { namespace } : {}),
            uid: randomUUID(),
            creationTimestamp: new Date().toISOString(),
            generation: 1,
          },
        });
        return { status: 201, body: created };
      }
      return status(405, 'MethodNotAllowed', `${req.method} on a collection`);
    }

    const current = this.get(type, namespace, name);
    if (!current) {
      return status(404, 'NotFound', `${what} "${name}" not found`);
    }
    if (req.method === 'GET') {
      return { status: 200, body: current };
    }
    if (req.method === 'DELETE') {
      if (current.metadata.finalizers?.length) {
        return {
          status: 200,
          body: this.write(type, {
            ...current,
            metadata: {
              ...current.metadata,
              deletionTimestamp:
                current.metadata.deletionTimestamp ?? new Date().toISOString(),
            },
          }),
        };
      }
      this.bucket(type).delete(objectKey(namespace, name));
      return { status: 200, body: current };
    }
    if (req.method !== 'PUT' && req.method !== 'PATCH') {
      return status(405, 'MethodNotAllowed', `${req.method} on an object`);
    }
    const body = req.body ?? {};
    const precondition = body.metadata?.resourceVersion;
    if (precondition && precondition !== current.metadata.resourceVersion) {
      return status(
        409,
        'Conflict',
        `Operation cannot be fulfilled on ${what} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
      );
    }
    let next: any;
    if (req.method === 'PUT') {
      next =
        subresource === 'status'
          ? { ...current, status: body.status }
          : { ...body, status: current.status };
    } else {
      const patch =
        subresource === 'status' ? { status: body.status } : { ...body };
      if (subresource !== 'status') delete patch.status;
      next = mergePatch(current, patch);
    }
    next.metadata = {
      ...next.metadata,
      uid: current.metadata.uid,
      name,
      ...(namespace ? { namespace } : {}),
      generation:
        JSON.stringify(next.spec) === JSON.stringify(current.spec)
          ? current.metadata.generation
          : (current.metadata.generation ?? 1) + 1,
    };
    return { status: 200, body: this.write(type, next) };
  }
}

export const DEPLOYMENTS: ResourceType = {
  group: 'apps',
  version: 'v1',
  resource: 'deployments',
};
export const STATEFULSETS: ResourceType = {
  group: 'apps',
  version: 'v1',
  resource: 'statefulsets',
};
