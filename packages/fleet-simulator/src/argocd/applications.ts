/**
 * What Argo CD's controllers decide, apart from the calls: the Applications
 * an ApplicationSet's cluster generator produces (template rendered per
 * cluster Secret, owned by the ApplicationSet), and the sync and health an
 * Application reports for the scenario's add-on state. Pure.
 */
import { matchesLabelSelector } from '@flotilla/plugin-multi-cluster-common';
import type { AddonState } from '../scenario';
import { deepEqual } from '../capi/status';
import type {
  Application,
  ApplicationSet,
  ApplicationStatus,
  GeneratedApplication,
  HealthStatus,
  SyncStatus,
} from './argoObjects';

/** A cluster Secret as the cluster generator sees it. */
export interface ArgoCluster {
  name: string;
  server: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

export function argoCluster(secret: {
  metadata?: {
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  data?: Record<string, string>;
}): ArgoCluster | undefined {
  const read = (key: string) =>
    secret.data?.[key]
      ? Buffer.from(secret.data[key], 'base64').toString()
      : undefined;
  const name = read('name');
  const server = read('server');
  if (!name || !server) return undefined;
  return {
    name,
    server,
    labels: secret.metadata?.labels ?? {},
    annotations: secret.metadata?.annotations ?? {},
  };
}

/** The cluster generator's parameters of one cluster. */
function parameters(cluster: ArgoCluster): Record<string, unknown> {
  return {
    name: cluster.name,
    nameNormalized: cluster.name.toLowerCase().replace(/[^a-z0-9-.]/g, '-'),
    server: cluster.server,
    metadata: { labels: cluster.labels, annotations: cluster.annotations },
  };
}

/** Renders `{{.name}}` (goTemplate) and `{{name}}` (fasttemplate) placeholders. */
export function render(
  value: unknown,
  params: Record<string, unknown>,
): unknown {
  if (typeof value === 'string') {
    return value.replace(
      /\{\{\s*\.?([\w.-]+)\s*\}\}/g,
      (_whole, key: string) => {
        const found = key
          .split('.')
          .reduce<unknown>(
            (v, k) =>
              v && typeof v === 'object'
                ? (v as Record<string, unknown>)[k]
                : undefined,
            params,
          );
        if (found === undefined) {
          throw new Error(`template: map has no entry for key "${key}"`);
        }
        return String(found);
      },
    );
  }
  if (Array.isArray(value)) return value.map(v => render(v, params));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, render(v, params)]),
    );
  }
  return value;
}

/** The Applications the ApplicationSet's cluster generators produce. */
export function generateApplications(
  appSet: ApplicationSet,
  clusters: ArgoCluster[],
): GeneratedApplication[] {
  const apps = new Map<string, GeneratedApplication>();
  for (const generator of appSet.spec?.generators ?? []) {
    if (!generator.clusters) continue;
    for (const cluster of clusters) {
      if (!matchesLabelSelector(cluster.labels, generator.clusters.selector)) {
        continue;
      }
      const rendered = render(appSet.spec!.template, parameters(cluster)) as {
        metadata: GeneratedApplication['metadata'];
        spec: GeneratedApplication['spec'];
      };
      const app: GeneratedApplication = {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'Application',
        metadata: {
          ...rendered.metadata,
          namespace: appSet.metadata.namespace,
          finalizers: ['resources-finalizer.argocd.argoproj.io'],
          ownerReferences: [
            {
              apiVersion: appSet.apiVersion ?? 'argoproj.io/v1alpha1',
              kind: 'ApplicationSet',
              name: appSet.metadata.name,
              uid: appSet.metadata.uid!,
              controller: true,
              blockOwnerDeletion: true,
            },
          ],
        },
        spec: rendered.spec,
      };
      apps.set(app.metadata.name, app);
    }
  }
  return [...apps.values()];
}

/** Whether `current` already has what the ApplicationSet generates (spec, labels, owner). */
export function applicationUpToDate(
  current: Application,
  generated: GeneratedApplication,
): boolean {
  return (
    deepEqual(current.spec, generated.spec) &&
    Object.entries(generated.metadata.labels ?? {}).every(
      ([k, v]) => current.metadata?.labels?.[k] === v,
    ) &&
    (current.metadata?.ownerReferences ?? []).some(
      o => o.uid === generated.metadata.ownerReferences![0].uid,
    )
  );
}

