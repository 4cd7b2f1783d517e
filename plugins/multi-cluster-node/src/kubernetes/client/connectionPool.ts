import { createHash } from 'node:crypto';
import https from 'node:https';
import { KubeConfig, type RequestContext } from '@kubernetes/client-node';

/** Most pools kept (one per API server and TLS identity); the oldest unused goes first. */
const MAX_POOLS = 256;
/** Most connections one pool opens to its server at once; more requests queue. */
const MAX_SOCKETS_PER_POOL = 64;
/** An idle kept-alive connection is closed after this long. */
const IDLE_SOCKET_TIMEOUT_MS = 30_000;

const pools = new Map<string, https.Agent>();

function poolKey(server: string, options: https.AgentOptions): string {
  const hash = createHash('sha256');
  for (const part of [
    new URL(server).origin,
    options.ca,
    options.cert,
    options.key,
    options.pfx,
    options.passphrase,
    options.rejectUnauthorized,
    options.servername,
  ]) {
    hash.update(JSON.stringify(part ?? null) ?? 'null');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * The kept-alive agent that stands for `agent` (same server, same TLS
 * options). Credentials sent as headers (tokens) are not part of the key:
 * they travel per request.
 */
function pooledAgent(server: string, agent: https.Agent): https.Agent {
  const key = poolKey(server, agent.options);
  let pool = pools.get(key);
  if (pool) {
    // Most recently used last, so the first entry is the one to evict.
    pools.delete(key);
  } else {
    pool = new https.Agent({
      ...agent.options,
      keepAlive: true,
      maxSockets: MAX_SOCKETS_PER_POOL,
      timeout: IDLE_SOCKET_TIMEOUT_MS,
    });
    if (pools.size >= MAX_POOLS) {
      const [oldestKey, oldest] = pools.entries().next().value!;
      pools.delete(oldestKey);
      oldest.destroy();
    }
  }
  pools.set(key, pool);
  return pool;
}

/** Only a plain https.Agent is pooled: proxy agents (hpagent, socks) keep theirs. */
function isPlainHttpsAgent(agent: unknown): agent is https.Agent {
  return (
    agent instanceof https.Agent &&
    Object.getPrototypeOf(agent) === https.Agent.prototype
  );
}

/**
 * A KubeConfig whose requests share kept-alive connections. client-node
 * makes a new agent, so a new TCP connection and TLS handshake, for every
 * request; a thousand clusters behind one Karmada control plane then cost a
 * thousand handshakes per pass with one server. Here every client of the
 * same server and TLS identity shares one bounded pool.
 */
export class PooledKubeConfig extends KubeConfig {
  static from(kubeConfig: KubeConfig): PooledKubeConfig {
    if (kubeConfig instanceof PooledKubeConfig) return kubeConfig;
    const pooled = new PooledKubeConfig();
    pooled.loadFromOptions({
      clusters: kubeConfig.clusters,
      users: kubeConfig.users,
      contexts: kubeConfig.contexts,
      currentContext: kubeConfig.currentContext,
    });
    return pooled;
  }

  override async applySecurityAuthentication(
    context: RequestContext,
  ): Promise<void> {
    await super.applySecurityAuthentication(context);
    const agent = context.getAgent();
    const server = this.getCurrentCluster()?.server;
    if (server && isPlainHttpsAgent(agent)) {
      context.setAgent(pooledAgent(server, agent));
    }
  }

  override async applyToFetchOptions(
    opts: https.RequestOptions,
  ): ReturnType<KubeConfig['applyToFetchOptions']> {
    const init = await super.applyToFetchOptions(opts);
    const server = this.getCurrentCluster()?.server;
    if (server && isPlainHttpsAgent(init.agent)) {
      init.agent = pooledAgent(server, init.agent);
    }
    return init;
  }
}

/** How many pools are open (for tests and diagnostics). */
export function openConnectionPools(): number {
  return pools.size;
}
