import {
  ApiException,
  ApiextensionsV1Api,
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  Health,
  KubeConfig,
  Observable,
  RequestContext,
  ResponseContext,
  type ConfigurationOptions,
  type KubernetesObject,
  type V1ConfigMap,
  type V1Deployment,
  type V1ListMeta,
  type V1Namespace,
  type V1Node,
  type V1Secret,
  type V1ObjectMeta,
  type V1Scale,
  type V1Service,
  type V1StatefulSet,
} from '@kubernetes/client-node';
import { PooledKubeConfig } from './connectionPool';

/**
 * A custom object as read: its envelope typed, its `spec` and `status` left
 * to the caller to narrow (or given a shape through the type parameter of
 * the custom-object methods).
 */
export interface CustomObject extends KubernetesObject {
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
}

/** A list of custom objects. */
export interface CustomObjectList<T = CustomObject> {
  items: T[];
  metadata?: V1ListMeta;
}

/** A Deployment or a StatefulSet. */
export type Workload = V1Deployment | V1StatefulSet;

/** Content type of a JSON merge patch (RFC 7386). */
export const MERGE_PATCH = 'application/merge-patch+json';

/**
 * Asks the API server for metadata only (`PartialObjectMetadataList`): used
 * for Secrets so that their contents never cross the wire. A server that
 * cannot serve it answers 406 rather than falling back to full objects.
 */
export const PARTIAL_METADATA_LIST_ACCEPT =
  'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1';

/** Same, for a single object (a CRD's schema can be hundreds of kilobytes). */
export const PARTIAL_METADATA_ACCEPT =
  'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1';

/**
 * How to reach one Kubernetes API server. Held in memory only; the token is
 * never logged or returned.
 */
export interface KubernetesEndpoint {
  /** Name used for the kubeconfig context (the cluster or control plane). */
  name: string;
  url: string;
  caData?: string;
  skipTLSVerify?: boolean;
  token?: string;
  /** Client certificate and key, base64 PEM (kubeconfig `client-certificate-data`, `client-key-data`). */
  certData?: string;
  keyData?: string;
}

/**
 * Where a client's KubeConfig comes from when it is not known up front
 * (e.g. a Cluster API `<cluster>-kubeconfig` Secret). Called on first use
 * and again when the server answers 401 (rotated credentials). Errors it
 * throws must not contain credentials.
 */
export interface KubeConfigSource {
  load(): Promise<KubeConfig>;
  /** Loaded credentials older than this are loaded again before use. */
  maxAgeMs?: number;
}

/** A failed Kubernetes request, without any credentials in it. */
export class KubernetesRequestError extends Error {
  readonly statusCode?: number;
  readonly reason?: string;
  readonly timeout: boolean;

  constructor(
    message: string,
    options: { statusCode?: number; reason?: string; timeout?: boolean } = {},
  ) {
    super(message);
    this.name = 'KubernetesRequestError';
    this.statusCode = options.statusCode;
    this.reason = options.reason;
    this.timeout = options.timeout ?? false;
  }
}

/**
 * The client could not get its credentials (e.g. a CAPI kubeconfig Secret
 * that is missing, unreadable or unusable): nothing reached the cluster.
 * Carries no status code, so a missing Secret never reads as a 404 of the
 * cluster's own objects.
 */
export class CredentialsUnavailableError extends KubernetesRequestError {
  constructor(message: string) {
    super(message);
    this.name = 'CredentialsUnavailableError';
  }
}

/** True when a Kubernetes call failed with HTTP 404. */
export function isNotFound(error: unknown): boolean {
  return error instanceof KubernetesRequestError && error.statusCode === 404;
}

/** Builds a single-context KubeConfig for one API server. */
export function buildKubeConfig(endpoint: KubernetesEndpoint): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [
      {
        name: endpoint.name,
        server: endpoint.url.replace(/\/+$/, ''),
        caData: endpoint.caData,
        skipTLSVerify: endpoint.skipTLSVerify ?? false,
      },
    ],
    users: [
      {
        name: 'flotilla',
        ...(endpoint.token ? { token: endpoint.token } : {}),
        ...(endpoint.certData && endpoint.keyData
          ? { certData: endpoint.certData, keyData: endpoint.keyData }
          : {}),
      },
    ],
    contexts: [
      { name: endpoint.name, cluster: endpoint.name, user: 'flotilla' },
    ],
    currentContext: endpoint.name,
  });
  return kc;
}

