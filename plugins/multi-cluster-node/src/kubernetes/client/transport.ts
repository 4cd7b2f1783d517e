import {
  ApiextensionsV1Api,
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  Health,
  KubeConfig,
  type ConfigurationOptions,
} from '@kubernetes/client-node';
import { PooledKubeConfig } from './connectionPool';
import type { KubernetesRequestOptions } from './request';

/**
 * The generated API clients of one KubeConfig.
 *
 * @public
 */
export interface ApiClients {
  kubeConfig: KubeConfig;
  custom: CustomObjectsApi;
  apps: AppsV1Api;
  core: CoreV1Api;
  apiextensions: ApiextensionsV1Api;
  health: Health;
}

export function makeApiClients(loaded: KubeConfig): ApiClients {
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

/**
 * Options of one request as the API group modules give them.
 *
 * @public
 */
export interface TransportOptions extends KubernetesRequestOptions {
  headers?: Record<string, string>;
}

/**
 * One API server as the API group modules see it: every call runs through
 * `request`, which adds the deadline, the caller's cancellation and the
 * credentials, and turns any failure into a `KubernetesRequestError`
 * (`<name>: <what>: ...`).
 *
 * @public
 */
export interface KubernetesTransport {
  readonly name: string;
  request<T>(
    what: string,
    call: (apis: ApiClients, options: ConfigurationOptions) => Promise<T>,
    opts?: TransportOptions,
  ): Promise<T>;
}
