import http from 'node:http';
import net from 'node:net';
import type { Stoppable } from '../context';
import type { FleetClusterDescription } from '../fleet';
import type { FaultProxyStats } from './faultProxy';
import { OutageController } from './outage';
import { getOpenCost, setOpenCost, validateOpenCostFigures } from './openCost';
import { serviceHealth } from './serviceHealth';
import { clearFaults, getFaults, MemberFaults, setFaults } from './state';
import { validateFaultsPatch } from './validation';

export interface ControlServerOptions {
  /** 127.0.0.1 port (0: any free port). */
  port: number;
  /** The members whose faults it controls. */
  members: FleetClusterDescription[];
  outages: OutageController;
  /** The fault proxy statistics of a member, when it has a proxy. */
  proxyStats?: (cluster: string) => FaultProxyStats | undefined;
  log?: (message: string) => void;
}

export interface ControlServer extends Stoppable {
  port: number;
}

export interface MemberFaultReport {
  name: string;
  url: string;
  publicUrl: string;
  faults: MemberFaults;
  apiServer: { running: boolean; pid?: number };
  proxy?: FaultProxyStats;
}

const MAX_BODY_BYTES = 64 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: string[],
  ) {
    super(message);
  }
}

function readJson(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, `the body exceeds ${MAX_BODY_BYTES} bytes`));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new HttpError(400, 'the body is not valid JSON'));
      }
    });
    req.on('error', reject);
  });
}

/** The routes of the fault API, each a method over the members and the registry. */
class FaultApi {
  private readonly members: Map<string, FleetClusterDescription>;

  constructor(
    private readonly options: ControlServerOptions,
    private readonly log: (message: string) => void,
  ) {
    this.members = new Map(options.members.map(m => [m.name, m]));
  }

  private member(name: string) {
    const found = this.members.get(name);
    if (!found) {
      throw new HttpError(
        404,
        `unknown cluster ${JSON.stringify(name)} (members: ${[
          ...this.members.keys(),
        ].join(', ')})`,
      );
    }
    return found;
  }

  private report(m: FleetClusterDescription): MemberFaultReport {
    const { running, pid } = this.options.outages.state(m);
    const proxy = this.options.proxyStats?.(m.name);
    return {
      name: m.name,
      url: m.url,
      publicUrl: m.publicUrl,
      faults: getFaults(m.name),
      apiServer: pid === undefined ? { running } : { running, pid },
      ...(proxy ? { proxy } : {}),
    };
  }

  private everyMember(): [number, unknown] {
    return [
      200,
      { clusters: [...this.members.values()].map(m => this.report(m)) },
    ];
  }

  /** `/faults`: every member's faults, or all of them cleared. */
  private allFaults(method: string): [number, unknown] {
    if (method === 'GET') return this.everyMember();
    if (method === 'DELETE') {
      clearFaults();
      this.log('faults: cleared on every member');
      return this.everyMember();
    }
    throw new HttpError(
      405,
      `${method} /faults is not supported (GET, DELETE)`,
    );
  }

  /** `/faults/{cluster}`: one member's faults, patched or cleared. */
  private async memberFaults(
    method: string,
    name: string,
    req: http.IncomingMessage,
  ): Promise<[number, unknown]> {
    const m = this.member(name);
    if (method === 'GET') return [200, this.report(m)];
    if (method === 'DELETE') {
      clearFaults(m.name);
      this.log(`faults: cleared on ${m.name}`);
      return [200, this.report(m)];
    }
    if (method === 'PUT') {
      const checked = validateFaultsPatch(await readJson(req));
      if (!checked.ok) {
        throw new HttpError(400, 'invalid fault patch', checked.errors);
      }
      setFaults(m.name, checked.patch);
      this.log(`faults: ${m.name} ${JSON.stringify(getFaults(m.name))}`);
      return [200, this.report(m)];
    }
    throw new HttpError(
      405,
      `${method} /faults/{cluster} is not supported (GET, PUT, DELETE)`,
    );
  }

  /** `/opencost/{cluster}`: the figures its OpenCost answers with. */
  private async memberOpenCost(
    method: string,
    name: string,
    req: http.IncomingMessage,
  ): Promise<[number, unknown]> {
    const m = this.member(name);
    if (method === 'PUT') {
      const checked = validateOpenCostFigures(await readJson(req));
      if (!checked.ok) {
        throw new HttpError(400, 'invalid OpenCost figures', checked.errors);
      }
      setOpenCost(m.name, checked.value);
      this.log(`opencost: ${m.name} ${JSON.stringify(checked.value)}`);
    } else if (method === 'DELETE') {
      setOpenCost(m.name, undefined);
    } else if (method !== 'GET') {
      throw new HttpError(
        405,
        `${method} /opencost/{cluster} is not supported (GET, PUT, DELETE)`,
      );
    }
    return [200, { name: m.name, openCost: getOpenCost(m.name) ?? null }];
  }