function parseBody(
  body: unknown,
): { message?: unknown; reason?: string } | undefined {
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) ?? undefined;
    } catch {
      return undefined;
    }
  }
  return typeof body === 'object' && body !== null
    ? (body as { message?: unknown; reason?: string })
    : undefined;
}

/** Converts any client error into a credential-free KubernetesRequestError. */
export function toKubernetesError(
  error: unknown,
  context: string,
  timedOut: boolean,
): KubernetesRequestError {
  if (error instanceof KubernetesRequestError) {
    return error;
  }
  if (timedOut) {
    return new KubernetesRequestError(`${context}: timed out`, {
      timeout: true,
    });
  }
  if (error instanceof ApiException) {
    const status = parseBody(error.body);
    const message =
      status && typeof status.message === 'string'
        ? status.message
        : `HTTP ${error.code}`;
    return new KubernetesRequestError(`${context}: ${message}`, {
      statusCode: error.code,
      reason: status?.reason,
    });
  }
  const e = error as { name?: string; code?: string; message?: string };
  if (e?.name === 'AbortError') {
    return new KubernetesRequestError(`${context}: aborted`, {
      timeout: true,
    });
  }
  const code = e?.code ? ` (${e.code})` : '';
  return new KubernetesRequestError(`${context}: request failed${code}`.trim());
}

/** The generated API clients of one KubeConfig. */
interface Apis {
  kubeConfig: KubeConfig;
  custom: CustomObjectsApi;
  apps: AppsV1Api;
  core: CoreV1Api;
  apiextensions: ApiextensionsV1Api;
  health: Health;
}

function makeApis(loaded: KubeConfig): Apis {
  // Kept-alive connections shared by every client of the same server.
  const kubeConfig = PooledKubeConfig.from(loaded);
  return {
    kubeConfig,
    custom: kubeConfig.makeApiClient(CustomObjectsApi),
    apps: kubeConfig.makeApiClient(AppsV1Api),
    core: kubeConfig.makeApiClient(CoreV1Api),
    apiextensions: kubeConfig.makeApiClient(ApiextensionsV1Api),
    health: new Health(kubeConfig),
  };
}

/** True when a Kubernetes call failed with HTTP 401 (bad or rotated credentials). */
export function isUnauthorized(error: unknown): boolean {
  return (
    (error instanceof KubernetesRequestError && error.statusCode === 401) ||
    (error instanceof ApiException && error.code === 401)
  );
}

/**
 * Thin wrapper around `@kubernetes/client-node` for one API server. All
 * Kubernetes access of the plugin goes through this class: it sets an abort
 * signal (per-request timeout) on every request and strips credentials from
 * errors. A client built from a {@link KubeConfigSource} loads its
 * credentials on first use and reloads them once when the server answers
 * 401.
 */
export class KubernetesClient {
  private current?: Apis;
  /** When a source-backed client last loaded its credentials. */
  private loadedAt = 0;
  private loading?: Promise<Apis>;
  private readonly source?: KubeConfigSource;

  constructor(
    readonly name: string,
    kubeConfig: KubeConfig | KubeConfigSource,
    private readonly defaultTimeoutMs: number,
  ) {
    if (kubeConfig instanceof KubeConfig) {
      this.current = makeApis(kubeConfig);
    } else {
      this.source = kubeConfig;
    }
  }

  static fromEndpoint(
    endpoint: KubernetesEndpoint,
    defaultTimeoutMs: number,
  ): KubernetesClient {
    return new KubernetesClient(
      endpoint.name,
      buildKubeConfig(endpoint),
      defaultTimeoutMs,
    );
  }

  /** A client whose KubeConfig is read (and re-read after a 401) from `source`. */
  static fromSource(
    name: string,
    source: KubeConfigSource,
    defaultTimeoutMs: number,
  ): KubernetesClient {
    return new KubernetesClient(name, source, defaultTimeoutMs);
  }

  /**
   * The KubeConfig in use. A source-backed client has one only after its
   * first request; use {@link KubernetesClient.resolveKubeConfig} there.
   */
  get kubeConfig(): KubeConfig {
    if (!this.current) {
      throw new Error(
        `${this.name}: credentials are not loaded yet; use resolveKubeConfig()`,
      );
    }
    return this.current.kubeConfig;
  }

