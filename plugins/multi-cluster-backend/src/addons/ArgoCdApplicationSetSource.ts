import type {
  AddonClusterStatus,
  AddonCoverage,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import {
  ARGOCD_GROUP,
  getApplicationSet,
  listApplications,
  type ArgoCdApplication,
  type ArgoCdApplicationSet,
  type ArgoCdApplicationSpec,
  type KubernetesClient,
} from '@flotilla/plugin-multi-cluster-node';
import { coverageOf, FleetClusterIndex, observe } from './coverage';
import {
  ClientDeliverySource,
  DeliveryLocation,
  DeliveryRead,
  ArgoCdApplicationSetDelivery,
} from './types';

/** How an Application names the cluster Argo CD itself runs in. */
const IN_CLUSTER_SERVER = 'https://kubernetes.default.svc';
const IN_CLUSTER_NAME = 'in-cluster';

type Observation = Omit<AddonClusterStatus, 'cluster'>;

// The Argo CD shapes live with the Argo CD API module.
type ApplicationSpec = ArgoCdApplicationSpec;
/** The fields of an Argo CD Application that Flotilla reads. */
export type Application = ArgoCdApplication;
type ApplicationSet = ArgoCdApplicationSet;

function isOwnedBy(app: Application, appSet: ApplicationSet): boolean {
  const owners = app?.metadata?.ownerReferences ?? [];
  const uid = appSet?.metadata?.uid;
  return owners.some(
    o =>
      o?.kind === 'ApplicationSet' &&
      typeof o.apiVersion === 'string' &&
      o.apiVersion.startsWith(`${ARGOCD_GROUP}/`) &&
      o.name === appSet?.metadata?.name &&
      (!uid || !o.uid || o.uid === uid),
  );
}

/** The deployed revision; multi-source Applications report one per source. */
function syncedRevision(app: Application): string | undefined {
  const sync = app?.status?.sync;
  if (typeof sync?.revision === 'string' && sync.revision) {
    return sync.revision;
  }
  if (Array.isArray(sync?.revisions) && sync.revisions.length > 0) {
    return sync.revisions.join(',');
  }
  return undefined;
}

function targetRevision(
  app: { spec?: ApplicationSpec } | undefined,
): string | undefined {
  const spec = app?.spec;
  if (spec?.source) {
    return spec.source.targetRevision ?? 'HEAD';
  }
  if (Array.isArray(spec?.sources) && spec.sources.length > 0) {
    return spec.sources.map(s => s?.targetRevision ?? 'HEAD').join(',');
  }
  return undefined;
}

/** Maps an Application's sync and health status to an add-on state. */
export function applicationState(app: Application): Observation {
  const name = `Application ${app?.metadata?.name}`;
  const sync: string = app?.status?.sync?.status ?? 'Unknown';
  const health: string = app?.status?.health?.status ?? 'Unknown';
  const revision = syncedRevision(app);
  const desiredRevision = targetRevision(app);
  const at = revision ? ` at revision ${revision}` : '';
  const operation = app?.status?.operationState;
  const details = [
    app?.status?.health?.message,
    operation?.phase && ['Failed', 'Error'].includes(operation.phase)
      ? `last sync ${operation.phase}: ${operation.message}`
      : undefined,
  ].filter(Boolean);
  const extra = details.length > 0 ? ` (${details.join('; ')})` : '';
  const base = { revision, desiredRevision };
  if (sync === 'Synced' && health === 'Healthy') {
    return { ...base, state: 'in-sync' };
  }
  // Missing health: the Application's resources are not in the cluster.
  if (sync === 'OutOfSync' || health === 'Degraded' || health === 'Missing') {
    return {
      ...base,
      state: 'drifted',
      message: `${name} is ${sync} and ${health}${at}${extra}`,
    };
  }
  return {
    ...base,
    state: 'unknown',
    message: `${name} is ${sync} and ${health}${at}${extra}`,
  };
}

function errorConditions(appSet: ApplicationSet): string[] {
  return (appSet?.status?.conditions ?? [])
    .filter(c => c?.type === 'ErrorOccurred' && c?.status === 'True')
    .map(c => `${c.reason ?? 'ErrorOccurred'}: ${c.message ?? ''}`.trim());
}

/**
 * An add-on delivered by an Argo CD ApplicationSet: the Applications it
 * owns (by ownerReference) are the per-cluster deliveries. An Application's
 * destination maps to a fleet cluster by name, else by API server URL;
 * `in-cluster` is the cluster Argo CD runs in.
 */
export class ArgoCdApplicationSetSource extends ClientDeliverySource<ArgoCdApplicationSetDelivery> {
  readonly delivery = 'argocd-applicationset' as const;

  protected locate(delivery: ArgoCdApplicationSetDelivery): DeliveryLocation {
    return {
      ref: { kind: 'cluster', name: delivery.cluster },
      source: `ApplicationSet ${delivery.namespace}/${delivery.name} on ${delivery.cluster}`,
      unreachable: `cannot reach cluster '${delivery.cluster}' where Argo CD runs (unknown cluster or no credentials)`,
    };
  }

  protected async read(
    request: DeliveryRead<ArgoCdApplicationSetDelivery>,
  ): Promise<AddonCoverage> {
    const { addon, delivery, fleet, client, source, opts } = request;
    const appSet = await getApplicationSet(
      client,
      { namespace: delivery.namespace, name: delivery.name },
      opts,
    );
    const apps = await this.listApplications(client, delivery, opts);
    const index = new FleetClusterIndex(fleet);
    const observed = new Map<string, Observation[]>();
    for (const app of apps.filter(a => isOwnedBy(a, appSet))) {
      const cluster = this.destinationCluster(app, delivery, index);
      if (cluster) {
        observe(observed, cluster.name, applicationState(app));
      }
    }
    const errors = errorConditions(appSet);
    return coverageOf(addon, source, fleet, observed, {
      // What a generated Application would target (templated values stay as is).
      desiredRevision: targetRevision(appSet?.spec?.template),
      message: `no Application of ${source} targets this cluster${
        errors.length > 0 ? ` (ApplicationSet ${errors.join('; ')})` : ''
      }`,
    });
  }

  private async listApplications(
    client: KubernetesClient,
    delivery: ArgoCdApplicationSetDelivery,
    opts: { signal?: AbortSignal },
  ): Promise<Application[]> {
    // Generated Applications carry no label naming their ApplicationSet, so
    // the namespace is listed and filtered by ownerReference.
    return listApplications(client, delivery.namespace, opts);
  }

  private destinationCluster(
    app: Application,
    delivery: ArgoCdApplicationSetDelivery,
    index: FleetClusterIndex,
  ): FleetCluster | undefined {
    const destination: NonNullable<ApplicationSpec['destination']> =
      app?.spec?.destination ?? {};
    if (
      destination.name === IN_CLUSTER_NAME ||
      (!destination.name &&
        typeof destination.server === 'string' &&
        destination.server.replace(/\/+$/, '') === IN_CLUSTER_SERVER)
    ) {
      return index.byClusterName(delivery.cluster);
    }
    return (
      index.byClusterName(destination.name) ??
      index.byApiServer(destination.server)
    );
  }
}
