/**
 * The Fleet agents' side: each BundleDeployment's status as the agent in
 * its cluster reports it, from the scenario's state of the add-on there
 * (agentStatus). An `unknown` cluster's agent never reports. Writes only on
 * change (condition times aside).
 */
import type { Stoppable } from '../context';
import { runReconcileLoop } from '../capi/kube';
import { deepEqual } from '../capi/status';
import type { FleetRuntime } from './runtime';
import type {
  BundleDeployment,
  BundleDeploymentStatus,
  FleetCluster,
} from './fleetObjects';
import {
  FLEET_LABELS,
  FLEET_TYPES,
  agentStatus,
  fleetAddons,
  gitRepoRef,
} from './model';

/** A status without condition times; an empty status is no status. */
const comparable = (status: BundleDeploymentStatus | undefined) =>
  status && Object.keys(status).length > 0
    ? {
        ...status,
        conditions: (status.conditions ?? []).map(
          ({ lastUpdateTime, ...c }) => c,
        ),
      }
    : undefined;

export async function reconcileAgents(rt: FleetRuntime, now = new Date()) {
  const { custom } = rt;
  const addons = fleetAddons(rt.ctx.scenario.addons);
  const [deployments, clusters] = await Promise.all([
    custom.list<BundleDeployment>(FLEET_TYPES.bundleDeployment),
    custom.list<FleetCluster>(FLEET_TYPES.cluster),
  ]);
  for (const bd of deployments) {
    const labels = bd.metadata.labels ?? {};
    const addon = addons.find(a => {
      const ref = gitRepoRef(a);
      return (
        ref.name === labels[FLEET_LABELS.repoName] &&
        ref.namespace === labels[FLEET_LABELS.bundleNamespace]
      );
    });
    const cluster = clusters.find(
      c =>
        c.metadata.name === labels[FLEET_LABELS.cluster] &&
        c.metadata.namespace === labels[FLEET_LABELS.clusterNamespace],
    );
    const member =
      cluster?.metadata.labels?.[FLEET_LABELS.rancherDisplayName] ??
      labels[FLEET_LABELS.cluster];
    const status = agentStatus(
      bd,
      addon?.clusters[member],
      addon?.desiredRevision,
      now,
    );
    if (deepEqual(comparable(bd.status), comparable(status))) continue;
    await custom.update<BundleDeployment>(
      FLEET_TYPES.bundleDeployment,
      bd.metadata.namespace!,
      bd.metadata.name,
      current => {
        const next = agentStatus(
          current,
          addon?.clusters[member],
          addon?.desiredRevision,
          now,
        );
        if (deepEqual(comparable(current.status), comparable(next)))
          return undefined;
        // An agent that never reported leaves the status empty.
        return { ...current, status: next ?? {} };
      },
      'status',
      bd,
    );
  }
}

export function startAgentController(rt: FleetRuntime): Stoppable {
  return runReconcileLoop({
    name: 'fleet agents',
    kc: rt.custom.kc,
    watchPaths: ['/apis/fleet.cattle.io/v1alpha1/bundledeployments'],
    reconcile: async () => {
      await reconcileAgents(rt);
      return undefined;
    },
    log: rt.ctx.log,
    signal: rt.ctx.signal,
  });
}
