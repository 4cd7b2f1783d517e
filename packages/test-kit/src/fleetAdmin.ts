import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';

/** A cluster of the local fleet, as `scripts/fleet.sh` records it in fleet.json. */
export interface FleetAdminCluster {
  name: string;
  kind: string;
  url: string;
  pkiDir: string;
  tokens: Record<string, string>;
}

/** An answer outside 2xx from a fleet cluster's API server. */
export class FleetRequestError extends Error {
  name = 'FleetRequestError';
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

/** The clusters of the fleet in `fleetDir` (default FLOTILLA_FLEET_DIR, else .fleet). */
export function fleetAdminClusters(
  fleetDir = process.env.FLOTILLA_FLEET_DIR ?? '.fleet',
): FleetAdminCluster[] {
  const fleet = JSON.parse(
    fs.readFileSync(path.join(fleetDir, 'fleet.json'), 'utf8'),
  ) as { clusters: FleetAdminCluster[] };
  return fleet.clusters;
}

/**
 * One request to a fleet cluster's API server itself (not through
 * Backstage) with its admin token, verified against its own CA, so a test
 * or bench can check or arrange what the fleet really holds. Resolves the
 * parsed answer (undefined when empty); rejects with a FleetRequestError
 * outside 2xx.
 */
export function requestAsFleetAdmin<T = any>(
  cluster: FleetAdminCluster,
  method: 'GET' | 'POST' | 'DELETE',
  apiPath: string,
  body?: unknown,
): Promise<T> {
  const url = new URL(apiPath, cluster.url);
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method,
        ca: fs.readFileSync(path.join(cluster.pkiDir, 'ca.crt')),
        headers: {
          authorization: `Bearer ${cluster.tokens.admin}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        timeout: 10_000,
      },
      res => {
        let text = '';
        res.on('data', chunk => (text += chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) {
            resolve(text ? JSON.parse(text) : undefined);
            return;
          }
          const what = `${cluster.name} ${method} ${apiPath}: ${status}`;
          reject(
            new FleetRequestError(`${what} ${text.slice(0, 300)}`, status),
          );
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}