export const targetRevisionOf = (app: Application | undefined): string =>
  app?.spec?.source?.targetRevision ?? 'HEAD';

/** What the scenario says of an add-on on one cluster. */
export interface AddonClusterState {
  state: AddonState;
  revision?: string;
  message?: string;
}

/**
 * The `status.sync` and `status.health` an Application reports: synced and
 * healthy at its target revision when the add-on is in sync there (or the
 * scenario does not mention it), out of sync at the revision it still runs
 * when drifted, Missing when its resources are not in the cluster, and
 * Unknown when Argo CD cannot tell.
 */
export function desiredApplicationStatus(
  app: Application,
  state: AddonClusterState | undefined,
): { sync: SyncStatus; health: HealthStatus } {
  const target = targetRevisionOf(app);
  const comparedTo = {
    source: app.spec?.source,
    destination: app.spec?.destination,
  };
  switch (state?.state) {
    case 'drifted':
      return {
        sync: {
          status: 'OutOfSync',
          revision: state.revision ?? target,
          comparedTo,
        },
        health: {
          status: 'Healthy',
          ...(state.message ? { message: state.message } : {}),
        },
      };
    case 'missing':
      return {
        sync: { status: 'OutOfSync', revision: target, comparedTo },
        health: {
          status: 'Missing',
          message: state.message ?? 'resources are not in the cluster',
        },
      };
    case 'unknown':
      return {
        sync: { status: 'Unknown', comparedTo },
        health: {
          status: 'Unknown',
          ...(state.message ? { message: state.message } : {}),
        },
      };
    default:
      return {
        sync: { status: 'Synced', revision: target, comparedTo },
        health: { status: 'Healthy' },
      };
  }
}

/** A status without the time of its last reconciliation. */
const strip = (status: ApplicationStatus | undefined) => {
  const { reconciledAt, ...rest } = status ?? {};
  return rest;
};

/**
 * The Application's next status. An in-sync Application whose target moved
 * (the ApplicationSet's template changed) syncs the way automated sync does:
 * OutOfSync with a Running sync operation first, Synced at the new revision
 * `syncMs` later. `status` is undefined when nothing changes (Argo CD
 * rewrites nothing then); `recheckMs` says when a running sync is due.
 */
export function nextApplicationStatus(
  app: Application,
  state: AddonClusterState | undefined,
  now: Date,
  syncMs: number,
): { status?: ApplicationStatus; recheckMs?: number } {
  const current: ApplicationStatus = app.status ?? {};
  const desired = desiredApplicationStatus(app, state);
  const at = now.toISOString();
  const running = current.operationState?.phase === 'Running';
  const deployed: string | undefined = current.sync?.revision;
  let status: ApplicationStatus | undefined;
  let recheckMs: number | undefined;
  if (
    desired.sync.status === 'Synced' &&
    deployed &&
    deployed !== desired.sync.revision
  ) {
    // Automated sync to the new revision: Running first, done syncMs later.
    const startedAt: string = running ? current.operationState!.startedAt! : at;
    const left = syncMs - (now.getTime() - new Date(startedAt).getTime());
    if (!running || left > 0) {
      status = {
        ...current,
        sync: { ...desired.sync, status: 'OutOfSync', revision: deployed },
        health: { status: 'Progressing' },
        operationState: {
          phase: 'Running',
          message: `syncing to ${desired.sync.revision}`,
          startedAt,
          operation: { sync: { revision: desired.sync.revision } },
        },
      };
      recheckMs = Math.max(left, 0);
    }
  }
  if (!status) {
    status = { ...current, sync: desired.sync, health: desired.health };
    if (running) {
      status.operationState = {
        ...current.operationState,
        phase: 'Succeeded',
        message: 'successfully synced (all tasks run)',
        finishedAt: at,
      };
    }
  }
  status.sourceType = 'Kustomize';
  if (deepEqual(strip(current), strip(status))) return { recheckMs };
  return { status: { ...status, reconciledAt: at }, recheckMs };
}
