/**
 * Karmada's scheduler: for each (Cluster)ResourceBinding whose spec or
 * candidate clusters changed, computes `spec.clusters` with the common
 * package's `schedule` (Karmada's algorithm) from the binding's placement
 * and the Clusters, writes it with the read resourceVersion, and reports
 * the `Scheduled` condition and `schedulerObservedGeneration`.
 */
import { sameJson } from './sameJson';
import {
  PlacementError,
  schedule,
} from '@flotilla/plugin-multi-cluster-common';
import type { SimulatorContext, Stoppable } from '../context';
import { KarmadaApi, KubeObject } from './karmadaApi';
import { describeError, karmadaKubeConfig, retryOnConflict } from './kube';
import { Fingerprints, startLoop, Wake } from './loop';
import { scheduleRequestFor, schedulingTrigger } from './schedulingInput';
import { setCondition } from './workStatus';

const PLURALS = ['resourcebindings', 'clusterresourcebindings'] as const;

type BindingPlural = (typeof PLURALS)[number];
type Clusters = Awaited<ReturnType<KarmadaApi['listClusters']>>;

interface SchedulerDeps {
  ctx: SimulatorContext;
  karmada: KarmadaApi;
  wake: Wake;
}

/**
 * Schedules the binding and writes a changed `spec.clusters` (updating
 * `binding` with what was written); answers the `Scheduled` condition and
 * the affinity the placement used.
 */
async function placeBinding(
  { ctx, karmada, wake }: SchedulerDeps,
  plural: BindingPlural,
  binding: KubeObject,
  clusters: Clusters,
) {
  try {
    const result = schedule(scheduleRequestFor(binding as never, clusters));
    const targets = result.targets.map(t => ({
      name: t.name,
      ...(t.replicas !== undefined && binding.spec?.replicas !== undefined
        ? { replicas: t.replicas }
        : {}),
    }));
    if (!sameJson(targets, binding.spec?.clusters ?? [])) {
      const written = await karmada.replace(plural, {
        ...binding,
        spec: { ...binding.spec, clusters: targets },
      });
      binding.metadata.resourceVersion = written.metadata.resourceVersion;
      // Writing spec.clusters bumps the generation: that one is observed.
      binding.metadata.generation = written.metadata.generation;
      wake.notify();
      binding.status = written.status;
      ctx.log(
        `karmada scheduler: ${binding.metadata.namespace ?? ''}/${
          binding.metadata.name
        } -> ${
          targets
            .map(t => `${t.name}${'replicas' in t ? `:${t.replicas}` : ''}`)
            .join(', ') || '(none)'
        }`,
      );
    }
    return {
      affinityName: result.affinityName,
      condition: {
        type: 'Scheduled',
        status: 'True' as const,
        reason: 'Success',
        message: 'Binding has been scheduled successfully.',
      },
    };
  } catch (error) {
    if (!(error instanceof PlacementError)) throw error;
    return {
      affinityName: undefined,
      condition: {
        type: 'Scheduled',
        status: 'False' as const,
        reason:
          error.code === 'NoClusterFit' ? 'NoClusterFit' : 'SchedulerError',
        message: error.message,
      },
    };
  }
}

async function scheduleBinding(
  deps: SchedulerDeps,
  plural: BindingPlural,
  first: KubeObject,
  clusters: Clusters,
) {
  const { karmada } = deps;
  await retryOnConflict(async () => {
    const binding = await karmada.get(
      plural,
      first.metadata.name,
      first.metadata.namespace,
    );
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const { condition, affinityName } = await placeBinding(
      deps,
      plural,
      binding,
      clusters,
    );
    const status = {
      ...binding.status,
      schedulerObservedGeneration: binding.metadata.generation,
      ...(affinityName ? { schedulerObservedAffinityName: affinityName } : {}),
      ...(condition.status === 'True' ? { lastScheduledTime: now } : {}),
      conditions: setCondition(binding.status?.conditions, condition, now),
    };
    await karmada.replace(plural, { ...binding, status }, 'status');
  });
}

export function startScheduler(
  ctx: SimulatorContext,
  wake: Wake,
  intervalMs = 5_000,
): Stoppable {
  const karmada = new KarmadaApi(karmadaKubeConfig(ctx.fleet));
  const seen = new Fingerprints();
  const deps: SchedulerDeps = { ctx, karmada, wake };

  return startLoop(
    ctx,
    'scheduler',
    intervalMs,
    async () => {
      const clusters = await karmada.listClusters();
      const live = new Set<string>();
      for (const plural of PLURALS) {
        for (const binding of await karmada.list(plural)) {
          const key = `${plural}/${binding.metadata.namespace ?? ''}/${
            binding.metadata.name
          }`;
          live.add(key);
          const trigger = schedulingTrigger(binding as never, clusters);
          const observed =
            binding.status?.schedulerObservedGeneration ===
            binding.metadata.generation;
          if (observed && !seen.changed(key, trigger)) continue;
          try {
            await scheduleBinding(deps, plural, binding, clusters);
            seen.remember(key, trigger);
          } catch (error) {
            ctx.log(`karmada scheduler: ${key}: ${describeError(error)}`);
          }
        }
      }
      seen.retain(live);
    },
    wake,
  );
}
