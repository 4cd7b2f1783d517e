import {
  AuthService,
  BackstageCredentials,
  LoggerService,
} from '@backstage/backend-plugin-api';
import { CATALOG_FILTER_EXISTS } from '@backstage/catalog-client';
import { Entity, stringifyEntityRef } from '@backstage/catalog-model';
import { CatalogService } from '@backstage/plugin-catalog-node';
import {
  type ApplicationHealthObservation,
  type EntityPlacement,
  readServiceDrSpec,
  SERVICE_ANNOTATIONS,
  type ServiceSignalInput,
} from '@flotilla/plugin-multi-cluster-common';
import {
  errorMessage,
  sanitizeForLog,
} from '@flotilla/plugin-multi-cluster-node';
import pLimit from 'p-limit';
import {
  type CurrentPlacement,
  ownersOf,
  type ServicePlacement,
} from '../failover/ServicePlacement';
import type { ApplicationHealthReader } from './ApplicationHealthReader';
import type { ObservedService, ServiceObserver } from './types';

/** Its effective PropagationPolicy declares Karmada's application failover. */
export function karmadaFailsOver(placement: EntityPlacement): boolean {
  return placement.desired.karmada.some(d =>
    d.policies.some(p => p.effective && p.failover),
  );
}

/** The service's signals in each cluster it runs on. */
function signalsOf(
  current: CurrentPlacement,
  applications: Map<string, ApplicationHealthObservation>,
): ServiceSignalInput[] {
  const unread = new Set(current.placement.errors.map(e => e.cluster));
  const workloads = new Map(
    current.placement.actual.clusters.map(c => [c.cluster, c.workloads]),
  );
  return current.assignment
    .filter(a => a.replicas > 0)
    .map(({ name }) => ({
      cluster: name,
      application: applications.get(name),
      workloads: unread.has(name) ? undefined : workloads.get(name),
    }));
}

/**
 * Every DR-declared service of the catalog (a `flotilla.io/dr-strategy`
 * annotation), read with the plugin's own service credentials: where its
 * replicas run (as the failover module reads it), whether Karmada fails it
 * over itself, its Deployments and its Argo CD Application per cluster.
 * Over the live-read limit its Deployments are those the last inspection
 * pass read (`recent`): a tick every few seconds cannot list every cluster
 * a widely run service is on.
 * A service that cannot be read is left out of the tick (and logged).
 */
export class CatalogServiceObserver implements ServiceObserver {
  constructor(
    private readonly options: {
      catalog: CatalogService;
      auth: AuthService;
      placement: Pick<ServicePlacement, 'current'>;
      applications?: ApplicationHealthReader;
      logger: LoggerService;
      concurrency: number;
    },
  ) {}

  async observe(
    options: { signal?: AbortSignal } = {},
  ): Promise<ObservedService[]> {
    const credentials = await this.options.auth.getOwnServiceCredentials();
    const { items } = await this.options.catalog.getEntities(
      {
        filter: {
          [`metadata.annotations.${SERVICE_ANNOTATIONS.drStrategy}`]:
            CATALOG_FILTER_EXISTS,
        },
      },
      { credentials },
    );
    const limit = pLimit(Math.max(1, this.options.concurrency));
    const observed = await Promise.all(
      items.map(entity =>
        limit(() => this.observeOne(entity, credentials, options.signal)),
      ),
    );
    return observed
      .filter((s): s is ObservedService => !!s)
      .sort((a, b) => a.entityRef.localeCompare(b.entityRef));
  }

  private async observeOne(
    entity: Entity,
    credentials: BackstageCredentials,
    signal?: AbortSignal,
  ): Promise<ObservedService | undefined> {
    if (signal?.aborted) return undefined;
    const entityRef = stringifyEntityRef(entity);
    const { spec } = readServiceDrSpec(entityRef, entity.metadata.annotations);
    if (!spec) return undefined;
    try {
      // A tick over a large fleet reads no member: each cluster's workloads
      // come from the inspection pass that also gave its health verdict.
      const current = await this.options.placement.current(
        entity,
        credentials,
        { recent: true },
      );
      const applications = await this.applications(
        spec.argocdApp,
        current,
        signal,
      );
      return {
        entityRef,
        title: entity.metadata.title,
        owners: ownersOf(entity),
        spec,
        placement: current.assignment,
        karmadaFailover: karmadaFailsOver(current.placement),
        signals: signalsOf(current, applications),
      };
    } catch (error) {
      this.options.logger.warn(
        `Detection could not read ${entityRef}: ${sanitizeForLog(
          errorMessage(error),
          300,
        )}`,
      );
      return undefined;
    }
  }

  /** The Application's health per cluster; none when it cannot be read. */
  private async applications(
    application: string | undefined,
    current: CurrentPlacement,
    signal?: AbortSignal,
  ): Promise<Map<string, ApplicationHealthObservation>> {
    const reader = this.options.applications;
    if (!application || !reader) return new Map();
    try {
      return await reader.read(application, current.clusters, signal);
    } catch (error) {
      this.options.logger.warn(
        `Detection could not read Argo CD application ${sanitizeForLog(
          application,
          100,
        )}: ${sanitizeForLog(errorMessage(error), 300)}`,
      );
      return new Map();
    }
  }
}
