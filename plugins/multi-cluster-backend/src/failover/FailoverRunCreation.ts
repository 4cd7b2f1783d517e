import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { Entity } from '@backstage/catalog-model';
import {
  EntityPlacement,
  planFailover,
  PlannedTarget,
  readServiceDrSpec,
  ServiceDrSpec,
  toClusterProfile,
} from '@flotilla/plugin-multi-cluster-common';
import { actorOf } from '../history/MutationRecorder';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { admitRun } from './runAdmission';
import { describeRun } from './runView';
import { ownersOf, ServicePlacement, workloadRefs } from './ServicePlacement';
import {
  CreateResult,
  FailoverRequest,
  FailoverServiceOptions,
  MAX_REASON_LENGTH,
} from './serviceTypes';
import {
  ActiveFailoverError,
  IdempotencyClaim,
  NewFailoverRun,
} from './FailoverStore';
import { FailoverRunContext, KarmadaTarget } from './types';

export const ANNOTATION_HEALTH_URL = 'flotilla.io/health-url';

/**
 * The service's DR spec: what its annotations declare, else an
 * active-passive-warm service of the entity's Kubernetes id.
 */
function serviceSpecOf(entityRef: string, entity: Entity): ServiceDrSpec {
  const annotations = entity.metadata.annotations ?? {};
  const { spec: declared } = readServiceDrSpec(entityRef, annotations);
  const service: ServiceDrSpec = declared ?? {
    entityRef,
    strategy: 'active-passive-warm',
    kubernetesId: annotations['backstage.io/kubernetes-id'],
    argocdApp: annotations['flotilla.io/argocd-app'],
  };
  service.kubernetesId ??= entity.metadata.name;
  return service;
}

/** What the worker needs to execute a run, captured when it is created. */
function runContextOf(
  entity: Entity,
  service: ServiceDrSpec,
  parts: {
    placement: EntityPlacement;
    karmada: KarmadaTarget | undefined;
    requestedBy: string;
  },
): FailoverRunContext {
  const { placement } = parts;
  return {
    entityRef: service.entityRef,
    title: entity.metadata.title ?? entity.metadata.name,
    kubernetesId: service.kubernetesId,
    namespace: placement.namespace,
    owners: ownersOf(entity),
    argocdApp: service.argocdApp,
    healthUrl: entity.metadata.annotations?.[ANNOTATION_HEALTH_URL],
    resourceRequest: service.resourceRequest,
    workloads: workloadRefs(placement),
    karmada: parts.karmada,
    requestedBy: parts.requestedBy,
  };
}

/**
 * Who a run is created for and what it must honour beyond the request: a
 * region failover's child has no user credentials (the storm's actor was
 * authorized when the storm was created), exact targets and a record to
 * write with the run.
 */
export interface RunOrigin {
  actor: string;
  targets?: PlannedTarget[];
  recordInTransaction?: NewFailoverRun['recordInTransaction'];
}

/**
 * Plans a failover or drill of a service from where it runs now and, unless
 * it is a dry run, records the run for the worker (admission: one
 * unfinished run per entity, one run per idempotency key).
 */
export class FailoverRunCreation {
  constructor(
    private readonly options: Pick<
      FailoverServiceOptions,
      'store' | 'events' | 'dependencies' | 'traffic'
    >,
    private readonly services: ServicePlacement,
  ) {}

  async create(
    request: FailoverRequest,
    entityRef: string,
    credentials: BackstageCredentials,
    idempotency: IdempotencyClaim | undefined,
    origin: RunOrigin = { actor: actorOf(credentials) },
  ): Promise<CreateResult> {
    const { store } = this.options;
    const entity = await this.services.loadEntity(entityRef, credentials);
    if (!request.dryRun) {
      const active = await store.getActive(entityRef);
      if (active) {
        throw new ActiveFailoverError(active, entityRef);
      }
    }
    const service = serviceSpecOf(entityRef, entity);
    const [{ placement, clusters, assignment }, dependencies] =
      await Promise.all([
        this.services.current(entity, credentials),
        this.options.dependencies?.dependenciesOf(entity, credentials) ?? [],
      ]);
    const karmada = this.services.karmadaTarget(placement);
    const plan = planFailover({
      // Targets must reach what the service depends on (a Flotilla check).
      dependencies,
      service,
      from: request.from,
      to: request.to,
      targets: origin.targets,
      placement: assignment,
      fleet: clusters.map(c => toClusterProfile(c)),
      viaKarmada: Boolean(karmada),
      force: Boolean(request.force || request.drill),
      trafficProvider: this.options.traffic?.name,
    });
    if (request.dryRun) {
      return { dryRun: true, plan };
    }
    const context = runContextOf(entity, service, {
      placement,
      karmada,
      requestedBy: origin.actor,
    });
    // A drill runs the failover's runbook for real: it moves the replicas,
    // and its RTO is measured from what the clusters report (drillOutcome).
    const { run, created } = await admitRun(
      this.options,
      {
        kind: request.drill ? 'drill' : 'failover',
        entityRef,
        reason: sanitizeForLog(request.reason, MAX_REASON_LENGTH),
        actor: origin.actor,
        idempotency,
        dry: false,
        plan,
        context,
        recordInTransaction: origin.recordInTransaction,
      },
      createdRun => ({
        from: plan.from,
        to: plan.to,
        method: plan.method,
        reason: createdRun.reason,
      }),
    );
    return { dryRun: false, created, run: describeRun(run) };
  }
}