  /** `/clusters/{cluster}/outage|restore`; undefined for another action. */
  private async clusterAction(
    method: string,
    name: string,
    action: string,
  ): Promise<[number, unknown] | undefined> {
    const m = this.member(name);
    if (method !== 'POST') {
      throw new HttpError(
        405,
        `${method} /clusters/{cluster}/${action} is not supported (POST)`,
      );
    }
    if (action === 'outage') {
      await this.options.outages.outage(m);
      return [200, this.report(m)];
    }
    if (action === 'restore') {
      await this.options.outages.restore(m);
      return [200, this.report(m)];
    }
    return undefined;
  }

  /** `/health/{cluster}/{service}`: the service's health endpoint on the member. */
  private memberServiceHealth(
    method: string,
    name: string,
    service: string,
  ): [number, unknown] {
    const m = this.member(name);
    if (method !== 'GET') {
      throw new HttpError(
        405,
        `${method} /health/{cluster}/{service} is not supported (GET)`,
      );
    }
    const answer = serviceHealth(m.name, service);
    if (!answer) throw new HttpError(400, 'the service must be a DNS label');
    return answer;
  }

  async route(
    method: string,
    parts: string[],
    req: http.IncomingMessage,
  ): Promise<[number, unknown]> {
    const [first, name, action, ...rest] = parts;
    if (first === 'healthz' && parts.length === 1 && method === 'GET') {
      return [200, { ok: true }];
    }
    if (first === 'health' && parts.length === 3) {
      return this.memberServiceHealth(method, name, action);
    }
    if (first === 'faults' && parts.length === 1) return this.allFaults(method);
    if (first === 'faults' && parts.length === 2)
      return this.memberFaults(method, name, req);
    if (first === 'opencost' && parts.length === 2) {
      return this.memberOpenCost(method, name, req);
    }
    if (first === 'clusters' && parts.length === 3 && rest.length === 0) {
      const answer = await this.clusterAction(method, name, action);
      if (answer) return answer;
    }
    throw new HttpError(404, `no route for ${method} /${parts.join('/')}`);
  }
}

/** The status and body of a failed request: its HttpError, else a logged 500. */
function errorAnswer(
  error: unknown,
  log: (message: string) => void,
  what: string,
): [number, unknown] {
  if (error instanceof HttpError) {
    return [
      error.status,
      {
        error: error.message,
        ...(error.details ? { details: error.details } : {}),
      },
    ];
  }
  log(`fault API: ${what}: ${error}`);
  return [
    500,
    { error: error instanceof Error ? error.message : String(error) },
  ];
}

/**
 * The fault API on 127.0.0.1 (the fault CLI and `fleet.sh status` use it):
 *   GET    /healthz
 *   GET    /faults                       every member's faults, API server and proxy
 *   PUT    /faults/{cluster}             merge a fault patch (validated strictly)
 *   DELETE /faults[/{cluster}]           clear the faults of one member or all
 *   POST   /clusters/{cluster}/outage    stop its kube-apiserver (answers once stopped)
 *   POST   /clusters/{cluster}/restore   restart it (answers once /readyz is 200)
 *   GET    /health/{cluster}/{service}   a service's health endpoint on the member
 *                                        (200, or its `probeFailWith` fault)
 *   GET|PUT|DELETE /opencost/{cluster}   the figures its OpenCost answers with
 */
export async function startControlServer(
  options: ControlServerOptions,
): Promise<ControlServer> {
  const log = options.log ?? (() => {});
  const api = new FaultApi(options, log);

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    Promise.resolve()
      .then(() => {
        let parts: string[];
        try {
          parts = url.pathname
            .split('/')
            .filter(Boolean)
            .map(decodeURIComponent);
        } catch {
          throw new HttpError(400, `malformed path ${url.pathname}`);
        }
        return api.route(method, parts, req);
      })
      .catch((error: unknown): [number, unknown] =>
        errorAnswer(error, log, `${method} ${url.pathname}`),
      )
      .then(([status, body]) => {
        const text = `${JSON.stringify(body, null, 2)}\n`;
        res.writeHead(status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        });
        res.end(text);
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;
  log(`fault API on http://127.0.0.1:${port}`);
  return {
    port,
    async stop() {
      const closed = new Promise<void>(resolve =>
        server.close(() => resolve()),
      );
      server.closeAllConnections();
      await closed;
      await options.outages.idle();
    },
  };
}
