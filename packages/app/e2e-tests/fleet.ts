import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';

/**
 * Reads the local fleet's API servers directly (not through Backstage), to
 * check that what the UI shows really happened there. The fleet is the one
 * scripts/e2e.sh started (FLOTILLA_FLEET_DIR); requests go to each API
 * server itself with the operator's token, verified against its own CA.
 */
interface FleetCluster {
  name: string;
  url: string;
  pkiDir: string;
  tokens: Record<string, string>;
}

function fleetCluster(name: string): FleetCluster {
  const dir = process.env.FLOTILLA_FLEET_DIR ?? '.fleet';
  const fleet = JSON.parse(
    fs.readFileSync(path.join(dir, 'fleet.json'), 'utf8'),
  ) as { clusters: FleetCluster[] };
  const cluster = fleet.clusters.find(c => c.name === name);
  if (!cluster) throw new Error(`${name} is not in ${dir}/fleet.json`);
  return cluster;
}

/** A request to a cluster's API as its admin; the answer parsed (undefined when empty). */
export function requestCluster<T = any>(
  clusterName: string,
  method: 'GET' | 'POST' | 'DELETE',
  apiPath: string,
  body?: unknown,
): Promise<T> {
  const cluster = fleetCluster(clusterName);
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
        res.on('end', () =>
          res.statusCode && res.statusCode >= 200 && res.statusCode < 300
            ? resolve(text ? JSON.parse(text) : undefined)
            : reject(
                new Error(
                  `${clusterName} ${method} ${apiPath}: ${
                    res.statusCode
                  } ${text.slice(0, 300)}`,
                ),
              ),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

/** GET a path of a cluster's API, parsed. */
export function getFromCluster<T = any>(
  clusterName: string,
  apiPath: string,
): Promise<T> {
  return requestCluster<T>(clusterName, 'GET', apiPath);
}

/** Desired and ready replicas of a service's Deployments in one member. */
export async function replicasInMember(
  clusterName: string,
  namespace: string,
  kubernetesId: string,
): Promise<{ desired: number; ready: number }> {
  const list = await getFromCluster<{
    items: Array<{
      spec: { replicas?: number };
      status?: { readyReplicas?: number };
    }>;
  }>(
    clusterName,
    `/apis/apps/v1/namespaces/${namespace}/deployments?labelSelector=${encodeURIComponent(
      `backstage.io/kubernetes-id=${kubernetesId}`,
    )}`,
  );
  return list.items.reduce(
    (sum, d) => ({
      desired: sum.desired + (d.spec.replicas ?? 1),
      ready: sum.ready + (d.status?.readyReplicas ?? 0),
    }),
    { desired: 0, ready: 0 },
  );
}
