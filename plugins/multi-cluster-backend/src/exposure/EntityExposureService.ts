import { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  CompoundEntityRef,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import {
  describeEntityExposure,
  parseServiceExportsAnnotation,
  SERVICE_ANNOTATIONS,
  type EntityExposure,
  type EntityPlacement,
} from '@flotilla/plugin-multi-cluster-common';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { FleetCluster } from '@flotilla/plugin-multi-cluster-node';
import { DependencyResolver } from './DependencyResolver';

/**
 * Where a service's MCS exports are served from and reached from, and
 * whether its clusters can reach its dependencies.
 */
export class EntityExposureService {
  constructor(
    private readonly options: {
      inventory: FleetInventoryService;
      dependencies: DependencyResolver;
      placement: {
        getPlacement(
          ref: CompoundEntityRef,
          credentials: BackstageCredentials,
          clusterFilter?: (c: FleetCluster) => boolean,
          options?: { shareReads?: boolean },
        ): Promise<EntityPlacement>;
      };
    },
  ) {}

  async getExposure(
    ref: CompoundEntityRef,
    credentials: BackstageCredentials,
    canRead: (c: FleetCluster) => boolean,
  ): Promise<EntityExposure> {
    const { dependencies, inventory, placement } = this.options;
    const entity = await dependencies.loadEntity(
      stringifyEntityRef(ref),
      credentials,
    );
    const declaredText =
      entity.metadata.annotations?.[SERVICE_ANNOTATIONS.serviceExports];
    // A bad annotation is reported with the rest of the view, not a 500.
    let declaredExports: string[] = [];
    const problems: string[] = [];
    try {
      declaredExports = declaredText
        ? parseServiceExportsAnnotation(declaredText)
        : [];
    } catch (error) {
      problems.push((error as Error).message);
    }
    const [actual, clusters, resolved] = await Promise.all([
      placement.getPlacement(ref, credentials, canRead, { shareReads: true }),
      inventory.getClusters(),
      dependencies.dependenciesOf(entity, credentials, { recent: true }),
    ]);
    const exposure = describeEntityExposure({
      entityRef: stringifyEntityRef(entity),
      declaredExports,
      workloads: actual.actual.clusters.flatMap(c =>
        c.workloads
          .filter(w => w.replicas > 0)
          .map(w => ({
            cluster: c.cluster,
            namespace: w.namespace,
            name: w.name,
          })),
      ),
      clusters: clusters.filter(canRead),
      dependencies: resolved.map(d => ({
        entityRef: d.ref,
        clusters: d.clusters.map(c => c.name),
      })),
    });
    problems.push(...resolved.flatMap(d => (d.problem ? [d.problem] : [])));
    return problems.length
      ? { ...exposure, problems: [...(exposure.problems ?? []), ...problems] }
      : exposure;
  }
}
