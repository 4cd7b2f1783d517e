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

/** GET a path of a cluster's API, parsed. */
export function getFromCluster<T = any>(
  clusterName: string,
  apiPath: string,
): Promise<T> {
  const cluster = fleetCluster(clusterName);
  const url = new URL(apiPath, cluster.url);
  return new Promise((resolve, reject) => {
    const req = https.get(
      url,
      {
        ca: fs.readFileSync(path.join(cluster.pkiDir, 'ca.crt')),
        headers: { authorization: `Bearer ${cluster.tokens.admin}` },
        timeout: 10_000,
      },
      res => {
        let text = '';
        res.on('data', chunk => (text += chunk));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(JSON.parse(text))
            : reject(new Error(`${clusterName} ${apiPath}: ${res.statusCode}`)),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
  });
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
