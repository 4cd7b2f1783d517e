import type {
  ReplicaAssignment,
  WhatIfLoss,
  WhatIfPlan,
  WhatIfServiceInput,
} from '@flotilla/plugin-multi-cluster-common';
import { WhatIfRefusedError } from '../../whatIf';
import { ChildFit } from '../admission/types';
import {
  PENDING_CHILD_STATUSES,
  receivingClusters,
  Storm,
  StormChild,
  StormKind,
} from '../types';
import { CapacityReservation, withReservations } from './capacityReservations';
import { childFitsFrom } from './childFits';
import { WhatIfInputReader, WhatIfInputs, WhatIfPlanner } from './types';

/** A running child of some storm, with its storm's kind. */
export type RunningChild = StormChild & { kind: StormKind };

function gone(child: StormChild, why: string): ChildFit {
  return { kind: 'gone', reason: `${child.from} ${why}` };
}

/** The services `entityRefs` names; each must be DR-declared (422). */
function servicesNamed(
  inputs: WhatIfInputs,
  entityRefs: string[],
): WhatIfServiceInput[] {
  const byRef = new Map(
    inputs.services.map(s => [s.spec.entityRef.toLocaleLowerCase('en-US'), s]),
  );
  const wanted = [
    ...new Set(entityRefs.map(r => r.toLocaleLowerCase('en-US'))),
  ];
  const unknown = wanted.filter(ref => !byRef.has(ref));
  if (unknown.length) {
    throw new WhatIfRefusedError(
      `not DR-declared services (no readable flotilla.io/dr-strategy): ${unknown
        .slice(0, 3)
        .join(', ')}${
        unknown.length > 3 ? ` and ${unknown.length - 3} more` : ''
      }`,
    );
  }
  return wanted.map(ref => byRef.get(ref)!);
}

/** Where a service runs once a running child's move is done. */
function afterMove(
  placement: ReplicaAssignment,
  child: RunningChild,
): ReplicaAssignment {
  const replicas = new Map(placement.map(t => [t.name, t.replicas]));
  replicas.set(
    child.from,
    Math.max(0, (replicas.get(child.from) ?? 0) - child.replicas),
  );
  for (const t of child.targets) {
    replicas.set(t.name, (replicas.get(t.name) ?? 0) + t.replicas);
  }
  return [...replicas].map(([name, n]) => ({ name, replicas: n }));
}

/**
 * Plans storms with the what-if planner over the fleet as it is now: the
 * plan of a new storm, and, on every tick, the re-plan of the children not
 * admitted yet. Running children (of every storm) count: their capacity is
 * reserved on the clusters they move onto, and a service whose other child
 * runs is planned from where that run leaves it.
 */
export class StormPlanning {
  constructor(
    private readonly options: {
      reader: WhatIfInputReader;
      planner: WhatIfPlanner;
    },
  ) {}

  /** Every service affected by the loss (or only `entityRefs`), placed in priority order. */
  async planLoss(
    loss: WhatIfLoss,
    entityRefs: string[] | undefined,
    running: RunningChild[],
  ): Promise<WhatIfPlan> {
    const inputs = await this.options.reader.read();
    return this.plan(
      inputs,
      entityRefs ? servicesNamed(inputs, entityRefs) : inputs.services,
      loss,
      running,
    );
  }

  /** What the plan over the fleet now says of each pending child of a failover. */
  async fits(
    storm: Storm,
    running: RunningChild[],
  ): Promise<Map<StormChild, ChildFit>> {
    const pending = storm.children.filter(c =>
      PENDING_CHILD_STATUSES.includes(c.status),
    );
    if (!pending.length) return new Map();
    const inputs = await this.options.reader.read();
    const known = new Set(inputs.fleet.map(c => c.name));
    const lost = storm.lostClusters.filter(name => known.has(name));
    if (!lost.length) {
      // The fleet no longer has the lost clusters: nothing runs there.
      return new Map(
        pending.map(c => [c, gone(c, 'is no longer in the fleet')]),
      );
    }
    const refs = new Set(pending.map(c => c.entityRef));
    const plan = this.plan(
      inputs,
      inputs.services.filter(s => refs.has(s.spec.entityRef)),
      { clusters: lost },
      running,
    );
    return childFitsFrom(plan, pending);
  }

  private plan(
    inputs: WhatIfInputs,
    services: WhatIfServiceInput[],
    loss: WhatIfLoss,
    running: RunningChild[],
  ): WhatIfPlan {
    const specs = new Map(inputs.services.map(s => [s.spec.entityRef, s.spec]));
    const reservations: CapacityReservation[] = running.flatMap(child => {
      const resourceRequest = specs.get(child.entityRef)?.resourceRequest;
      return child.kind === 'failover'
        ? child.targets.map(t => ({
            cluster: t.name,
            replicas: t.replicas,
            resourceRequest,
          }))
        : receivingClusters(child.kind, child).map(cluster => ({
            cluster,
            replicas: child.replicas,
            resourceRequest,
          }));
    });
    const moving = running.filter(c => c.kind === 'failover');
    return this.options.planner({
      fleet: withReservations(inputs.fleet, reservations),
      services: services.map(s => {
        const runs = moving.filter(c => c.entityRef === s.spec.entityRef);
        return runs.length
          ? { ...s, placement: runs.reduce(afterMove, s.placement) }
          : s;
      }),
      loss,
    });
  }
}
