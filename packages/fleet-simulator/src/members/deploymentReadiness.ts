/**
 * Deployment readiness on every member. The kube-controller-manager (and
 * kubelets) are not run on the local fleet: no ReplicaSets or Pods exist.
 * This controller stands in for them at the Deployment's status only: a
 * Deployment whose status has not caught up with its spec (new, scaled,
 * changed) is settled `FLOTILLA_SIM_READY_DELAY_MS` (default 2000 ms) after
 * its last spec change: every replica updated, ready and available, the
 * generation observed (scaled to 0, it ends with 0 ready).
 *
 * Per member: list and watch (listWatch.ts), straight to the API server
 * with the admin certificate, through outages of the member. Status is written through the status
 * subresource with the resourceVersion just read; a 409 re-reads and retries.
 */
import {
  AppsV1Api,
  type KubeConfig,
  type V1Deployment,
} from '@kubernetes/client-node';
import type { SimulatorContext, Stoppable } from '../context';
import { kubeConfigFor, type FleetClusterDescription } from '../fleet';
import { statusCode } from './kube';
import { runListWatch } from './listWatch';
import { isSettled, settledStatus } from './readiness';

export const READY_DELAY_ENV = 'FLOTILLA_SIM_READY_DELAY_MS';
const DEFAULT_READY_DELAY_MS = 2000;
const CONFLICT_RETRIES = 5;

export function readyDelayMs(env = process.env): number {
  const raw = env[READY_DELAY_ENV];
  if (raw === undefined || raw === '') return DEFAULT_READY_DELAY_MS;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(
      `${READY_DELAY_ENV} must be a number of milliseconds >= 0, got '${raw}'`,
    );
  }
  return value;
}

interface Pending {
  generation: number | undefined;
  timer: ReturnType<typeof setTimeout>;
}

function keyOf(d: V1Deployment): string {
  return `${d.metadata?.namespace}/${d.metadata?.name}`;
}

/** The readiness controller of one member. */
export class MemberDeploymentReadiness {
  private readonly apps: AppsV1Api;
  private readonly kc: KubeConfig;
  private readonly pending = new Map<string, Pending>();
  private readonly writes = new Set<Promise<void>>();

  constructor(
    private readonly member: FleetClusterDescription,
    private readonly options: {
      delayMs: number;
      log: (message: string) => void;
      signal: AbortSignal;
    },
  ) {
    this.kc = kubeConfigFor(member, 'direct');
    this.apps = this.kc.makeApiClient(AppsV1Api);
  }

  /** Lists and watches until the signal aborts. */
  async run(): Promise<void> {
    await runListWatch<V1Deployment>({
      name: `${this.member.name}: Deployment readiness`,
      kc: this.kc,
      path: '/apis/apps/v1/deployments',
      list: () => this.apps.listDeploymentForAllNamespaces(),
      onObject: deployment => this.consider(deployment),
      onDelete: deployment => this.forget(keyOf(deployment)),
      log: this.options.log,
      signal: this.options.signal,
    });
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    await Promise.allSettled([...this.writes]);
  }

  /** Schedules the settle of a Deployment that has not caught up; a spec change restarts its delay. */
  private consider(deployment: V1Deployment) {
    const key = keyOf(deployment);
    if (isSettled(deployment)) {
      this.forget(key);
      return;
    }
    const generation = deployment.metadata?.generation;
    const pending = this.pending.get(key);
    if (pending && pending.generation === generation) return;
    if (pending) clearTimeout(pending.timer);
    const timer = setTimeout(() => {
      this.pending.delete(key);
      const write = this.settle(
        deployment.metadata!.namespace!,
        deployment.metadata!.name!,
      )
        .catch(error => {
          // The next list (after the watch fails) or change considers it again.
          this.options.log(
            `members: ${this.member.name}: settling Deployment ${key}: ${
              (error as Error).message
            }`,
          );
        })
        .finally(() => this.writes.delete(write));
      this.writes.add(write);
    }, this.options.delayMs);
    this.pending.set(key, { generation, timer });
  }

  private forget(key: string) {
    const pending = this.pending.get(key);
    if (pending) clearTimeout(pending.timer);
    this.pending.delete(key);
  }

  /** Writes the settled status with the resourceVersion read; re-reads on 409. */
  private async settle(namespace: string, name: string): Promise<void> {
    for (let attempt = 1; !this.options.signal.aborted; attempt++) {
      let current: V1Deployment;
      try {
        current = await this.apps.readNamespacedDeployment({ namespace, name });
      } catch (error) {
        if (statusCode(error) === 404) return;
        throw error;
      }
      if (isSettled(current)) return;
      const body: V1Deployment = { ...current, status: settledStatus(current) };
      try {
        await this.apps.replaceNamespacedDeploymentStatus({
          namespace,
          name,
          body,
        });
        return;
      } catch (error) {
        const code = statusCode(error);
        if (code === 404) return;
        if (code !== 409 || attempt >= CONFLICT_RETRIES) throw error;
      }
    }
  }
}

/** Starts the readiness controller on every member of the fleet. */
export async function startDeploymentReadiness(
  ctx: SimulatorContext,
  options: { delayMs?: number } = {},
): Promise<Stoppable> {
  const stopping = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stopping.signal]);
  const delayMs = options.delayMs ?? readyDelayMs();
  const runs = ctx.fleet.clusters
    .filter(c => c.kind === 'member')
    .map(member =>
      new MemberDeploymentReadiness(member, {
        delayMs,
        log: ctx.log,
        signal,
      }).run(),
    );
  return {
    async stop() {
      stopping.abort();
      await Promise.allSettled(runs);
    },
  };
}
