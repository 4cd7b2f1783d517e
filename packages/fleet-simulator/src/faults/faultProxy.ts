import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { pipeline } from 'node:stream';
import tls from 'node:tls';
import type { Stoppable } from '../context';
import { failureStatus } from './kubernetesStatus';
import { getFaults, MemberFaults, onFaultsChanged } from './state';
import { openCostAnswer, openCostRequest } from './openCost';

export interface FaultProxyOptions {
  /** The member whose faults (in the registry) this proxy applies. */
  cluster: string;
  /** Where it listens, on 127.0.0.1 (0: any free port). */
  port: number;
  /** The member's kube-apiserver, `https://127.0.0.1:<port>`. */
  target: string;
  /** The member's CA: the proxy verifies the API server against it. */
  ca: Buffer | string;
  /** The member's own serving certificate and key, presented to clients. */
  cert: Buffer | string;
  key: Buffer | string;
  log?: (message: string) => void;
}

/** What the proxy has done, for `GET /faults` and for tests to wait on. */
export interface FaultProxyStats {
  /** Requests sent on to the API server. */
  forwarded: number;
  /** Requests answered with an injected failure. */
  failed: number;
  /** Connections reset or destroyed because the member was partitioned. */
  reset: number;
  /** Requests waiting out an injected latency right now. */
  delaying: number;
  /** Client connections open right now. */
  openConnections: number;
}

export interface FaultProxy extends Stoppable {
  cluster: string;
  port: number;
  stats(): FaultProxyStats;
}

// Hop-by-hop headers (RFC 9110 7.6.1) belong to one connection, not the request.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

/**
 * Partitioned, or stopped by an outage: a member whose API server restarts
 * after an outage stays out of reach until the restart has passed `/readyz`
 * (`outage.ts` clears the outage then), as a load balancer in front of an
 * API server only sends it traffic once it is ready. A request that reached
 * it earlier would be authorized before its RBAC informers synced: a 403.
 */
function unreachable(faults: MemberFaults): boolean {
  return faults.down || faults.outage;
}

function matchesFailure(
  faults: MemberFaults,
  method: string,
  requestPath: string,
): boolean {
  if (faults.failWith === undefined) return false;
  if (faults.failMethods && !faults.failMethods.includes(method)) return false;
  if (faults.failPathPrefix && !requestPath.startsWith(faults.failPathPrefix)) {
    return false;
  }
  return true;
}

type Stats = Omit<FaultProxyStats, 'openConnections'>;

/** The proxy's connections and requests, and what it does with each. */
class FaultProxyConnections {
  readonly cluster: string;
  readonly stats: Stats = { forwarded: 0, failed: 0, reset: 0, delaying: 0 };
  readonly sockets = new Set<net.Socket>();
  readonly agent: https.Agent;
  private readonly log: (message: string) => void;
  private readonly target: URL;
  // The TCP socket under each TLS one: only a TCP socket can be reset (RST).
  private readonly tcpOf = new WeakMap<object, net.Socket>();
  // Requests waiting out a latency re-check it whenever faults change, so a
  // cleared latency takes effect at once and a partition ends them.
  private readonly waiters = new Map<http.IncomingMessage, () => void>();

  constructor(options: FaultProxyOptions) {
    this.cluster = options.cluster;
    this.log = options.log ?? (() => {});
    this.target = new URL(options.target);
    this.agent = new https.Agent({
      keepAlive: true,
      ca: options.ca,
      // The serving certificate names 127.0.0.1 and localhost.
      servername:
        this.target.hostname === '127.0.0.1' ? undefined : this.target.hostname,
    });
  }

  reset(socket: net.Socket) {
    const tcp = this.tcpOf.get(socket) ?? socket;
    if (!tcp.destroyed) tcp.resetAndDestroy();
  }

  /** A partition resets every open connection; waiting requests re-check their latency. */
  onFaultsChanged(previous: MemberFaults, current: MemberFaults) {
    if (current.down && !previous.down) {
      this.log(
        `fault proxy ${this.cluster}: partitioned, resetting ${this.sockets.size} connections`,
      );
      for (const socket of this.sockets) {
        this.stats.reset++;
        this.reset(socket);
      }
    }
    for (const wake of [...this.waiters.values()]) wake();
  }

