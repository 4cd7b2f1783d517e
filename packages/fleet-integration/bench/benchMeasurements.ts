/**
 * What the bench measures on the running backend and fleet (the backend's
 * own refresh figures come from its log: ../src/harness/backendLog.ts): entity placement, a
 * member's own response time through the Karmada proxy, and a failover
 * run's steps.
 */
import fs from 'node:fs';
import { AppsV1Api, KubeConfig } from '@kubernetes/client-node';
import { FleetDescription } from '@flotilla/fleet-simulator';
import { RunningBackend } from '../src/harness/backend';
import { eventually } from '@flotilla/test-kit';
import { clusterNamed } from '../src/harness/fleet';
import { BENCH_ENTITY } from './benchClusters';

export interface PlacementSample {
  wallMs: number;
  /** The backend's own `durationMs` in the answer. */
  serverMs: number;
  clustersWithWorkload: string[];
  errors: Array<{ cluster: string; message: string; timeout: boolean }>;
  /** Clusters the workload census ruled out (not read live). */
  notRead: number;
}

/** Longer than the harness's request timeout: a placement over a thousand clusters may take minutes. */
const PLACEMENT_TIMEOUT_MS = 600_000;

export async function placementSample(
  backend: RunningBackend,
): Promise<PlacementSample> {
  const started = performance.now();
  const res = await fetch(
    `${backend.url}/api/multi-cluster/entities/component/default/${BENCH_ENTITY.name}/placement`,
    {
      headers: { authorization: `Bearer ${await backend.token()}` },
      signal: AbortSignal.timeout(PLACEMENT_TIMEOUT_MS),
    },
  );
  const body = await res.json();
  const wallMs = performance.now() - started;
  if (!res.ok) {
    throw new Error(
      `placement answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`,
    );
  }
  return {
    wallMs,
    serverMs: body.durationMs,
    clustersWithWorkload: body.actual.clusters.map(
      (c: { cluster: string }) => c.cluster,
    ),
    errors: body.errors,
    notRead: body.notRead?.clusters ?? 0,
  };
}

/**
 * How long one Karmada Cluster takes to answer what entity placement asks
 * of each cluster (its Deployments and StatefulSets with the entity's
 * label, both at once), asked as the backend asks: through the Karmada
 * control plane's cluster proxy, as the backend's identity, with a
 * client-node KubeConfig like the backend's (a TLS connection per request).
 */
export async function memberResponseMs(
  fleet: FleetDescription,
  cluster: string,
  timeoutMs: number,
): Promise<number> {
  const karmada = clusterNamed(fleet, 'karmada');
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [
      {
        name: cluster,
        server: `${karmada.publicUrl}/apis/cluster.karmada.io/v1alpha1/clusters/${cluster}/proxy`,
        caData: fs.readFileSync(`${karmada.pkiDir}/ca.crt`).toString('base64'),
        skipTLSVerify: false,
      },
    ],
    users: [{ name: 'flotilla', token: karmada.tokens.flotilla }],
    contexts: [{ name: cluster, cluster, user: 'flotilla' }],
    currentContext: cluster,
  });
  const apps = kubeConfig.makeApiClient(AppsV1Api);
  const query = {
    namespace: BENCH_ENTITY.namespace,
    labelSelector: `backstage.io/kubernetes-id=${BENCH_ENTITY.kubernetesId}`,
  };
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all([
      apps.listNamespacedDeployment(query),
      apps.listNamespacedStatefulSet(query),
    ]),
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  return performance.now() - started;
}

export interface FailoverStepFigure {
  title: string;
  kind: string;
  status: string;
  attempts: number;
  durationMs?: number;
}

export interface FailoverFigures {
  id: string;
  status: string;
  /** From POST /failovers to the run's end, as the caller sees it. */
  wallMs: number;
  /** The run's own duration (first step's start to its end). */
  durationMs?: number;
  steps: FailoverStepFigure[];
  error?: string;
}

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

/** Starts a failover and follows it to its end through the failovers API. */
export async function runFailover(
  backend: RunningBackend,
  request: { entityRef: string; from: string; to: string },
  timeoutMs: number,
): Promise<FailoverFigures> {
  const started = performance.now();
  const created = await backend.request(
    'POST',
    '/api/multi-cluster/failovers',
    {
      ...request,
      reason: 'fleet-scale bench: failover orchestration time per step',
      // The source is healthy: without force the plan refuses to leave it.
      force: true,
    },
  );
  if (created.status !== 202) {
    throw new Error(
      `POST /failovers answered ${created.status}: ${JSON.stringify(
        created.body,
      ).slice(0, 500)}`,
    );
  }
  const id: string = created.body.id;
  const run = await eventually(
    async () => {
      const current = await backend.ok(
        'GET',
        `/api/multi-cluster/failovers/${id}`,
      );
      if (!TERMINAL.has(current.status)) {
        throw new Error(
          `run ${id} is ${current.status} (step ${current.currentStep})`,
        );
      }
      return current;
    },
    timeoutMs,
    250,
  );
  return {
    id,
    status: run.status,
    wallMs: performance.now() - started,
    durationMs: run.durationMs,
    error: run.error,
    steps: run.steps.map((step: any) => ({
      title: step.title,
      kind: step.kind,
      status: step.status,
      attempts: step.attempts,
      durationMs: step.durationMs,
    })),
  };
}
