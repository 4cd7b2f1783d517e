/**
 * Raw admin access to one API server of the fleet. Raw on purpose: the typed
 * clients of @kubernetes/client-node deserialize into their model classes,
 * which drop fields the model does not know, and a round trip must compare
 * exactly what the server stored.
 */
import https from 'node:https';
import { KubeConfig } from '@kubernetes/client-node';
import { FleetClusterDescription } from '@flotilla/fleet-simulator';
import { adminClients } from '../harness/fleet';

export interface ApiResponse {
  status: number;
  /** The parsed JSON body (the raw text when it is not JSON). */
  body: unknown;
}

/** How a server serves a kind, from its discovery document. */
export interface ServedResource {
  /** The resource name in URLs, e.g. `propagationpolicies`. */
  plural: string;
  namespaced: boolean;
}

interface ApiResourceList {
  resources: Array<{ name: string; kind: string; namespaced: boolean }>;
}

export class AdminApiServer {
  private readonly discovery = new Map<
    string,
    Promise<ApiResourceList | undefined>
  >();

  private constructor(
    readonly cluster: FleetClusterDescription,
    private readonly kubeConfig: KubeConfig,
  ) {}

  /** As the fleet's operator (system:masters), straight to the API server. */
  static of(cluster: FleetClusterDescription): AdminApiServer {
    return new AdminApiServer(cluster, adminClients(cluster).kubeConfig);
  }

  get name(): string {
    return this.cluster.name;
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<ApiResponse> {
    const server = this.kubeConfig.getCurrentCluster()?.server;
    if (!server) throw new Error(`${this.name}: kubeconfig has no server`);
    const url = new URL(path, server);
    const options: https.RequestOptions = {
      method,
      hostname: url.hostname,
      port: url.port,
      path: `${url.pathname}${url.search}`,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
    };
    await this.kubeConfig.applyToHTTPSOptions(options);
    return new Promise((resolve, reject) => {
      const req = https.request(options, res => {
        const chunks: Buffer[] = [];
        res.on('data', chunk => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON (e.g. a plain-text error): keep the text.
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      });
      req.on('error', error =>
        reject(new Error(`${this.name}: ${method} ${path}: ${error.message}`)),
      );
      if (body !== undefined) req.write(JSON.stringify(body));
      req.end();
    });
  }

  /**
   * The resource serving `kind` in `apiVersion`, from the server's discovery
   * document; undefined when the server does not serve that group version
   * or kind.
   */
  async resourceFor(
    apiVersion: string,
    kind: string,
  ): Promise<ServedResource | undefined> {
    let list = this.discovery.get(apiVersion);
    if (!list) {
      list = this.fetchResourceList(apiVersion);
      this.discovery.set(apiVersion, list);
    }
    // Subresources (`deployments/scale`) repeat the kind: only top-level names.
    const resource = (await list)?.resources.find(
      r => r.kind === kind && !r.name.includes('/'),
    );
    return resource
      ? { plural: resource.name, namespaced: resource.namespaced }
      : undefined;
  }

  /** URL path of a resource collection, or of one object when `name` is given. */
  static pathOf(
    apiVersion: string,
    resource: ServedResource,
    namespace: string | undefined,
    name?: string,
  ): string {
    const root = apiVersion.includes('/')
      ? `/apis/${apiVersion}`
      : `/api/${apiVersion}`;
    const scope =
      resource.namespaced && namespace
        ? `/namespaces/${encodeURIComponent(namespace)}`
        : '';
    const item = name === undefined ? '' : `/${encodeURIComponent(name)}`;
    return `${root}${scope}/${resource.plural}${item}`;
  }

  private async fetchResourceList(
    apiVersion: string,
  ): Promise<ApiResourceList | undefined> {
    const path = apiVersion.includes('/')
      ? `/apis/${apiVersion}`
      : `/api/${apiVersion}`;
    const response = await this.request('GET', path);
    if (response.status === 404) return undefined;
    if (response.status !== 200) {
      throw new Error(
        `${this.name}: discovery of ${apiVersion} answered ${
          response.status
        }: ${describeBody(response.body)}`,
      );
    }
    return response.body as ApiResourceList;
  }
}

/** The message of a Kubernetes Status, or the body as text. */
export function describeBody(body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body) {
    return String((body as { message: unknown }).message);
  }
  return typeof body === 'string' ? body : JSON.stringify(body);
}
