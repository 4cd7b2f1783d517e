import {
  BackstageCredentials,
  LoggerService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import {
  Entity,
  getCompoundEntityRef,
  parseEntityRef,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import {
  ConflictError,
  CustomErrorBase,
  InputError,
  NotAllowedError,
  NotFoundError,
} from '@backstage/errors';
import { CatalogService } from '@backstage/plugin-catalog-node';
import {
  AuthorizeResult,
  ResourcePermission,
} from '@backstage/plugin-permission-common';
import {
  assessDrPosture,
  DR_STRATEGIES,
  FailoverPlan,
  FailoverStep,
  multiClusterFailoverExecutePermission,
  multiClusterFailoverReadPermission,
  planFailover,
  ReachabilityRequirement,
  readServiceDrSpec,
  ServiceDrSpec,
  toClusterProfile,
} from '@flotilla/plugin-multi-cluster-common';
import { createHash } from 'node:crypto';
import { actorOf } from '../history/MutationRecorder';
import { hasControlCharacters, sanitizeForLog } from '../util/sanitize';

/**
 * Longest reason kept on a run. Reasons are stored escaped: they are shown
 * and recorded like history, and PostgreSQL refuses a NUL in text.
 */
const MAX_REASON_LENGTH = 2000;
import { FleetInventoryService } from '../inventory/FleetInventory';
import { KarmadaConnector } from '../inventory/connectors/KarmadaConnector';
import { EntityPlacement } from '../placement/EntityPlacementService';
import { drillOutcome } from './drillOutcome';
import { FailoverEvents } from './FailoverEvents';
import {
  ActiveFailoverError,
  AlreadyRolledBackError,
  FailoverStore,
  IdempotencyClaim,
} from './FailoverStore';
import { TrafficShiftProvider } from './steps';
import {
  FailoverRun,
  FailoverRunContext,
  FailoverRunKind,
  KarmadaTarget,
  ReplicaMove,
  WorkloadRef,
} from './types';

export const ANNOTATION_HEALTH_URL = 'flotilla.io/health-url';

/** A failover request (`POST /failovers`). */
export interface FailoverRequest {
  entityRef: string;
  from: string;
  to?: string;
  reason: string;
  dryRun?: boolean;
  force?: boolean;
  drill?: boolean;
  idempotencyKey?: string;
}

/** Entity placement as the failover service needs it (C's EntityPlacementService). */
export interface PlacementReader {
  getPlacement(
    ref: ReturnType<typeof parseEntityRef>,
    credentials: BackstageCredentials,
  ): Promise<EntityPlacement>;
}

/** Where an entity's dependencies (`dependsOn`) run, with their cluster sets. */
export interface DependencyReader {
  dependenciesOf(
    entity: Entity,
    credentials: BackstageCredentials,
  ): Promise<ReachabilityRequirement['dependencies']>;
}

/**
 * An idempotency key reused with a different request (422, as Stripe and the
 * IETF Idempotency-Key draft answer it): the key names one request only.
 */
export class IdempotencyKeyReusedError extends CustomErrorBase {
  name = 'IdempotencyKeyReusedError' as const;
  readonly statusCode = 422;
}

/** Longest idempotency key (the column is varchar(255)). */
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** sha256 of a flat request in a canonical (sorted-key) JSON form. */
export function hashRequest(
  request: Record<string, string | number | boolean | null | undefined>,
): string {
  const canonical = Object.keys(request)
    .sort()
    .map(k => [k, request[k] ?? null]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

function idempotencyClaim(
  key: string | undefined,
  scope: string,
  request: Record<string, string | number | boolean | null | undefined>,
): IdempotencyClaim | undefined {
  if (key === undefined) return undefined;
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new InputError(
      `idempotencyKey: must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
    );
  }
  if (hasControlCharacters(key)) {
    throw new InputError('idempotencyKey: must not contain control characters');
  }
  return { scope, key, requestHash: hashRequest(request) };
}

export type CreateResult =
  | { dryRun: true; plan: FailoverPlan }
  | { dryRun: false; created: boolean; run: FailoverRun };

/** @public */
export interface FailoverService {
  create(
    request: FailoverRequest,
    credentials: BackstageCredentials,
  ): Promise<CreateResult>;
  get(id: string, credentials: BackstageCredentials): Promise<FailoverRun>;
  list(
    query: { entityRef?: string; kind?: FailoverRunKind; limit?: number },
    credentials: BackstageCredentials,
  ): Promise<FailoverRun[]>;
  cancel(id: string, credentials: BackstageCredentials): Promise<FailoverRun>;
  rollback(
    id: string,
    options: { reason?: string; idempotencyKey?: string },
    credentials: BackstageCredentials,
  ): Promise<{ created: boolean; run: FailoverRun }>;
  getDrPosture(
    entityRef: string,
    credentials: BackstageCredentials,
  ): Promise<Record<string, unknown>>;
}

/** Adds rollback/completed-step hints to a run for clients. */
export function describeRun(run: FailoverRun): FailoverRun {
  const shift = run.steps.find(s => s.kind === 'shift-replicas');
  const finished = ['succeeded', 'failed', 'cancelled'].includes(run.status);
  return {
    ...run,
    completedSteps: run.steps
      .filter(s => s.status === 'succeeded' || s.status === 'skipped')
      .map(s => s.kind),
    rollbackAvailable:
      finished &&
      !run.dry &&
      !run.rolledBackBy &&
      !!shift &&
      shift.attempts > 0,
  };
}

/**
 * The replicas a rollback moves: the run's recorded change reversed (each
 * cluster that gained replicas gives them back, each that lost some gets
 * them back), bounded by what the gaining clusters hold now. Totals are
 * conserved: what is taken is exactly what is given back.
 */
export function rollbackMoves(
  run: Pick<FailoverRun, 'plan'>,
  current: { name: string; replicas: number }[],
): {
  moves: ReplicaMove[];
  moved: number;
  taken: ReplicaMove[];
  returned: ReplicaMove[];
} {
  const now = new Map(current.map(c => [c.name, Math.max(0, c.replicas)]));
  const gained = run.plan.moves.filter(m => m.after > m.before);
  const lost = run.plan.moves.filter(m => m.before > m.after);
  const takeable = gained.map(m => ({
    cluster: m.cluster,
    n: Math.min(m.after - m.before, now.get(m.cluster) ?? 0),
  }));
  const moved = Math.min(
    takeable.reduce((sum, t) => sum + t.n, 0),
    lost.reduce((sum, m) => sum + m.before - m.after, 0),
  );
  const delta = new Map<string, number>();
  let toTake = moved;
  for (const t of takeable) {
    const n = Math.min(t.n, toTake);
    toTake -= n;
    if (n) delta.set(t.cluster, -n);
  }
  let toGive = moved;
  for (const m of lost) {
    const n = Math.min(m.before - m.after, toGive);
    toGive -= n;
    if (n) delta.set(m.cluster, n);
  }
  const moves = [...delta.keys()].sort().map(cluster => {
    const before = now.get(cluster) ?? 0;
    return { cluster, before, after: before + delta.get(cluster)! };
  });
  return {
    moves,
    moved,
    taken: moves.filter(m => m.after < m.before),
    returned: moves.filter(m => m.after > m.before),
  };
}

/**
 * Builds the rollback runbook of a run: fail back the replicas it moved,
 * from the clusters' replicas now (`current`), never from the absolute
 * counts recorded when the run was planned (they are stale by then).
 */
export function inversePlan(
  run: FailoverRun,
  current: { name: string; replicas: number }[],
): FailoverPlan {
  const plan = run.plan;
  const { moves, moved, taken, returned } = rollbackMoves(run, current);
  if (moved === 0) {
    throw new ConflictError(
      `Run ${run.id} has nothing left to roll back: ${
        plan.to.join(', ') || 'its targets'
      } no longer hold the replicas it moved`,
    );
  }
  const from = taken[0].cluster;
  const to = returned.map(m => m.cluster);
  const template = new Map(plan.steps.map(s => [s.kind, s]));
  const base = (kind: FailoverStep['kind']) => {
    const s = template.get(kind)!;
    return {
      kind,
      timeoutSeconds: s.timeoutSeconds,
      maxAttempts: s.maxAttempts,
      ...(s.skipReason ? { skipReason: s.skipReason } : {}),
    };
  };
  const steps: FailoverStep[] = [
    {
      ...base('precheck-source'),
      title: `Check ${from}`,
      description: `Record the health of ${from} (fail back: forced).`,
      params: { cluster: from, force: true },
    },
    {
      ...base('precheck-target'),
      title: `Check ${to.join(', ')}`,
      description: 'The original clusters are healthy and have room.',
      params: {
        targets: returned.map(m => ({
          cluster: m.cluster,
          additionalReplicas: m.after - m.before,
        })),
      },
    },
    {
      ...base('shift-replicas'),
      title: `Fail back ${moved} replica(s) to ${to.join(', ')}`,
      description:
        'Move back the replicas the run moved, counted from the replicas each cluster runs now.',
      params: {
        method: plan.method,
        moves,
        kubernetesId: run.context.kubernetesId,
      },
    },
    {
      ...base('gitops-sync'),
      title: 'Sync Argo CD',
      description: 'Sync the Argo CD application.',
      params: { application: run.context.argocdApp },
    },
    {
      ...base('traffic-shift'),
      title: 'Shift traffic back',
      description: `Point traffic back to ${to.join(', ')}.`,
      params: { from, to },
    },
    {
      ...base('verify'),
      title: 'Verify',
      description: 'The clusters report the replicas of the rollback.',
      params: {
        expected: moves
          .filter(m => m.after > 0)
          .map(m => ({ cluster: m.cluster, replicas: m.after })),
      },
    },
    {
      ...base('notify'),
      title: 'Notify owners',
      description: `Tell the owners of ${run.entityRef}.`,
      params: { entityRef: run.entityRef },
    },
  ].map((s, i) => ({ ...s, order: i + 1 })) as FailoverStep[];
  return {
    entityRef: run.entityRef,
    from,
    to,
    targetChosenBy: 'request',
    movedReplicas: moved,
    method: plan.method,
    moves,
    steps,
  };
}

function ownersOf(entity: Entity): string[] {
  const owners = new Set<string>();
  const spec = entity.spec as { owner?: unknown } | undefined;
  if (typeof spec?.owner === 'string') {
    owners.add(
      stringifyEntityRef(
        parseEntityRef(spec.owner, {
          defaultKind: 'group',
          defaultNamespace: entity.metadata.namespace ?? 'default',
        }),
      ),
    );
  }
  for (const r of entity.relations ?? []) {
    if (r.type === 'ownedBy') owners.add(r.targetRef);
  }
  return [...owners];
}

/**
 * Creates, reads, cancels and rolls back failover runs; the worker executes
 * them. Authorization is on the service's catalog entity, so catalog rules
 * (e.g. IS_ENTITY_OWNER) decide who may fail it over.
 */
export class DefaultFailoverService implements FailoverService {
  constructor(
    private readonly options: {
      store: FailoverStore;
      permissions: PermissionsService;
      catalog: CatalogService;
      inventory: FleetInventoryService;
      placement: PlacementReader;
      dependencies?: DependencyReader;
      karmada: KarmadaConnector[];
      events: FailoverEvents;
      logger: LoggerService;
      traffic?: TrafficShiftProvider;
      /** Called after a run is created (kicks the local worker). */
      onCreated?: (run: FailoverRun) => void;
    },
  ) {}

  async authorize(
    permission: ResourcePermission<'catalog-entity'>,
    entityRef: string,
    credentials: BackstageCredentials,
  ): Promise<void> {
    const [decision] = await this.options.permissions.authorize(
      [{ permission, resourceRef: entityRef }],
      { credentials },
    );
    if (decision.result !== AuthorizeResult.ALLOW) {
      throw new NotAllowedError(
        `Permission '${permission.name}' denied for ${entityRef}`,
      );
    }
  }

  private normalizeRef(ref: string): string {
    try {
      return stringifyEntityRef(
        parseEntityRef(ref, {
          defaultKind: 'component',
          defaultNamespace: 'default',
        }),
      );
    } catch (e) {
      throw new InputError(`entityRef: ${(e as Error).message}`);
    }
  }

  private async loadEntity(
    entityRef: string,
    credentials: BackstageCredentials,
  ): Promise<Entity> {
    const entity = await this.options.catalog.getEntityByRef(entityRef, {
      credentials,
    });
    if (!entity) {
      throw new NotFoundError(`Entity ${entityRef} not found`);
    }
    return entity;
  }

  /** Replicas per cluster: observed, or for unreachable clusters the last known. */
  private assignment(placement: EntityPlacement, fleet: any[]) {
    const replicas = new Map<string, number>();
    for (const c of placement.actual.clusters) {
      replicas.set(c.cluster, c.replicas);
    }
    for (const err of placement.errors) {
      if (replicas.has(err.cluster)) continue;
      let known: number | undefined;
      for (const d of placement.desired.karmada) {
        const b = d.resourceBinding?.clusters.find(c => c.name === err.cluster);
        if (b?.replicas !== undefined) known = (known ?? 0) + b.replicas;
      }
      if (known === undefined) {
        const cluster = fleet.find(c => c.name === err.cluster);
        const w = (cluster?.workloads ?? []).filter(
          (x: any) => x.kubernetesId === placement.kubernetesId,
        );
        if (w.length) {
          known = w.reduce((s: number, x: any) => s + (x.replicas ?? 0), 0);
        }
      }
      if (known !== undefined) replicas.set(err.cluster, known);
    }
    return [...replicas.entries()].map(([name, n]) => ({
      name,
      replicas: n,
    }));
  }

  private karmadaTarget(placement: EntityPlacement): KarmadaTarget | undefined {
    const desired = placement.desired.karmada.filter(
      d =>
        d.policies.some(p => p.effective) &&
        this.options.karmada.some(k => k.name === d.controlPlane),
    );
    if (!desired.length) return undefined;
    const first = desired[0];
    const same = desired.filter(
      d =>
        d.controlPlane === first.controlPlane &&
        d.resource.namespace === first.resource.namespace,
    );
    return {
      controlPlane: first.controlPlane,
      namespace: first.resource.namespace,
      resources: same.map(d => ({
        apiVersion: d.resource.apiVersion,
        kind: d.resource.kind,
        name: d.resource.name,
      })),
      propagationPolicy: first.policies.find(p => p.effective)?.name,
    };
  }

  async create(
    request: FailoverRequest,
    credentials: BackstageCredentials,
  ): Promise<CreateResult> {
    return this.auditRefusal(
      'failover-create',
      credentials,
      {
        entityRef: request.entityRef,
        from: request.from,
        to: request.to ?? null,
        drill: Boolean(request.drill),
        dryRun: Boolean(request.dryRun),
      },
      async () => {
        const entityRef = this.normalizeRef(request.entityRef);
        await this.authorize(
          multiClusterFailoverExecutePermission,
          entityRef,
          credentials,
        );
        // Scoped to the caller and the operation: another user's key, or
        // a rollback's, never names this request.
        const idempotency = request.dryRun
          ? undefined
          : idempotencyClaim(
              request.idempotencyKey,
              `${actorOf(credentials)}|failover.create`,
              {
                entityRef,
                from: request.from,
                to: request.to,
                reason: request.reason,
                force: Boolean(request.force),
                drill: Boolean(request.drill),
              },
            );
        return this.replayingOnConflict<CreateResult>(
          idempotency,
          () =>
            this.createPlanned(request, entityRef, credentials, idempotency),
          run => ({ dryRun: false, created: false, run }),
        );
      },
    );
  }

  /**
   * Runs `create` for an idempotency key: the run already made with the key
   * answers at once; and when `create` fails (the entity lock is held, or
   * the plan no longer applies because the run of a racing request with
   * the same key already moved the replicas), that run, if there is one,
   * is the answer too. So every request with one key gets one run.
   */
  private async replayingOnConflict<T>(
    idempotency: IdempotencyClaim | undefined,
    create: () => Promise<T>,
    replayed: (run: FailoverRun) => T,
  ): Promise<T> {
    if (!idempotency) {
      return create();
    }
    const replay = async () => {
      const found = await this.options.store.findByIdempotencyKey(idempotency);
      if (!found) return undefined;
      this.assertSameRequest(idempotency, found.run, found.requestHash);
      return replayed(describeRun(found.run));
    };
    const earlier = await replay();
    if (earlier) return earlier;
    try {
      return await create();
    } catch (error) {
      if (
        error instanceof IdempotencyKeyReusedError ||
        error instanceof NotAllowedError
      ) {
        throw error;
      }
      const racing = await replay();
      if (racing) return racing;
      throw error;
    }
  }

  private assertSameRequest(
    idempotency: IdempotencyClaim,
    run: FailoverRun,
    storedHash: string | undefined,
  ) {
    // Runs made before request hashes were stored match any request.
    if (storedHash && storedHash !== idempotency.requestHash) {
      throw new IdempotencyKeyReusedError(
        `idempotencyKey '${sanitizeForLog(
          idempotency.key,
          80,
        )}' was already used for a different request (run ${
          run.id
        }); use a new key for a new request`,
      );
    }
  }

  private async createPlanned(
    request: FailoverRequest,
    entityRef: string,
    credentials: BackstageCredentials,
    idempotency: IdempotencyClaim | undefined,
  ): Promise<CreateResult> {
    const { store } = this.options;
    const entity = await this.loadEntity(entityRef, credentials);
    if (!request.dryRun) {
      const active = await store.getActive(entityRef);
      if (active) {
        throw new ActiveFailoverError(active, entityRef);
      }
    }
    const annotations = entity.metadata.annotations ?? {};
    const { spec: declared } = readServiceDrSpec(entityRef, annotations);
    const service: ServiceDrSpec = declared ?? {
      entityRef,
      strategy: 'active-passive-warm',
      kubernetesId: annotations['backstage.io/kubernetes-id'],
      argocdApp: annotations['flotilla.io/argocd-app'],
    };
    service.kubernetesId ??= entity.metadata.name;

    const [placement, clusters, dependencies] = await Promise.all([
      this.options.placement.getPlacement(
        getCompoundEntityRef(entity),
        credentials,
      ),
      this.options.inventory.getClusters(),
      this.options.dependencies?.dependenciesOf(entity, credentials) ?? [],
    ]);
    const karmada = this.karmadaTarget(placement);
    const plan = planFailover({
      // Targets must reach what the service depends on (a Flotilla check).
      dependencies,
      service,
      from: request.from,
      to: request.to,
      placement: this.assignment(placement, clusters),
      fleet: clusters.map(c => toClusterProfile(c as any)),
      viaKarmada: Boolean(karmada),
      force: Boolean(request.force || request.drill),
      trafficProvider: this.options.traffic?.name,
    });
    if (request.dryRun) {
      return { dryRun: true, plan };
    }

    const workloads: WorkloadRef[] = placement.actual.clusters.flatMap(c =>
      c.workloads.map(w => ({
        cluster: c.cluster,
        namespace: w.namespace,
        kind: w.kind,
        name: w.name,
        replicas: w.replicas,
      })),
    );
    const context: FailoverRunContext = {
      entityRef,
      title: entity.metadata.title ?? entity.metadata.name,
      kubernetesId: service.kubernetesId,
      namespace: placement.namespace,
      owners: ownersOf(entity),
      argocdApp: service.argocdApp,
      healthUrl: annotations[ANNOTATION_HEALTH_URL],
      resourceRequest: service.resourceRequest,
      workloads,
      karmada,
      requestedBy: actorOf(credentials),
    };
    // A drill runs the failover's runbook for real: it moves the replicas,
    // and its RTO is measured from what the clusters report (drillOutcome).
    const { run, created, requestHash } = await store.createRun({
      kind: request.drill ? 'drill' : 'failover',
      entityRef,
      reason: sanitizeForLog(request.reason, MAX_REASON_LENGTH),
      actor: actorOf(credentials),
      idempotency,
      dry: false,
      plan,
      context,
    });
    if (!created && idempotency) {
      this.assertSameRequest(idempotency, run, requestHash);
    }
    if (created) {
      await this.options.events.emit({
        runId: run.id,
        entityRef,
        actor: run.actor,
        kind: run.kind,
        event: 'run.created',
        status: run.status,
        detail: {
          from: plan.from,
          to: plan.to,
          method: plan.method,
          reason: run.reason,
        },
      });
      this.options.onCreated?.(run);
    }
    return { dryRun: false, created, run: describeRun(run) };
  }

  private async mustGet(id: string): Promise<FailoverRun> {
    const run = await this.options.store.getRun(id);
    if (!run) throw new NotFoundError(`Failover run '${id}' not found`);
    return run;
  }

  async get(id: string, credentials: BackstageCredentials) {
    const run = await this.mustGet(id);
    await this.authorize(
      multiClusterFailoverReadPermission,
      run.entityRef,
      credentials,
    );
    return describeRun(run);
  }

  async list(
    query: { entityRef?: string; kind?: FailoverRunKind; limit?: number },
    credentials: BackstageCredentials,
  ) {
    if (query.entityRef) {
      const entityRef = this.normalizeRef(query.entityRef);
      await this.authorize(
        multiClusterFailoverReadPermission,
        entityRef,
        credentials,
      );
      const runs = await this.options.store.listRuns({ ...query, entityRef });
      return runs.map(describeRun);
    }
    const runs = await this.options.store.listRuns(query);
    const refs = [...new Set(runs.map(r => r.entityRef))];
    const decisions = refs.length
      ? await this.options.permissions.authorize(
          refs.map(resourceRef => ({
            permission: multiClusterFailoverReadPermission,
            resourceRef,
          })),
          { credentials },
        )
      : [];
    const allowed = new Set(
      refs.filter((_, i) => decisions[i].result === AuthorizeResult.ALLOW),
    );
    return runs.filter(r => allowed.has(r.entityRef)).map(describeRun);
  }

  async cancel(id: string, credentials: BackstageCredentials) {
    return this.auditRefusal(
      'failover-cancel',
      credentials,
      { runId: id },
      () => this.cancelAuthorized(id, credentials),
    );
  }

  private async cancelAuthorized(
    id: string,
    credentials: BackstageCredentials,
  ) {
    const run = await this.mustGet(id);
    await this.authorize(
      multiClusterFailoverExecutePermission,
      run.entityRef,
      credentials,
    );
    const outcome = await this.options.store.requestCancel(id);
    if (outcome === 'finished') {
      throw new ConflictError(`Failover run ${id} has already ${run.status}`);
    }
    await this.options.events.emit({
      runId: id,
      entityRef: run.entityRef,
      actor: actorOf(credentials),
      kind: run.kind,
      event: outcome === 'cancelled' ? 'run.cancelled' : 'run.cancel-requested',
      status: outcome === 'cancelled' ? 'cancelled' : run.status,
    });
    return describeRun((await this.options.store.getRun(id))!);
  }

  /**
   * Rolls a run back, once: the rollback moves back the replicas the run
   * moved, counted from the placement now (see {@link inversePlan}), and
   * creating it marks the run rolled back with a conditional UPDATE, so of
   * repeated or racing rollbacks exactly one is created; the others get 409
   * naming it (or, with the same idempotency key, that very rollback).
   */
  async rollback(
    id: string,
    options: { reason?: string; idempotencyKey?: string },
    credentials: BackstageCredentials,
  ): Promise<{ created: boolean; run: FailoverRun }> {
    return this.auditRefusal(
      'failover-rollback',
      credentials,
      { runId: id },
      async () => {
        const original = describeRun(await this.mustGet(id));
        await this.authorize(
          multiClusterFailoverExecutePermission,
          original.entityRef,
          credentials,
        );
        const idempotency = idempotencyClaim(
          options.idempotencyKey,
          `${actorOf(credentials)}|failover.rollback:${id}`,
          { runId: id, reason: options.reason },
        );
        return this.replayingOnConflict(
          idempotency,
          () =>
            this.createRollback(original, options, credentials, idempotency),
          run => ({ created: false, run }),
        );
      },
    );
  }

  private async createRollback(
    original: FailoverRun,
    options: { reason?: string },
    credentials: BackstageCredentials,
    idempotency: IdempotencyClaim | undefined,
  ): Promise<{ created: boolean; run: FailoverRun }> {
    const id = original.id;
    if (original.rolledBackBy) {
      throw new AlreadyRolledBackError(id, original.rolledBackBy);
    }
    if (!original.rollbackAvailable) {
      throw new ConflictError(
        original.dry
          ? `Run ${id} was a dry rehearsal; there is nothing to roll back`
          : `Run ${id} is ${original.status} and has not moved replicas; there is nothing to roll back`,
      );
    }
    // The replicas each cluster runs now, read at rollback time.
    const entity = await this.loadEntity(original.entityRef, credentials);
    const [placement, clusters] = await Promise.all([
      this.options.placement.getPlacement(
        getCompoundEntityRef(entity),
        credentials,
      ),
      this.options.inventory.getClusters(),
    ]);
    const plan = inversePlan(original, this.assignment(placement, clusters));
    const actor = actorOf(credentials);
    const { run, created, requestHash } = await this.options.store.createRun({
      kind: 'rollback',
      entityRef: original.entityRef,
      reason: sanitizeForLog(
        options.reason ?? `rollback of ${id}`,
        MAX_REASON_LENGTH,
      ),
      actor,
      idempotency,
      rollbackOf: id,
      dry: false,
      plan,
      context: { ...original.context, requestedBy: actor },
    });
    if (!created && idempotency) {
      this.assertSameRequest(idempotency, run, requestHash);
    }
    if (created) {
      await this.options.events.emit({
        runId: run.id,
        entityRef: run.entityRef,
        actor: run.actor,
        kind: run.kind,
        event: 'run.created',
        status: run.status,
        detail: {
          rollbackOf: id,
          from: plan.from,
          to: plan.to,
          movedReplicas: plan.movedReplicas,
        },
      });
      this.options.onCreated?.(run);
    }
    return { created, run: describeRun(run) };
  }

  /**
   * A refused request (403, 400) leaves an audit event with bounded fields
   * and nothing else: no run, no history row.
   */
  private async auditRefusal<T>(
    eventId: string,
    credentials: BackstageCredentials,
    request: Record<string, string | boolean | null | undefined>,
    handle: () => Promise<T>,
  ): Promise<T> {
    try {
      return await handle();
    } catch (error) {
      if (error instanceof NotAllowedError || error instanceof InputError) {
        await this.options.events.refused({
          eventId,
          actor: actorOf(credentials),
          request,
          error,
        });
      }
      throw error;
    }
  }

  async getDrPosture(entityRef: string, credentials: BackstageCredentials) {
    const ref = this.normalizeRef(entityRef);
    await this.authorize(multiClusterFailoverReadPermission, ref, credentials);
    const entity = await this.loadEntity(ref, credentials);
    const { spec, problems } = readServiceDrSpec(
      ref,
      entity.metadata.annotations,
    );
    const [placement, clusters, drills, active, dependencies] =
      await Promise.all([
        this.options.placement.getPlacement(
          getCompoundEntityRef(entity),
          credentials,
        ),
        this.options.inventory.getClusters(),
        this.options.store.listRuns({
          entityRef: ref,
          kind: 'drill',
          limit: 5,
        }),
        this.options.store.getActive(ref),
        this.options.dependencies?.dependenciesOf(entity, credentials) ?? [],
      ]);
    const assignment = this.assignment(placement, clusters);
    const targetRto = spec?.rtoSeconds;
    return {
      entityRef: ref,
      declared: spec ?? null,
      strategy: spec ? DR_STRATEGIES[spec.strategy] : null,
      problems,
      placement: assignment,
      placementErrors: placement.errors,
      findings: spec
        ? assessDrPosture(
            spec,
            assignment,
            clusters.map(c => toClusterProfile(c as any)),
            { dependencies },
          )
        : [],
      activeRunId: active ?? null,
      drills: drills.map(d => {
        const outcome = drillOutcome(d, targetRto);
        return {
          runId: d.id,
          status: d.status,
          dryRun: d.dry,
          from: d.from,
          to: d.to,
          createdAt: d.createdAt,
          finishedAt: d.finishedAt,
          movedReplicas: outcome.movedReplicas,
          achievedRtoSeconds: outcome.achievedRtoSeconds,
          targetRtoSeconds: targetRto ?? null,
          metTarget: outcome.metTarget,
          metTargetReason: outcome.metTargetReason,
          steps: d.steps.map(s => ({
            kind: s.kind,
            status: s.status,
            durationMs: s.durationMs ?? null,
          })),
        };
      }),
    };
  }
}
