/**
 * OpenCost's Allocation API on the members that run it, as OpenCost answers
 * `GET /allocation/compute?window=..&aggregate=cluster&accumulate=true`
 * (documented at https://opencost.io/docs/integrations/api; the answer is
 * opencost/opencost `pkg/costmodel/router.go` wrapping the accumulated
 * AllocationSet of `core/pkg/opencost/allocation.go` as `{code, data}`):
 * one set, keyed by the cluster id, with the CPU figures the backend prices
 * from (`cpuCost`, `cpuCoreHours`) and the rest of an Allocation's totals.
 *
 * Reached the way a client reaches a real OpenCost: through the member's API
 * service proxy, `/api/v1/namespaces/opencost/services/opencost:9003/proxy/...`.
 * The member's fault proxy answers that path itself: kube-apiserver 1.20
 * refuses to proxy to a Service whose endpoints are loopback addresses, and
 * every process of the local fleet listens on 127.0.0.1.
 */
/** A member's CPU figures over the window, as the scenario declares them. */
export interface OpenCostFigures {
  cpuCost: number;
  cpuCoreHours: number;
  /** Other costs of the window (RAM, PV, network); default 0. */
  ramCost?: number;
}

export const OPENCOST_NAMESPACE = 'opencost';
export const OPENCOST_SERVICE = 'opencost';
export const OPENCOST_PORT = 9003;

const figures = new Map<string, OpenCostFigures>();

export function setOpenCost(
  cluster: string,
  value: OpenCostFigures | undefined,
) {
  if (value) figures.set(cluster, { ...value });
  else figures.delete(cluster);
}

export function getOpenCost(cluster: string): OpenCostFigures | undefined {
  const value = figures.get(cluster);
  return value && { ...value };
}

/** Checks a `PUT /opencost/{cluster}` body: finite non-negative figures, nothing else. */
export function validateOpenCostFigures(
  body: unknown,
): { ok: true; value: OpenCostFigures } | { ok: false; errors: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      ok: false,
      errors: ['expected an object {cpuCost, cpuCoreHours, ramCost?}'],
    };
  }
  const errors: string[] = [];
  const entries = body as Record<string, unknown>;
  for (const key of Object.keys(entries)) {
    if (!['cpuCost', 'cpuCoreHours', 'ramCost'].includes(key)) {
      errors.push(`${key}: unknown field`);
    }
  }
  for (const key of ['cpuCost', 'cpuCoreHours', 'ramCost']) {
    const v = entries[key];
    if (v === undefined && key === 'ramCost') continue;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1e12) {
      errors.push(`${key}: expected a number from 0 to 1e12`);
    }
  }
  return errors.length
    ? { ok: false, errors }
    : { ok: true, value: entries as unknown as OpenCostFigures };
}

const SERVICE_PROXY =
  /^\/api\/v1\/namespaces\/([^/]+)\/services\/(?:https?:)?([^/:]+)(?::([^/]+))?\/proxy(\/[^?]*)?(?:\?(.*))?$/;

/** The OpenCost request a path asks for, or undefined for any other path. */
export function openCostRequest(
  url: string,
): { path: string; query: URLSearchParams } | undefined {
  const match = SERVICE_PROXY.exec(url);
  if (!match) return undefined;
  const [, namespace, service, port, path, query] = match;
  if (namespace !== OPENCOST_NAMESPACE || service !== OPENCOST_SERVICE) {
    return undefined;
  }
  if (port !== undefined && port !== String(OPENCOST_PORT)) return undefined;
  return { path: path ?? '/', query: new URLSearchParams(query ?? '') };
}

/** What OpenCost would answer on this member: status and JSON body. */
export function openCostAnswer(
  cluster: string,
  request: { path: string; query: URLSearchParams },
  now: Date = new Date(),
): [number, unknown] {
  const value = figures.get(cluster);
  if (!value) {
    // No OpenCost Service on this member: the API server's answer.
    return [
      404,
      {
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        message: `services "${OPENCOST_SERVICE}" not found`,
        reason: 'NotFound',
        details: { name: OPENCOST_SERVICE, kind: 'services' },
        code: 404,
      },
    ];
  }
  if (!['/allocation', '/allocation/compute'].includes(request.path)) {
    return [404, { code: 404, message: `no route ${request.path}` }];
  }
  const window = request.query.get('window') ?? '1d';
  const hours = windowHours(window);
  if (hours === undefined) {
    return [400, { code: 400, message: `invalid window: ${window}` }];
  }
  const end = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const start = new Date(end.getTime() - hours * 3_600_000);
  const ramCost = value.ramCost ?? 0;
  const allocation = {
    name: cluster,
    properties: { cluster },
    window: { start: start.toISOString(), end: end.toISOString() },
    start: start.toISOString(),
    end: end.toISOString(),
    minutes: hours * 60,
    cpuCores: value.cpuCoreHours / hours,
    cpuCoreHours: value.cpuCoreHours,
    cpuCost: value.cpuCost,
    gpuCount: 0,
    gpuHours: 0,
    gpuCost: 0,
    networkCost: 0,
    pvCost: 0,
    ramCost,
    sharedCost: 0,
    externalCost: 0,
    totalCost: value.cpuCost + ramCost,
  };
  return [200, { code: 200, data: [{ [cluster]: allocation }] }];
}

/** Hours of an OpenCost duration window (`30m`, `24h`, `7d`). */
function windowHours(window: string): number | undefined {
  const match = /^([0-9]{1,4})([mhd])$/.exec(window);
  if (!match) return undefined;
  const n = Number(match[1]);
  if (n === 0) return undefined;
  const perUnit: Record<string, number> = { m: 1 / 60, h: 1, d: 24 };
  return n * perUnit[match[2]];
}
