import { randomUUID } from 'node:crypto';
import { LoggerService } from '@backstage/backend-plugin-api';
import {
  type ClusterHealthEvidence,
  clusterVerdict,
  decideFailback,
  decideService,
  DEFAULT_FAILOVER_TOLERATION_SECONDS,
  type DetectedService,
  type DetectionOutcome,
  type ObservedSignal,
  type ObservedState,
  type ServiceSignal,
  serviceSignalVerdicts,
} from '@flotilla/plugin-multi-cluster-common';
import type { FleetInventoryService } from '../inventory/FleetInventory';
import type { DecisionDelivery } from './DecisionDelivery';
import type { DecisionStore, DecisionToRecord } from './DecisionStore';
import type { DecisionRow } from './detectionTables';
import type {
  FailoverActivity,
  ObservedService,
  ServiceObserver,
} from './types';
import type { WindowStore } from './WindowStore';

/** What one tick saw and decided. */
export interface TickSummary {
  clusters: number;
  services: number;
  /** The decisions this tick recorded (another replica's are not here). */
  decisions: DecisionRow[];
}

export interface DetectionServiceOptions {
  inventory: Pick<FleetInventoryService, 'getClusters'>;
  services: ServiceObserver;
  activity: FailoverActivity;
  windows: WindowStore;
  decisions: DecisionStore;
  delivery: DecisionDelivery;
  logger: LoggerService;
  minFailoverIntervalMs: number;
  failbackStabilizationMs: number;
  /** Observations further apart say nothing of the time between them. */
  maxGapMs: number;
  /** An inventory verdict older than this is not acted on. */
  maxVerdictAgeMs: number;
  /** Without a starter, automatic services are proposed like manual ones. */
  automaticAvailable: boolean;
  /** Multiplies each service's toleration window; 1 unless configured. */
  timeScale?: number;
}

/**
 * The idempotency key of the recovery a tick's automatic decisions start:
 * new for each tick, recorded on each of them in the transaction that
 * inserts them, so whoever starts it (this replica, or another after a
 * crash) starts it for exactly those decisions.
 */
export function triggerKey(kind: 'failover' | 'failback'): string {
  return `detection:${kind}:${randomUUID()}`;
}

/**
 * Detection, one tick at a time: observes every cluster's health and every
 * DR-declared service's signals, advances their windows, decides per
 * service (and per failback), records each decision once and delivers it.
 * Time comes in as `now`: the scheduler passes the clock, tests their own.
 */
export class DetectionService {
  constructor(private readonly options: DetectionServiceOptions) {}

  async tick(
    now: Date,
    options: { signal?: AbortSignal } = {},
  ): Promise<TickSummary> {
    const clusters = await this.observeClusters(now);
    const services = await this.options.services.observe(options);
    const outcomes = [
      ...(await this.failovers(services, clusters, now)),
      ...(await this.failbacks(services, clusters, now)),
    ];
    const recorded = await this.options.decisions.record(
      withTriggerKeys(outcomes),
      now,
    );
    await this.options.delivery.deliver(services, now);
    return {
      clusters: clusters.size,
      services: services.length,
      decisions: recorded,
    };
  }

  private async observeClusters(now: Date) {
    const fleet = await this.options.inventory.getClusters();
    const verdicts = fleet.map(cluster => ({
      cluster: cluster.name,
      verdict: clusterVerdict({
        cluster,
        now,
        maxVerdictAgeMs: this.options.maxVerdictAgeMs,
      }),
    }));
    return this.options.windows.observeClusters<ClusterHealthEvidence>(
      verdicts,
      now,
      { maxGapMs: this.options.maxGapMs },
    );
  }

  private async failovers(
    services: ObservedService[],
    clusters: Map<string, ObservedState>,
    now: Date,
  ): Promise<DetectionOutcome[]> {
    const refs = services.map(s => s.entityRef);
    const [active, lastRuns, lastDecided, settled] = await Promise.all([
      this.options.activity.activeRuns(refs),
      this.options.activity.lastFailovers(refs),
      this.options.decisions.lastFailedOver(refs),
      this.options.decisions.settledEpisodes(refs),
    ]);
    const outcomes: DetectionOutcome[] = [];
    for (const service of services) {
      const signals = await this.observeSignals(service, now);
      const last = [
        lastRuns.get(service.entityRef),
        lastDecided.get(service.entityRef),
      ]
        .filter((t): t is string => !!t)
        .sort()
        .pop();
      outcomes.push(
        ...decideService({
          service: this.detected(service, active.get(service.entityRef), last),
          now,
          clusters,
          signals,
          minFailoverIntervalMs: this.options.minFailoverIntervalMs,
        }),
      );
    }
    return outcomes.filter(o => !settled.has(o.episode));
  }

  private detected(
    service: ObservedService,
    activeRunId: string | undefined,
    lastFailoverAt: string | undefined,
  ): DetectedService {
    return {
      entityRef: service.entityRef,
      policy: this.policyOf(service),
      tolerationSeconds:
        (service.spec.tolerationSeconds ??
          DEFAULT_FAILOVER_TOLERATION_SECONDS) * (this.options.timeScale ?? 1),
      placement: service.placement,
      karmadaFailover: service.karmadaFailover,
      activeRunId,
      lastFailoverAt,
    };
  }

  private policyOf(service: ObservedService) {
    return service.spec.failoverPolicy === 'automatic' &&
      this.options.automaticAvailable
      ? 'automatic'
      : 'manual';
  }

  private async observeSignals(
    service: ObservedService,
    now: Date,
  ): Promise<Map<string, ObservedSignal[]>> {
    const verdicts = service.signals.flatMap(input => {
      const bySignal = serviceSignalVerdicts(input);
      return (Object.keys(bySignal) as ServiceSignal[]).map(signal => ({
        cluster: input.cluster,
        signal,
        verdict: bySignal[signal],
      }));
    });
    return this.options.windows.observeSignals(
      service.entityRef,
      verdicts,
      now,
      {
        maxGapMs: this.options.maxGapMs,
      },
    );
  }

  private async failbacks(
    services: ObservedService[],
    clusters: Map<string, ObservedState>,
    now: Date,
  ): Promise<DecisionToRecord[]> {
    const byRef = new Map(services.map(s => [s.entityRef, s]));
    const out: DecisionToRecord[] = [];
    for (const source of await this.options.decisions.failbackSources()) {
      const service = byRef.get(source.entityRef);
      // A service no longer declared (or not read this tick) waits.
      if (!service) continue;
      const outcome = decideFailback({
        source,
        policy: this.policyOf(service),
        cluster: clusters.get(source.cluster),
        stabilizationMs: this.options.failbackStabilizationMs,
        now,
      });
      if (outcome) out.push({ ...outcome, failbackOf: source.decisionId });
    }
    return out;
  }
}

/** Automatic decisions of one tick share the key of the recovery they start. */
function withTriggerKeys(outcomes: DecisionToRecord[]): DecisionToRecord[] {
  const keys = {
    'failed-over': triggerKey('failover'),
    'failed-back': triggerKey('failback'),
  };
  return outcomes.map(o =>
    o.kind === 'failed-over' || o.kind === 'failed-back'
      ? { ...o, triggerKey: keys[o.kind] }
      : o,
  );
}