  /** Resolves when the injected latency has passed (re-read on every change). */
  private waitLatency(req: http.IncomingMessage) {
    return new Promise<void>(resolve => {
      const arrived = Date.now();
      let timer: NodeJS.Timeout | undefined;
      let finished = false;
      const done = () => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        this.waiters.delete(req);
        req.off('close', done);
        this.stats.delaying--;
        resolve();
      };
      const check = () => {
        clearTimeout(timer);
        const remaining =
          arrived + getFaults(this.cluster).latencyMs - Date.now();
        if (remaining <= 0 || req.destroyed) done();
        else timer = setTimeout(check, remaining);
      };
      this.stats.delaying++;
      this.waiters.set(req, check);
      req.on('close', done);
      check();
    });
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse) {
    const { target } = this;
    this.stats.forwarded++;
    const upstream = https.request(
      {
        protocol: 'https:',
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...endToEnd(req.headers), host: target.host },
        agent: this.agent,
      },
      answer => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        // Watches answer in chunks as events happen: send each one on now.
        res.flushHeaders();
        pipeline(answer, res, () => {});
      },
    );
    upstream.on('error', error => {
      if (res.destroyed) return; // the client left first: nothing to tell
      // The API server is unreachable (stopped by an outage) or broke off:
      // the client sees what it would see without a proxy, a dead connection.
      this.log(
        `fault proxy ${this.cluster}: ${req.method} ${req.url}: ${error.message}`,
      );
      this.reset(req.socket);
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    pipeline(req, upstream, () => {});
  }

  private fail(
    code: NonNullable<MemberFaults['failWith']>,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) {
    this.stats.failed++;
    const body = JSON.stringify(
      failureStatus(code, req.method ?? 'GET', req.url ?? '/'),
    );
    // Read the request body first so the connection can be kept alive.
    req.resume();
    req.on('end', () => {
      res.writeHead(code, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'cache-control': 'no-cache, private',
      });
      res.end(body);
    });
  }

  /**
   * OpenCost behind the member's service proxy, answered here: kube-apiserver
   * 1.20 refuses to proxy to a Service whose endpoints are loopback
   * addresses, and every process of the local fleet listens on 127.0.0.1.
   */
  private answer(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    [status, body]: [number, unknown],
  ) {
    this.stats.forwarded++;
    const text = JSON.stringify(body);
    req.resume();
    req.on('end', () => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      });
      res.end(text);
    });
  }

  async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    if (getFaults(this.cluster).latencyMs > 0) await this.waitLatency(req);
    const faults = getFaults(this.cluster);
    if (req.destroyed || unreachable(faults)) {
      this.reset(req.socket);
      return;
    }
    const method = req.method ?? 'GET';
    const openCost =
      method === 'GET' ? openCostRequest(req.url ?? '/') : undefined;
    if (matchesFailure(faults, method, req.url ?? '/')) {
      this.fail(faults.failWith!, req, res);
    } else if (openCost) {
      this.answer(req, res, openCostAnswer(this.cluster, openCost));
    } else {
      this.forward(req, res);
    }
  }

  /**
   * A client connection: refused while partitioned, before any handshake,
   * as a dropped route would; else TLS terminated here (not by an
   * https.Server) to keep hold of the TCP socket.
   */
  accept(
    socket: net.Socket,
    secureContext: tls.SecureContext,
    httpServer: http.Server,
  ) {
    if (unreachable(getFaults(this.cluster))) {
      this.stats.reset++;
      socket.resetAndDestroy();
      return;
    }
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
    const secure = new tls.TLSSocket(socket, { isServer: true, secureContext });
    secure.on('error', () => socket.destroy());
    this.tcpOf.set(secure, socket);
    httpServer.emit('connection', secure);
  }
}

/**
 * Stands in front of one member's kube-apiserver as if it were it (same
 * serving certificate, same CA), forwards every request unchanged (bearer
 * tokens and Impersonate-* headers included; client certificates cannot pass
 * a TLS-terminating proxy) and applies the member's faults from the registry.
 */
export async function startFaultProxy(
  options: FaultProxyOptions,
): Promise<FaultProxy> {
  const { cluster } = options;
  const log = options.log ?? (() => {});
  const connections = new FaultProxyConnections(options);
  const unsubscribe = onFaultsChanged(change => {
    if (change.cluster !== cluster) return;
    connections.onFaultsChanged(change.previous, change.current);
  });

  const httpServer = http.createServer((req, res) => {
    connections.handle(req, res).catch(error => {
      log(`fault proxy ${cluster}: ${error}`);
      req.socket.destroy();
    });
  });
  // Long watches: no timeout of the proxy's own ends a request early.
  httpServer.requestTimeout = 0;
  const secureContext = tls.createSecureContext({
    cert: options.cert,
    key: options.key,
  });

  // TCP in front of TLS, so a partition refuses connections before any
  // handshake, as a dropped route would, and open ones can be reset.
  const tcpServer = net.createServer(socket =>
    connections.accept(socket, secureContext, httpServer),
  );

  await new Promise<void>((resolve, reject) => {
    tcpServer.once('error', reject);
    tcpServer.listen(options.port, '127.0.0.1', () => {
      tcpServer.off('error', reject);
      resolve();
    });
  });
  const port = (tcpServer.address() as net.AddressInfo).port;
  log(`fault proxy ${cluster}: https://127.0.0.1:${port} -> ${options.target}`);

  return {
    cluster,
    port,
    stats: () => ({
      ...connections.stats,
      openConnections: connections.sockets.size,
    }),
    async stop() {
      unsubscribe();
      const closed = new Promise<void>(resolve =>
        tcpServer.close(() => resolve()),
      );
      for (const socket of connections.sockets) socket.destroy();
      connections.agent.destroy();
      httpServer.close();
      await closed;
    },
  };
}
