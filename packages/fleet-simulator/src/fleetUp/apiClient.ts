import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import type { FleetCluster, PlacedCluster } from './clusters';
import { apiPort, file, pkiDir, READY_DEADLINE_MS } from './layout';

export interface ApiAnswer {
  status?: number;
  text: string;
}

interface ClientTls {
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}

const clientTls = new Map<string, ClientTls>();

/** The cluster's CA and admin client certificate, read once. */
function tlsOf(cluster: FleetCluster): ClientTls {
  let tls = clientTls.get(cluster.name);
  if (!tls) {
    const read = (name: string) =>
      fs.readFileSync(path.join(pkiDir(cluster), name));
    tls = {
      ca: read('ca.crt'),
      cert: read('admin.crt'),
      key: read('admin.key'),
    };
    clientTls.set(cluster.name, tls);
  }
  return tls;
}

/** One request to the cluster's API server as the fleet's operator. */
export function requestOnce(
  { cluster, index }: PlacedCluster,
  method: string,
  urlPath: string,
  body?: object,
): Promise<ApiAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: apiPort(index),
        method,
        path: urlPath,
        ...tlsOf(cluster),
        headers: body ? { 'content-type': 'application/json' } : {},
        timeout: 30_000,
      },
      res => {
        let text = '';
        res.on('data', chunk => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    if (body) req.write(JSON.stringify(body));
    req.end();
  });
}

/**
 * One request to a cluster's API server, retried when it times out or the
 * connection fails: 13 API servers starting on 2 cores can take longer than
 * one timeout to answer. Every caller's write is idempotent (a create that
 * meets 409 is taken as done, a replace or a delete may be repeated).
 */
export async function request(
  placed: PlacedCluster,
  method: string,
  urlPath: string,
  body?: object,
): Promise<ApiAnswer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await requestOnce(placed, method, urlPath, body);
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise(resolve => setTimeout(resolve, 1000 * attempt));
    }
  }
}

/** Polls `/readyz` until the API server answers 200. */
export async function waitReady(placed: PlacedCluster): Promise<void> {
  const deadline = Date.now() + READY_DEADLINE_MS;
  for (;;) {
    const answer = await requestOnce(placed, 'GET', '/readyz').catch(
      () => undefined,
    );
    if (answer?.status === 200) return;
    if (Date.now() > deadline) {
      throw new Error(
        `${placed.cluster.name} is not ready after ${
          READY_DEADLINE_MS / 1000
        }s; see ${file('logs', `${placed.cluster.name}.log`)}`,
      );
    }
    await new Promise(resolve => setTimeout(resolve, 300));
  }
}