  /** The KubeConfig in use, loading it from the source when needed. */
  async resolveKubeConfig(): Promise<KubeConfig> {
    try {
      return (await this.apis()).kubeConfig;
    } catch (error) {
      throw this.loadError(error);
    }
  }

  /**
   * The current API clients; with `stale`, the ones that got a 401: reload
   * unless another call already did (one Secret read per rotation).
   */
  private apis(stale?: Apis): Promise<Apis> {
    const maxAgeMs = this.source?.maxAgeMs;
    const expired =
      maxAgeMs !== undefined && Date.now() - this.loadedAt > maxAgeMs;
    if (this.current && !expired && (this.current !== stale || !this.source)) {
      return Promise.resolve(this.current);
    }
    if (!this.loading) {
      this.loading = this.source!.load()
        .then(kubeConfig => {
          this.current = makeApis(kubeConfig);
          this.loadedAt = Date.now();
          return this.current;
        })
        .finally(() => {
          this.loading = undefined;
        });
    }
    return this.loading;
  }

  private loadError(error: unknown): CredentialsUnavailableError {
    const message = error instanceof Error ? error.message : String(error);
    return new CredentialsUnavailableError(
      `${this.name}: cannot load credentials: ${message}`,
    );
  }

  private async call<T>(
    context: string,
    fn: (apis: Apis, options: ConfigurationOptions) => Promise<T>,
    opts?: {
      timeoutMs?: number;
      signal?: AbortSignal;
      headers?: Record<string, string>;
    },
  ): Promise<T> {
    const controller = new AbortController();
    const timeoutMs = opts?.timeoutMs ?? this.defaultTimeoutMs;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    opts?.signal?.addEventListener('abort', onAbort);
    const headers = opts?.headers ?? {};
    const options: ConfigurationOptions = {
      middleware: [
        {
          pre: (ctx: RequestContext) => {
            ctx.setSignal(controller.signal);
            for (const [k, v] of Object.entries(headers)) {
              ctx.setHeaderParam(k, v);
            }
            return new Observable(Promise.resolve(ctx));
          },
          post: (ctx: ResponseContext) => new Observable(Promise.resolve(ctx)),
        },
      ],
      middlewareMergeStrategy: 'append',
    };
    let apis: Apis;
    try {
      apis = await this.apis();
    } catch (error) {
      clearTimeout(timer);
      opts?.signal?.removeEventListener('abort', onAbort);
      throw this.loadError(error);
    }
    try {
      try {
        return await fn(apis, options);
      } catch (error) {
        // A 401 is refused before anything happens, so one retry with
        // reloaded (rotated) credentials is safe for every verb.
        if (
          !this.source ||
          !isUnauthorized(error) ||
          controller.signal.aborted
        ) {
          throw error;
        }
        let reloaded: Apis;
        try {
          reloaded = await this.apis(apis);
        } catch (loadFailure) {
          throw this.loadError(loadFailure);
        }
        return await fn(reloaded, options);
      }
    } catch (error) {
      throw toKubernetesError(error, `${this.name}: ${context}`, timedOut);
    } finally {
      clearTimeout(timer);
      opts?.signal?.removeEventListener('abort', onAbort);
    }
  }

