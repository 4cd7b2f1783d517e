import type {
  ApplicationHealthObservation,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import type { ArgoCdApplication } from '@flotilla/plugin-multi-cluster-node';

/** Reads a service's Argo CD Application health, per cluster it deploys to. */
export interface ApplicationHealthReader {
  read(
    application: string,
    fleet: Pick<FleetCluster, 'name' | 'apiServerUrl'>[],
    signal?: AbortSignal,
  ): Promise<Map<string, ApplicationHealthObservation>>;
}

/** The fleet cluster an Application deploys to (its destination). */
function destinationCluster(
  app: ArgoCdApplication,
  fleet: Pick<FleetCluster, 'name' | 'apiServerUrl'>[],
): string | undefined {
  const destination = app.spec?.destination;
  if (destination?.name) {
    return fleet.find(c => c.name === destination.name)?.name;
  }
  const server = destination?.server?.replace(/\/+$/, '');
  if (!server) return undefined;
  return fleet.find(c => c.apiServerUrl?.replace(/\/+$/, '') === server)?.name;
}

/**
 * Argo CD's REST API (`GET /api/v1/applications/{name}`, as the failover's
 * sync step reads it, with `multiCluster.failover.argocd`): the
 * Application's health, for the fleet cluster its destination names.
 */
export class ArgoCdApplicationHealth implements ApplicationHealthReader {
  constructor(
    private readonly argocd: { baseUrl: string; token: string },
    private readonly timeoutMs: number,
  ) {}

  async read(
    application: string,
    fleet: Pick<FleetCluster, 'name' | 'apiServerUrl'>[],
    signal?: AbortSignal,
  ): Promise<Map<string, ApplicationHealthObservation>> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const response = await fetch(
      `${this.argocd.baseUrl}/api/v1/applications/${encodeURIComponent(
        application,
      )}`,
      {
        headers: {
          Authorization: `Bearer ${this.argocd.token}`,
          Accept: 'application/json',
        },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      },
    );
    if (!response.ok) {
      throw new Error(
        `Argo CD application ${application}: HTTP ${response.status}`,
      );
    }
    const app = (await response.json()) as ArgoCdApplication;
    const cluster = destinationCluster(app, fleet);
    if (!cluster) return new Map();
    return new Map([
      [
        cluster,
        {
          application,
          status: app.status?.health?.status,
          message: app.status?.health?.message,
        },
      ],
    ]);
  }
}
