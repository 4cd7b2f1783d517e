import {
  KubeConfig,
  type ConfigurationOptions,
  type V1ConfigMap,
  type V1ObjectMeta,
  type V1Node,
  type V1Scale,
  type V1Service,
} from '@kubernetes/client-node';
import * as apps from '../apis/apps';
import type { ScaleRequest, Workload, WorkloadKind } from '../apis/apps';
import { customResourceDefinitionExists } from '../apis/apiextensions';
import * as core from '../apis/core';
import type { SecretKeyRequest } from '../apis/core';
import * as customObjects from '../apis/customObjects';
import type {
  CustomObject,
  CustomObjectList,
  CustomObjectRef,
  CustomResource,
} from '../apis/customObjects';
import {
  CredentialsUnavailableError,
  isUnauthorized,
  toKubernetesError,
} from './errors';
import {
  buildKubeConfig,
  type KubeConfigSource,
  type KubernetesEndpoint,
} from './kubeConfig';
import {
  requestConfiguration,
  requestSignal,
  type KubernetesRequestOptions,
  type ObjectName,
} from './request';
import {
  makeApiClients,
  type ApiClients,
  type KubernetesTransport,
  type TransportOptions,
} from './transport';
import { errorMessage } from '../../util/errorMessage';

/**
 * One Kubernetes API server over `@kubernetes/client-node`. All Kubernetes
 * access of the plugin goes through {@link KubernetesClient.request}: every
 * request gets a deadline and the caller's cancellation
 * (`AbortSignal.timeout`/`AbortSignal.any`), and its errors lose their
 * credentials. A client built from a {@link KubeConfigSource} loads its
 * credentials on first use and reloads them once when the server answers
 * 401. The typed methods are the API group modules (`../apis`) bound to
 * this server.
 *
 * @public
 */
export class KubernetesClient implements KubernetesTransport {
  private current?: ApiClients;
  /** When a source-backed client last loaded its credentials. */
  private loadedAt = 0;
  private loading?: Promise<ApiClients>;
  private readonly source?: KubeConfigSource;