  async listCustomObjects<T = CustomObject>(
    req: {
      group: string;
      version: string;
      plural: string;
      namespace?: string;
      labelSelector?: string;
    },
    opts?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<CustomObjectList<T>> {
    const what = `list ${req.plural}.${req.group}/${req.version}`;
    return this.call(
      what,
      (apis, options) =>
        req.namespace
          ? apis.custom.listNamespacedCustomObject(
              {
                group: req.group,
                version: req.version,
                plural: req.plural,
                namespace: req.namespace,
                labelSelector: req.labelSelector,
              },
              options,
            )
          : apis.custom.listClusterCustomObject(
              {
                group: req.group,
                version: req.version,
                plural: req.plural,
                labelSelector: req.labelSelector,
              },
              options,
            ),
      opts,
    );
  }

  async getCustomObject<T = CustomObject>(
    req: {
      group: string;
      version: string;
      plural: string;
      namespace: string;
      name: string;
    },
    opts?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<T> {
    return this.call(
      `get ${req.plural}.${req.group}/${req.version} ${req.namespace}/${req.name}`,
      (apis, options) => apis.custom.getNamespacedCustomObject(req, options),
      opts,
    );
  }

  /** JSON merge patch (`application/merge-patch+json`). */
  async mergePatchCustomObject<T = CustomObject>(
    req: {
      group: string;
      version: string;
      plural: string;
      namespace: string;
      name: string;
      body: object;
    },
    opts?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<T> {
    return this.call(
      `patch ${req.plural}.${req.group}/${req.version} ${req.namespace}/${req.name}`,
      (apis, options) =>
        apis.custom.patchNamespacedCustomObject(
          {
            group: req.group,
            version: req.version,
            plural: req.plural,
            namespace: req.namespace,
            name: req.name,
            body: req.body,
            fieldManager: 'flotilla',
          },
          options,
        ),
      { ...opts, headers: { 'Content-Type': MERGE_PATCH } },
    );
  }

  async deleteCustomObject(
    req: {
      group: string;
      version: string;
      plural: string;
      namespace: string;
      name: string;
      resourceVersion?: string;
    },
    opts?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<unknown> {
    return this.call(
      `delete ${req.plural}.${req.group}/${req.version} ${req.namespace}/${req.name}`,
      (apis, options) =>
        apis.custom.deleteNamespacedCustomObject(
          {
            group: req.group,
            version: req.version,
            plural: req.plural,
            namespace: req.namespace,
            name: req.name,
            propagationPolicy: 'Foreground',
            body: req.resourceVersion
              ? { preconditions: { resourceVersion: req.resourceVersion } }
              : undefined,
          },
          options,
        ),
      opts,
    );
  }

  async listWorkloads(
    kind: 'Deployment' | 'StatefulSet',
    req: { namespace?: string; labelSelector: string },
    opts?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<Workload[]> {
    const list = await this.call<{ items?: Workload[] }>(
      `list ${kind === 'Deployment' ? 'deployments' : 'statefulsets'}`,
      async (apis, options) => {
        if (kind === 'Deployment') {
          return req.namespace
            ? apis.apps.listNamespacedDeployment(
                { namespace: req.namespace, labelSelector: req.labelSelector },
                options,
              )
            : apis.apps.listDeploymentForAllNamespaces(
                { labelSelector: req.labelSelector },
                options,
              );
        }
        return req.namespace
          ? apis.apps.listNamespacedStatefulSet(
              { namespace: req.namespace, labelSelector: req.labelSelector },
              options,
            )
          : apis.apps.listStatefulSetForAllNamespaces(
              { labelSelector: req.labelSelector },
              options,
            );
      },
      opts,
    );
    return list.items ?? [];
  }

  /** Reads a Deployment or StatefulSet (404 is thrown: the caller asked for it by name). */
  async getWorkload(
    kind: 'Deployment' | 'StatefulSet',
    req: { namespace: string; name: string },
    opts?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<Workload> {
    return this.call(
      `get ${kind} ${req.namespace}/${req.name}`,
      (apis, options) =>
        kind === 'Deployment'
          ? apis.apps.readNamespacedDeployment(req, options)
          : apis.apps.readNamespacedStatefulSet(req, options),
      opts,
    );
  }

  /**
   * Scales a Deployment or StatefulSet with a merge patch of its scale
   * subresource (what a role limited to replicas may do); with
   * `resourceVersion`, only if the object is still at that version (409
   * Conflict otherwise).
   */
  async scaleWorkload(
    kind: 'Deployment' | 'StatefulSet',
    req: {
      namespace: string;
      name: string;
      replicas: number;
      resourceVersion?: string;
    },
    opts?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<V1Scale> {
    const body = {
      ...(req.resourceVersion
        ? { metadata: { resourceVersion: req.resourceVersion } }
        : {}),
      spec: { replicas: req.replicas },
    };
    return this.call(
      `scale ${kind} ${req.namespace}/${req.name}`,
      (apis, options) =>
        kind === 'Deployment'
          ? apis.apps.patchNamespacedDeploymentScale(
              {
                namespace: req.namespace,
                name: req.name,
                body,
                fieldManager: 'flotilla',
              },
              options,
            )
          : apis.apps.patchNamespacedStatefulSetScale(
              {
                namespace: req.namespace,
                name: req.name,
                body,
                fieldManager: 'flotilla',
              },
              options,
            ),
      { ...opts, headers: { 'Content-Type': MERGE_PATCH } },
    );
  }

  async listNodes(
    req: { labelSelector?: string } = {},
    opts?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<V1Node[]> {
    const list = await this.call(
      'list nodes',
      (apis, options) =>
        apis.core.listNode({ labelSelector: req.labelSelector }, options),
      opts,
    );
    return list.items ?? [];
  }

  /** The ConfigMap, or undefined when it does not exist (HTTP 404). */
  async getConfigMap(
    req: { namespace: string; name: string },
    opts?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<V1ConfigMap | undefined> {
    try {
      return await this.call(
        `get configmap ${req.namespace}/${req.name}`,
        (apis, options) => apis.core.readNamespacedConfigMap(req, options),
        opts,
      );
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** The Namespace's metadata, or undefined when it does not exist (HTTP 404). */
  async getNamespaceMetadata(
    name: string,
    opts?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<V1ObjectMeta | undefined> {
    try {
      const namespace: V1Namespace = await this.call(
        `get namespace ${name}`,
        (apis, options) => apis.core.readNamespace({ name }, options),
        { ...opts, headers: { Accept: PARTIAL_METADATA_ACCEPT } },
      );
      return namespace.metadata;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async listServices(
    req: { namespace: string; labelSelector?: string },
    opts?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<V1Service[]> {
    const list = await this.call(
      `list services in ${req.namespace}`,
      (apis, options) =>
        apis.core.listNamespacedService(
          { namespace: req.namespace, labelSelector: req.labelSelector },
          options,
        ),
      opts,
    );
    return list.items ?? [];
  }

  /**
   * Metadata (names, labels, annotations) of the Secrets matching the
   * selector. Only `PartialObjectMetadataList` is accepted, so the API server
   * never sends the Secrets' data.
   */
  async listSecretMetadata(
    namespace: string,
    labelSelector?: string,
    opts?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<V1ObjectMeta[]> {
    const list = await this.call(
      `list secret metadata in ${namespace}`,
      (apis, options) =>
        apis.core.listNamespacedSecret({ namespace, labelSelector }, options),
      { ...opts, headers: { Accept: PARTIAL_METADATA_LIST_ACCEPT } },
    );
    // Keep nothing but metadata, even from a server that ignored the Accept header.
    return (list.items ?? []).flatMap(item =>
      item.metadata ? [item.metadata] : [],
    );
  }

  /** Whether a CRD (e.g. `gateways.submariner.io`) is installed; 404 => false. */
  async customResourceDefinitionExists(
    name: string,
    opts?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<boolean> {
    try {
      await this.call(
        `get customresourcedefinition ${name}`,
        (apis, options) =>
          apis.apiextensions.readCustomResourceDefinition({ name }, options),
        { ...opts, headers: { Accept: PARTIAL_METADATA_ACCEPT } },
      );
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /**
   * `GET /readyz` through the client's request machinery. The health check
   * reports any non-200 as false (a 401 too), so a source-backed client
   * re-reads its credentials once before it says not ready.
   */
  async readyz(opts?: { timeoutMs?: number }): Promise<boolean> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts?.timeoutMs ?? this.defaultTimeoutMs);
    const check = (apis: Apis) =>
      apis.health.readyz({ signal: controller.signal });
    try {
      let apis: Apis;
      try {
        apis = await this.apis();
      } catch (error) {
        throw this.loadError(error);
      }
      const ready = await check(apis);
      if (ready || !this.source || controller.signal.aborted) {
        return ready;
      }
      let reloaded: Apis;
      try {
        reloaded = await this.apis(apis);
      } catch (error) {
        throw this.loadError(error);
      }
      return await check(reloaded);
    } catch (error) {
      throw toKubernetesError(error, `${this.name}: readyz`, timedOut);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * One key of a Secret's data, decoded, or undefined when the Secret or
   * the key does not exist. Only for credentials the caller needs right
   * away (a CAPI kubeconfig); never stored, never logged.
   */
  async readSecretKey(
    req: { namespace: string; name: string; key: string; type?: string },
    opts?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<string | undefined> {
    let secret: V1Secret;
    try {
      secret = await this.call(
        `get secret ${req.namespace}/${req.name}`,
        (apis, options) =>
          apis.core.readNamespacedSecret(
            { namespace: req.namespace, name: req.name },
            options,
          ),
        opts,
      );
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    if (req.type && secret.type !== req.type) {
      throw new KubernetesRequestError(
        `${this.name}: secret ${req.namespace}/${req.name} has type ${
          secret.type ?? '(none)'
        }, expected ${req.type}`,
      );
    }
    const value = secret.data?.[req.key];
    return value === undefined
      ? undefined
      : Buffer.from(value, 'base64').toString('utf8');
  }
}
