import { CustomErrorBase } from '@backstage/errors';
import {
  WhatIfLoss,
  WhatIfLossError,
  WhatIfPlan,
} from '@flotilla/plugin-multi-cluster-common';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { IdempotencyClaim } from '../../failover/FailoverStore';
import { MAX_REASON_LENGTH } from '../../failover/serviceTypes';
import { WhatIfRefusedError } from '../../whatIf';
import { StormPlanning } from '../planning/StormPlanning';
import { StormEvents } from '../StormEvents';
import {
  NewStormChild,
  StormConflictError,
  StormStore,
} from '../store/StormStore';
import { Storm, StormLimits } from '../types';
import { assertSameStormRequest } from './stormIdempotency';

/** A loss that touches no DR-declared service: nothing to fail over (422). */
export class NothingToFailOverError extends CustomErrorBase {
  name = 'NothingToFailOverError' as const;
  readonly statusCode = 422;
}

/** A region failover as asked for, already authorized and validated. */
export interface RegionFailoverOrder {
  loss: WhatIfLoss;
  entityRefs?: string[];
  reason: string;
  actor: string;
  idempotency?: IdempotencyClaim;
}

/** One child per affected service and lost cluster it runs replicas on. */
export function childrenOf(plan: WhatIfPlan): NewStormChild[] {
  return plan.services
    .filter(s => s.outcome !== 'unaffected')
    .flatMap(service =>
      service.sources
        .filter(source => source.replicas > 0)
        .map(source => ({
          entityRef: service.entityRef,
          from: source.from,
          priority: service.priority,
          targets: source.targets.filter(t => t.replicas > 0),
          replicas: source.replicas,
        })),
    );
}

/**
 * Plans a region failover with the what-if planner over the fleet now
 * and, unless it is a dry run, records it with one child per affected
 * service and lost cluster, in the plan's priority order, for the
 * orchestrator. Admission: one storm per scoped key, one unfinished storm
 * per lost cluster.
 */
export class RegionFailoverCreation {
  constructor(
    private readonly options: {
      store: StormStore;
      planning: StormPlanning;
      events: StormEvents;
      limits: StormLimits;
      onCreated?: (storm: Storm) => void;
    },
  ) {}

  async plan(order: Pick<RegionFailoverOrder, 'loss' | 'entityRefs'>) {
    const running = await this.options.store.records.runningChildren();
    try {
      return await this.options.planning.planLoss(
        order.loss,
        order.entityRefs,
        running,
      );
    } catch (error) {
      // A loss naming what the fleet does not have: 422, as a what-if.
      if (error instanceof WhatIfLossError) {
        throw new WhatIfRefusedError(error.message);
      }
      throw error;
    }
  }

  async create(
    order: RegionFailoverOrder,
  ): Promise<{ created: boolean; storm: Storm }> {
    const { store } = this.options;
    const { idempotency } = order;
    const replayed = idempotency
      ? await store.records.findByIdempotencyKey(idempotency)
      : undefined;
    if (replayed && idempotency) {
      assertSameStormRequest(idempotency, replayed.storm, replayed.requestHash);
      return { created: false, storm: replayed.storm };
    }
    const plan = await this.plan(order);
    // Said before anything else: the services of a storm under way have
    // moved (or are planned from where their runs leave them).
    const holder = await store.records.holderOf(plan.lostClusters);
    if (holder) throw new StormConflictError(holder.stormId, holder.cluster);
    const children = childrenOf(plan);
    if (!children.length) {
      throw new NothingToFailOverError(
        `No DR-declared service runs replicas on ${plan.lostClusters.join(
          ', ',
        )}: there is nothing to fail over`,
      );
    }
    const { storm, created, requestHash } = await store.records.create({
      kind: 'failover',
      lostClusters: plan.lostClusters,
      entityRefs: order.entityRefs,
      reason: sanitizeForLog(order.reason, MAX_REASON_LENGTH),
      actor: order.actor,
      idempotency,
      plan,
      limits: this.options.limits,
      children,
    });
    if (!created && idempotency) {
      assertSameStormRequest(idempotency, storm, requestHash);
    }
    if (created) await this.announce(storm);
    return { created, storm };
  }

  private async announce(storm: Storm) {
    await this.options.events.emit({
      stormId: storm.id,
      kind: storm.kind,
      actor: storm.actor,
      status: storm.status,
      event: 'storm.created',
      reason: storm.reason,
      detail: {
        lostClusters: storm.lostClusters,
        children: storm.children.length,
        limits: { ...storm.limits },
      },
    });
    this.options.onCreated?.(storm);
  }
}
