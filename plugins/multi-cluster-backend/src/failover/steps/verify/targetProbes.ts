import { probeHealth, ProbeResult } from '../../probe/healthProbe';
import { expandProbeUrl, ProbeUrlError } from '../../probe/probeUrl';
import { StepContext, StepError } from '../types';

/** One target's probe URL. */
export interface ProbeTarget {
  cluster: string;
  url: string;
}

/** A probe's result on one cluster. */
export type ClusterProbe = ProbeResult & { cluster: string };

/**
 * The URL of the service's health probe on each target: `{region}` from
 * the inventory's record of the cluster, `{fleet}` from the configuration.
 * A template that cannot be expanded fails the step at once.
 */
export async function probeTargets(
  ctx: StepContext,
  template: string,
  clusters: string[],
): Promise<ProbeTarget[]> {
  const fleetUrl = ctx.deps.config.healthProbe?.fleetUrl;
  return Promise.all(
    clusters.map(async cluster => {
      const region = template.includes('{region}')
        ? (await ctx.deps.inventory.getCluster(cluster))?.region
        : undefined;
      try {
        return {
          cluster,
          url: expandProbeUrl(template, { cluster, region, fleetUrl }),
        };
      } catch (error) {
        if (error instanceof ProbeUrlError) {
          throw new StepError(error.message, { retryable: false });
        }
        throw error;
      }
    }),
  );
}

/** Probes every target once, at the same time. */
export function probeAll(
  ctx: StepContext,
  targets: ProbeTarget[],
): Promise<ClusterProbe[]> {
  return Promise.all(
    targets.map(async t => ({
      cluster: t.cluster,
      ...(await probeHealth(t.url, ctx.signal)),
    })),
  );
}
