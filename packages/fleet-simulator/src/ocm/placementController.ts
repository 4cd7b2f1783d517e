/**
 * OCM's placement controller as the simulator plays it: for every
 * Placement, the decision of placement.ts written to its PlacementDecision
 * (created on first need, owned by the Placement) and the Placement's
 * status. Both through the status subresource with the resourceVersion read.
 */
import type { SimulatorContext, Stoppable } from '../context';
import { sameJson } from '../karmada/sameJson';
import { HubObjects, statusCode, type KubeObject } from './kube';
import { envMs, startOcmLoop } from './loop';
import { LABELS, TYPES, type OcmType } from './model';
import {
  decide,
  decisionName,
  decisionsDiffer,
  placementDecisionObject,
  placementStatus,
  type Decision,
} from './placement';
import { ocmFields } from './objectTypes';

export interface PlacementOptions {
  hub: HubObjects;
  intervalMs?: number;
}

const timestamp = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

/** Writes through the status subresource; false when someone wrote in between. */
async function writeStatus(hub: HubObjects, t: OcmType, body: KubeObject) {
  try {
    await hub.replaceStatus(t, body);
    return true;
  } catch (error) {
    if (statusCode(error) === 409) return false;
    throw error;
  }
}

/** The Placement's PlacementDecision, created (owned by it), then read back. */
async function createDecision(hub: HubObjects, placement: KubeObject) {
  const { name, namespace } = placement.metadata;
  await hub.createOrLeave(
    TYPES.placementDecision,
    placementDecisionObject(placement),
  );
  return hub.get<KubeObject>(
    TYPES.placementDecision,
    decisionName(name),
    namespace,
  );
}

/**
 * No garbage collector runs here (kube-controller-manager): the decisions of
 * a deleted Placement go with it, as their owner reference says.
 */
async function deleteOrphanedDecisions(
  hub: HubObjects,
  placements: KubeObject[],
) {
  const live = new Set(
    placements.map(p => `${p.metadata.namespace}/${p.metadata.name}`),
  );
  for (const decision of await hub.list<KubeObject>(TYPES.placementDecision)) {
    const owner = decision.metadata.labels?.[LABELS.placement];
    const key = `${decision.metadata.namespace}/${owner}`;
    if (owner && !live.has(key)) {
      await hub.delete(
        TYPES.placementDecision,
        decision.metadata.name,
        decision.metadata.namespace,
      );
    }
  }
}

export function startPlacementController(
  ctx: SimulatorContext,
  options: PlacementOptions,
): Stoppable {
  const { hub } = options;
  const intervalMs =
    options.intervalMs ?? envMs('FLOTILLA_SIM_OCM_INTERVAL_MS', 3000);
  const lastLogged = new Map<string, string>();

  const reconcile = async (
    placement: KubeObject,
    sets: KubeObject[],
    clusters: KubeObject[],
  ) => {
    const { name, namespace } = placement.metadata;
    const [bindings, existing] = await Promise.all([
      hub.list<KubeObject>(TYPES.managedClusterSetBinding, namespace),
      hub.get<KubeObject>(
        TYPES.placementDecision,
        decisionName(name),
        namespace,
      ),
    ]);
    const previous = (
      (ocmFields(existing)?.status?.decisions ?? []) as Decision[]
    ).map(d => d.clusterName);
    const outcome = decide(placement, sets, bindings, clusters, previous);

    const decision = existing ?? (await createDecision(hub, placement));
    if (
      decision &&
      decisionsDiffer(ocmFields(decision).status?.decisions, outcome.decisions)
    ) {
      const written = await writeStatus(hub, TYPES.placementDecision, {
        ...decision,
        status: { decisions: outcome.decisions },
      });
      if (!written) return;
      const chosen = outcome.decisions.map(d => d.clusterName).join(', ');
      if (lastLogged.get(`${namespace}/${name}`) !== chosen) {
        lastLogged.set(`${namespace}/${name}`, chosen);
        ctx.log(`ocm placement: ${namespace}/${name} -> [${chosen}]`);
      }
    }
    const status = placementStatus(placement, outcome, timestamp());
    if (!sameJson(ocmFields(placement).status, status)) {
      await writeStatus(hub, TYPES.placement, { ...placement, status });
    }
  };

  return startOcmLoop(ctx, 'placement', intervalMs, async () => {
    const [placements, sets, clusters] = await Promise.all([
      hub.list<KubeObject>(TYPES.placement),
      hub.list<KubeObject>(TYPES.managedClusterSet),
      hub.list<KubeObject>(TYPES.managedCluster),
    ]);
    for (const placement of placements) {
      await reconcile(placement, sets, clusters);
    }
    await deleteOrphanedDecisions(hub, placements);
  });
}