  constructor(
    readonly name: string,
    kubeConfig: KubeConfig | KubeConfigSource,
    private readonly defaultTimeoutMs: number,
  ) {
    if (kubeConfig instanceof KubeConfig) {
      this.current = makeApiClients(kubeConfig);
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
  private apis(stale?: ApiClients): Promise<ApiClients> {
    const maxAgeMs = this.source?.maxAgeMs;
    const expired =
      maxAgeMs !== undefined && Date.now() - this.loadedAt > maxAgeMs;
    if (this.current && !expired && (this.current !== stale || !this.source)) {
      return Promise.resolve(this.current);
    }
    if (!this.loading) {
      this.loading = this.source!.load()
        .then(kubeConfig => {
          this.current = makeApiClients(kubeConfig);
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
    const message = errorMessage(error);
    return new CredentialsUnavailableError(
      `${this.name}: cannot load credentials: ${message}`,
    );
  }

  /**
   * Runs `call` with the loaded credentials, once more with reloaded ones
   * when a source-backed client is refused with 401 (`retry` says whether
   * the answer asks for that), under one deadline.
   */
  private async withCredentials<T>(
    what: string,
    call: (apis: ApiClients, signal: AbortSignal) => Promise<T>,
    retry: (error: unknown, result?: T) => boolean,
    opts?: KubernetesRequestOptions,
  ): Promise<T> {
    const { signal, timedOut } = requestSignal(
      opts?.timeoutMs ?? this.defaultTimeoutMs,
      opts?.signal,
    );
    try {
      let apis: ApiClients;
      try {
        apis = await this.apis();
      } catch (error) {
        throw this.loadError(error);
      }
      let result: T;
      try {
        result = await call(apis, signal);
        if (!this.source || signal.aborted || !retry(undefined, result)) {
          return result;
        }
      } catch (error) {
        // A 401 is refused before anything happens, so one retry with
        // reloaded (rotated) credentials is safe for every verb.
        if (!this.source || signal.aborted || !retry(error)) throw error;
      }
      let reloaded: ApiClients;
      try {
        reloaded = await this.apis(apis);
      } catch (loadFailure) {
        throw this.loadError(loadFailure);
      }
      return await call(reloaded, signal);
    } catch (error) {
      throw toKubernetesError(error, `${this.name}: ${what}`, timedOut());
    }
  }

  /** One request through the generated clients (see {@link KubernetesTransport}). */
  request<T>(
    what: string,
    call: (apis: ApiClients, options: ConfigurationOptions) => Promise<T>,
    opts?: TransportOptions,
  ): Promise<T> {
    return this.withCredentials(
      what,
      (apis, signal) => call(apis, requestConfiguration(signal, opts?.headers)),
      error => isUnauthorized(error),
      opts,
    );
  }

  /**
   * `GET /readyz` through the client's request machinery. The health check
   * reports any non-200 as false (a 401 too), so a source-backed client
   * re-reads its credentials once before it says not ready.
   */
  readyz(opts?: { timeoutMs?: number }): Promise<boolean> {
    return this.withCredentials(
      'readyz',
      async (apis, signal) => {
        let ready = false;
        try {
          ready = await apis.health.readyz({ signal });
        } catch (error) {
          if ((error as Error)?.name === 'AbortError') throw error;
        }
        if (ready) return true;
        // client-node's health check hides why it failed (a refused
        // credential, an untrusted certificate, a closed port): one
        // discovery call, which any authenticated identity may make, tells.
        await apis.core.getAPIResources(requestConfiguration(signal));
        return false;
      },
      (error, ready) =>
        isUnauthorized(error) || (error === undefined && !ready),
      opts,
    );
  }

  // ---- the API group modules, bound to this server ------------------------

  listCustomObjects<T = CustomObject>(
    req: CustomResource & { namespace?: string; labelSelector?: string },
    opts?: KubernetesRequestOptions,
  ): Promise<CustomObjectList<T>> {
    return customObjects.listCustomObjects<T>(this, req, opts);
  }

  getCustomObject<T = CustomObject>(
    req: CustomObjectRef,
    opts?: KubernetesRequestOptions,
  ): Promise<T> {
    return customObjects.getCustomObject<T>(this, req, opts);
  }

  createCustomObject<T = CustomObject>(
    req: CustomResource & { namespace: string; name: string; body: object },
    opts?: KubernetesRequestOptions,
  ): Promise<T> {
    return customObjects.createCustomObject<T>(this, req, opts);
  }

  /** JSON merge patch (`application/merge-patch+json`). */
  mergePatchCustomObject<T = CustomObject>(
    req: CustomObjectRef & { body: object },
    opts?: KubernetesRequestOptions,
  ): Promise<T> {
    return customObjects.mergePatchCustomObject<T>(this, req, opts);
  }

  deleteCustomObject(
    req: CustomObjectRef & { resourceVersion?: string },
    opts?: KubernetesRequestOptions,
  ): Promise<unknown> {
    return customObjects.deleteCustomObject(this, req, opts);
  }

  listWorkloads(
    kind: WorkloadKind,
    req: { namespace?: string; labelSelector: string },
    opts?: KubernetesRequestOptions,
  ): Promise<Workload[]> {
    return apps.listWorkloads(this, kind, req, opts);
  }

  getWorkload(
    kind: WorkloadKind,
    req: ObjectName,
    opts?: KubernetesRequestOptions,
  ): Promise<Workload> {
    return apps.getWorkload(this, kind, req, opts);
  }

  scaleWorkload(
    kind: WorkloadKind,
    req: ScaleRequest,
    opts?: KubernetesRequestOptions,
  ): Promise<V1Scale> {
    return apps.scaleWorkload(this, kind, req, opts);
  }

  listNodes(
    req: { labelSelector?: string } = {},
    opts?: KubernetesRequestOptions,
  ): Promise<V1Node[]> {
    return core.listNodes(this, req, opts);
  }

  getConfigMap(
    req: ObjectName,
    opts?: KubernetesRequestOptions,
  ): Promise<V1ConfigMap | undefined> {
    return core.getConfigMap(this, req, opts);
  }

  getNamespaceMetadata(
    name: string,
    opts?: KubernetesRequestOptions,
  ): Promise<V1ObjectMeta | undefined> {
    return core.getNamespaceMetadata(this, name, opts);
  }

  listServices(
    req: { namespace: string; labelSelector?: string },
    opts?: KubernetesRequestOptions,
  ): Promise<V1Service[]> {
    return core.listServices(this, req, opts);
  }

  listSecretMetadata(
    namespace: string,
    labelSelector?: string,
    opts?: KubernetesRequestOptions,
  ): Promise<V1ObjectMeta[]> {
    return core.listSecretMetadata(this, namespace, labelSelector, opts);
  }

  readSecretKey(
    req: SecretKeyRequest,
    opts?: KubernetesRequestOptions,
  ): Promise<string | undefined> {
    return core.readSecretKey(this, req, opts);
  }

  customResourceDefinitionExists(
    name: string,
    opts?: KubernetesRequestOptions,
  ): Promise<boolean> {
    return customResourceDefinitionExists(this, name, opts);
  }
}
