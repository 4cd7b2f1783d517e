/**
 * Kubernetes client plumbing shared by the Karmada controllers: the
 * control plane's config, a member's config built from its Cluster secret
 * (as Karmada's controllers build it), and optimistic-concurrency retries.
 */
import https from 'node:https';
import tls from 'node:tls';
import { ApiException, CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import type { FleetDescription } from '../fleet';
import { kubeConfigFor } from '../fleet';
import type { Cluster } from './clusterTypes';

export const KARMADA_CLUSTER_NAMESPACE = 'karmada-cluster';
export const CLUSTER_GROUP = 'cluster.karmada.io';
export const POLICY_GROUP = 'policy.karmada.io';
export const WORK_GROUP = 'work.karmada.io';

export function karmadaOf(fleet: FleetDescription) {
  const karmada = fleet.clusters.find(c => c.kind === 'karmada');
  if (!karmada) throw new Error('the fleet has no Karmada control plane');
  return karmada;
}

type RequestContext = Parameters<KubeConfig['applySecurityAuthentication']>[0];

/**
 * A KubeConfig whose API clients share one HTTPS agent: client-node makes a
 * new agent (so a full TLS handshake) for every request, which for
 * controllers polling every few seconds costs more CPU than the work itself.
 */
export class SharedAgentKubeConfig extends KubeConfig {
  private agent?: https.Agent;

  static from(config: KubeConfig): SharedAgentKubeConfig {
    const shared = new SharedAgentKubeConfig();
    shared.loadFromString(config.exportConfig());
    return shared;
  }

  override async applySecurityAuthentication(
    context: RequestContext,
  ): Promise<void> {
    await super.applySecurityAuthentication(context);
    const fresh = context.getAgent();
    if (!(fresh instanceof https.Agent)) return;
    // Not kept alive: node-fetch (under client-node) fails chunked answers
    // on reused sockets ("Premature close"); the shared agent still resumes
    // TLS sessions, which spares most of each handshake. One TLS context for
    // every connection: making it per connection (parsing the CA and the
    // client key) was a large part of a profile with a thousand Clusters.
    if (!this.agent) {
      const { ca, cert, key } = fresh.options;
      this.agent = new https.Agent({
        ...fresh.options,
        keepAlive: false,
        secureContext: tls.createSecureContext({ ca, cert, key }),
      });
    }
    context.setAgent(this.agent);
  }
}

const karmadaConfigs = new WeakMap<FleetDescription, KubeConfig>();

/** The Karmada control plane, with its admin client certificate (one shared agent per fleet). */
export function karmadaKubeConfig(fleet: FleetDescription): KubeConfig {
  let config = karmadaConfigs.get(fleet);
  if (!config) {
    config = SharedAgentKubeConfig.from(kubeConfigFor(karmadaOf(fleet)));
    karmadaConfigs.set(fleet, config);
  }
  return config;
}

export function statusCode(error: unknown): number | undefined {
  if (error instanceof ApiException) return error.code;
  const code = (error as { code?: unknown; statusCode?: unknown })?.code;
  return typeof code === 'number' ? code : undefined;
}

export function isNotFound(error: unknown): boolean {
  return statusCode(error) === 404;
}

export function isConflict(error: unknown): boolean {
  return statusCode(error) === 409;
}

/** Why a call failed, short (ApiException messages carry whole header dumps). */
export function describeError(error: unknown): string {
  if (error instanceof ApiException) {
    const body = error.body as unknown;
    let message: string | undefined;
    if (typeof body === 'string') {
      try {
        message = JSON.parse(body)?.message;
      } catch {
        message = body.slice(0, 200);
      }
    } else message = (body as { message?: string })?.message;
    return `HTTP ${error.code}${message ? `: ${message}` : ''}`;
  }
  return (error as Error)?.message ?? String(error);
}

/**
 * Runs read-modify-write `attempt` again (it must re-read) while the write
 * answers 409 Conflict, up to `attempts` times.
 */
export async function retryOnConflict<T>(
  attempt: () => Promise<T>,
  attempts = 5,
): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isConflict(error) || i >= attempts) throw error;
    }
  }
}

export interface MemberAccess {
  kubeConfig: KubeConfig;
  /** For plain HTTPS requests (probes): kept alive, trusting the member CA. */
  agent: https.Agent;
  endpoint: string;
  token: string;
  caBundle?: string;
}

const secretCache = new Map<
  string,
  { until: number; data: Promise<Record<string, string>> }
>();

/**
 * A Secret's data, decoded; cached for `ttlMs` (controllers read it often).
 * Callers asking while it is being read share that read: many Clusters may
 * name one Secret, and a pass over them would otherwise read it once each.
 */
export function readSecretData(
  core: CoreV1Api,
  namespace: string,
  name: string,
  ttlMs = 5_000,
): Promise<Record<string, string>> {
  const key = `${namespace}/${name}`;
  const cached = secretCache.get(key);
  if (cached && cached.until > Date.now()) return cached.data;
  const data = core.readNamespacedSecret({ namespace, name }).then(secret => {
    const decoded: Record<string, string> = {};
    for (const [k, v] of Object.entries(secret.data ?? {})) {
      decoded[k] = Buffer.from(v, 'base64').toString('utf8');
    }
    return decoded;
  });
  // Until it answers; then for `ttlMs`. A failed read is not kept.
  secretCache.set(key, { until: Infinity, data });
  data.then(
    () => secretCache.set(key, { until: Date.now() + ttlMs, data }),
    () => {
      if (secretCache.get(key)?.data === data) secretCache.delete(key);
    },
  );
  return data;
}

const memberConfigs = new Map<
  string,
  { kubeConfig: SharedAgentKubeConfig; agent: https.Agent }
>();

/** How Karmada's controllers reach a Push member: apiEndpoint, secretRef's token and CA. */
export async function memberAccess(
  core: CoreV1Api,
  cluster: Cluster,
): Promise<MemberAccess> {
  const ref = cluster.spec.secretRef;
  const endpoint = cluster.spec.apiEndpoint;
  if (!ref || !endpoint) {
    throw new Error(
      `cluster ${cluster.metadata.name} has no apiEndpoint or secretRef`,
    );
  }
  const data = await readSecretData(core, ref.namespace, ref.name);
  if (!data.token)
    throw new Error(`secret ${ref.namespace}/${ref.name} has no token`);
  const key = `${endpoint}|${data.token}|${data.caBundle ?? ''}`;
  const cached = memberConfigs.get(key);
  if (cached) {
    return { ...cached, endpoint, token: data.token, caBundle: data.caBundle };
  }
  const kubeConfig = new SharedAgentKubeConfig();
  const agent = new https.Agent({
    ca: data.caBundle,
    rejectUnauthorized: cluster.spec.insecureSkipTLSVerification !== true,
    keepAlive: true,
  });
  memberConfigs.set(key, { kubeConfig, agent });
  kubeConfig.loadFromOptions({
    clusters: [
      {
        name: cluster.metadata.name,
        server: endpoint,
        caData: data.caBundle
          ? Buffer.from(data.caBundle).toString('base64')
          : undefined,
        skipTLSVerify: cluster.spec.insecureSkipTLSVerification === true,
      },
    ],
    users: [{ name: 'karmada-controller', token: data.token }],
    contexts: [
      {
        name: 'member',
        cluster: cluster.metadata.name,
        user: 'karmada-controller',
      },
    ],
    currentContext: 'member',
  });
  return {
    kubeConfig,
    agent,
    endpoint,
    token: data.token,
    caBundle: data.caBundle,
  };
}
