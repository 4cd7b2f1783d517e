import fs from 'node:fs';
import knexFactory from 'knex';
import type { FleetDescription } from '@flotilla/fleet-simulator';
import type { RunningBackend } from './backend';
import { eventually, PermanentError } from '@flotilla/test-kit';
import { adminClients, clusterNamed } from './fleet';

export interface RunView {
  id: string;
  status: 'pending' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  error?: string;
  plan: { moves: { cluster: string; before: number; after: number }[] };
  steps: {
    kind: string;
    status: string;
    attempts: number;
    error?: string;
    output?: any;
    durationMs?: number;
  }[];
}

const TERMINAL = ['succeeded', 'failed', 'cancelled'];

/**
 * Throws (to be retried) until the catalog has stitched the entity's owner:
 * the permission policy lets owners fail a service over (IS_ENTITY_OWNER),
 * so before that a backend that has just started answers 403 for an owner.
 */
async function awaitOwner(backend: RunningBackend, entityRef: string) {
  const [kind, rest] = entityRef.split(':');
  const [namespace, name] = rest.split('/');
  const res = await backend.request<{ relations?: { type: string }[] }>(
    'GET',
    `/api/catalog/entities/by-name/${kind}/${namespace}/${name}`,
  );
  if (!res.body?.relations?.some(r => r.type === 'ownedBy')) {
    throw new Error(`the catalog has not stitched ${entityRef}'s owner yet`);
  }
}

/**
 * Starts a failover as the signed-in user; throws an Error to be retried
 * while the backend's first refresh and the catalog's stitching complete,
 * a PermanentError for any other refusal.
 */
export async function startFailover(
  backend: RunningBackend,
  body: Record<string, unknown>,
): Promise<RunView> {
  await awaitOwner(backend, String(body.entityRef));
  const res = await backend.request<{ id: string; run: RunView }>(
    'POST',
    '/api/multi-cluster/failovers',
    body,
  );
  if (res.status !== 202) {
    // 422 (no plan yet) and 404 (not in the catalog yet) can change while
    // the backend's first refresh completes; anything else will not.
    const message = `failover refused: ${res.status} ${JSON.stringify(
      res.body,
    )}`;
    throw [404, 422].includes(res.status)
      ? new Error(message)
      : new PermanentError(message);
  }
  return res.body.run ?? (await getRun(backend, res.body.id));
}

/** Which backend replica holds a run, as the replicas' shared database says. */
export interface RunLease {
  /** `<host>:<pid>:<uuid>#...` of the replica holding the run. */
  leaseOwner?: string;
  /** How many times a replica claimed the run. */
  claims: number;
}

/**
 * The worker lease of a run, read from the `multi-cluster` database of the
 * backends started with `databasePrefix`: the API answers runs without it
 * (the lease is the backend's business, not the caller's).
 */
export async function runLease(
  databasePrefix: string,
  id: string,
): Promise<RunLease> {
  const db = knexFactory({
    client: 'pg',
    connection: {
      host: '127.0.0.1',
      port: 5432,
      user: 'postgres',
      database: `${databasePrefix}multi-cluster`,
    },
  });
  try {
    const row = await db('multi_cluster_failover_runs')
      .where({ id })
      .first('lease_owner', 'claims');
    if (!row)
      throw new Error(`run ${id} is not in ${databasePrefix}multi-cluster`);
    return {
      leaseOwner: row.lease_owner ?? undefined,
      claims: Number(row.claims),
    };
  } finally {
    await db.destroy();
  }
}

export async function getRun(
  backend: RunningBackend,
  id: string,
): Promise<RunView> {
  return backend.ok<RunView>('GET', `/api/multi-cluster/failovers/${id}`);
}

/** Polls a run until it is finished (or `timeoutMs`). */
export async function finishedRun(
  backend: RunningBackend,
  id: string,
  timeoutMs = 600_000,
): Promise<RunView> {
  return eventually(
    async () => {
      const run = await getRun(backend, id);
      if (!TERMINAL.includes(run.status)) {
        throw new Error(
          `run ${id} is ${run.status} (${run.steps
            .map(s => `${s.kind}:${s.status}`)
            .join(', ')})`,
        );
      }
      return run;
    },
    timeoutMs,
    1000,
  );
}

/**
 * The replicas a service's Deployment asks for on each member (or, with
 * `ready`, the replicas its status reports ready), read as the operator.
 */
export async function replicasOnMembers(
  fleet: FleetDescription,
  namespace: string,
  name: string,
  clusters: string[],
  which: 'desired' | 'ready' = 'desired',
): Promise<Record<string, number | undefined>> {
  const out: Record<string, number | undefined> = {};
  for (const cluster of clusters) {
    try {
      const d = await adminClients(
        clusterNamed(fleet, cluster),
      ).apps.readNamespacedDeployment({ namespace, name });
      out[cluster] =
        which === 'ready' ? d.status?.readyReplicas ?? 0 : d.spec?.replicas;
    } catch {
      out[cluster] = undefined;
    }
  }
  return out;
}

/** The simulator's fault control API (packages/fleet-simulator/src/faults). */
export async function fault(
  fleet: FleetDescription,
  method: 'POST' | 'PUT' | 'DELETE',
  urlPath: string,
  body?: unknown,
): Promise<void> {
  const res = await fetch(
    `http://127.0.0.1:${fleet.simulator.port}${urlPath}`,
    {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(120_000),
    },
  );
  if (!res.ok) {
    throw new Error(
      `fault ${method} ${urlPath}: ${res.status} ${await res.text()}`,
    );
  }
}

/** Lines of a cluster's kube-apiserver audit log (JSON, Metadata level). */
export function auditEvents(
  fleet: FleetDescription,
  cluster: string,
): Array<{
  verb: string;
  user: { username: string };
  impersonatedUser?: { username: string };
  objectRef?: {
    apiGroup?: string;
    resource?: string;
    subresource?: string;
    namespace?: string;
    name?: string;
  };
  requestURI: string;
  responseStatus?: { code?: number };
}> {
  const file = `${fleet.dir}/logs/${cluster}.audit.log`;
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line));
}

/**
 * Puts a Karmada-propagated service back as the scenario seeds it: removes
 * the OverridePolicies Flotilla's failovers write (labelled as Flotilla's
 * for the service; an earlier run that did not roll back leaves them), then
 * waits until the members run `baseline`.
 */
export async function resetKarmadaService(
  fleet: FleetDescription,
  service: {
    namespace: string;
    name: string;
    baseline: Record<string, number>;
  },
): Promise<void> {
  const { custom } = adminClients(clusterNamed(fleet, 'karmada'));
  const policies = { group: 'policy.karmada.io', version: 'v1alpha1' };
  const flotillas: { items: { metadata: { name: string } }[] } =
    await custom.listNamespacedCustomObject({
      ...policies,
      namespace: service.namespace,
      plural: 'overridepolicies',
      labelSelector: `app.kubernetes.io/managed-by=flotilla,backstage.io/kubernetes-id=${service.name}`,
    });
  for (const policy of flotillas.items) {
    await custom
      .deleteNamespacedCustomObject({
        ...policies,
        namespace: service.namespace,
        plural: 'overridepolicies',
        name: policy.metadata.name,
      })
      .catch(() => undefined);
  }
  await eventually(async () => {
    const running = await replicasOnMembers(
      fleet,
      service.namespace,
      service.name,
      Object.keys(service.baseline),
    );
    if (JSON.stringify(running) !== JSON.stringify(service.baseline)) {
      throw new Error(`members run ${JSON.stringify(running)}`);
    }
  }, 180_000);
}
