/**
 * ApplicationSet controller: renders each ApplicationSet's cluster
 * generator over the cluster Secrets, creates and updates the Applications
 * it owns (ownerReference, as the real controller sets it), deletes the ones
 * no cluster generates any more, and reports ResourcesUpToDate.
 */
import type { Stoppable } from '../context';
import { runReconcileLoop } from '../capi/kube';
import { withConditions } from '../capi/conditions';
import { deepEqual } from '../capi/status';
import {
  ArgoCluster,
  applicationUpToDate,
  argoCluster,
  generateApplications,
} from './applications';
import { keepIgnoredFields } from './ignoreDifferences';
import { ARGOCD_NAMESPACE, ARGO_TYPES, SECRET_TYPE_LABEL } from './model';
import type { ArgoRuntime } from './runtime';
import type { V1Secret } from '@kubernetes/client-node';
import type { Condition } from '../capi/conditions';
import type {
  Application,
  ApplicationSet,
  GeneratedApplication,
} from './argoObjects';

const isOwnedBy = (app: Application, appSet: ApplicationSet) =>
  (app.metadata?.ownerReferences ?? []).some(
    o => o.kind === 'ApplicationSet' && o.uid === appSet.metadata.uid,
  );

export async function listArgoClusters(
  rt: ArgoRuntime,
): Promise<ArgoCluster[]> {
  const secrets = await rt.core.api.listSecretForAllNamespaces({
    labelSelector: `${SECRET_TYPE_LABEL}=cluster`,
  });
  return secrets.items
    .map(s => argoCluster(s as V1Secret & { data?: Record<string, string> }))
    .filter((c): c is ArgoCluster => Boolean(c));
}

type Custom = ArgoRuntime['custom'];

/**
 * Creates or updates the generated Applications (leaving the fields the
 * set's ignoreApplicationDifferences names as the live ones have them),
 * deletes the owned ones no longer generated.
 */
async function applyGenerated(
  custom: Custom,
  appSet: ApplicationSet,
  apps: Application[],
  owned: Application[],
  generated: GeneratedApplication[],
) {
  for (const rendered of generated) {
    const current = apps.find(
      a =>
        a.metadata.namespace === rendered.metadata.namespace &&
        a.metadata.name === rendered.metadata.name,
    );
    const app = current
      ? keepIgnoredFields(
          rendered,
          current,
          appSet.spec?.ignoreApplicationDifferences,
        )
      : rendered;
    if (!current) {
      await custom.createOrLeave(ARGO_TYPES.application, app);
    } else if (!applicationUpToDate(current, app)) {
      await custom.update<Application>(
        ARGO_TYPES.application,
        app.metadata.namespace!,
        app.metadata.name,
        c => ({
          ...c,
          metadata: {
            ...c.metadata,
            labels: { ...c.metadata.labels, ...app.metadata.labels },
            ownerReferences: app.metadata.ownerReferences,
          },
          // Ignored fields as the Application has them when written.
          spec: keepIgnoredFields(
            rendered,
            c,
            appSet.spec?.ignoreApplicationDifferences,
          ).spec,
        }),
        'main',
        current,
      );
    }
  }
  for (const app of owned) {
    if (!generated.some(g => g.metadata.name === app.metadata.name)) {
      await custom.delete(
        ARGO_TYPES.application,
        app.metadata.namespace!,
        app.metadata.name,
      );
    }
  }
}

/** The ApplicationSet's conditions and the Applications it generated. */
async function writeApplicationSetStatus(
  custom: Custom,
  appSet: ApplicationSet,
  generated: GeneratedApplication[],
  error: string | undefined,
  now: Date,
) {
  await custom.update<ApplicationSet>(
    ARGO_TYPES.applicationSet,
    appSet.metadata.namespace!,
    appSet.metadata.name,
    current => {
      const status = {
        ...(current.status ?? {}),
        conditions: argoConditions(
          current.status?.conditions,
          error,
          generated.length,
          now,
        ),
        resources: generated.map(a => ({
          group: 'argoproj.io',
          version: 'v1alpha1',
          kind: 'Application',
          name: a.metadata.name,
          namespace: a.metadata.namespace,
        })),
      };
      return deepEqual(current.status, status)
        ? undefined
        : { ...current, status };
    },
    'status',
    appSet,
  );
}

export async function reconcileApplicationSets(
  rt: ArgoRuntime,
  now = new Date(),
) {
  const { custom } = rt;
  const [appSets, apps, clusters] = await Promise.all([
    custom.list<ApplicationSet>(ARGO_TYPES.applicationSet),
    custom.list<Application>(ARGO_TYPES.application),
    listArgoClusters(rt),
  ]);
  for (const appSet of appSets) {
    if (appSet.metadata.deletionTimestamp) continue;
    let generated: GeneratedApplication[];
    let error: string | undefined;
    try {
      generated = generateApplications(appSet, clusters);
    } catch (e) {
      generated = [];
      error = (e as Error).message;
    }
    const owned = apps.filter(
      a =>
        a.metadata.namespace === appSet.metadata.namespace &&
        isOwnedBy(a, appSet),
    );
    if (!error) await applyGenerated(custom, appSet, apps, owned, generated);
    await writeApplicationSetStatus(custom, appSet, generated, error, now);
  }
}

/** Argo CD's ApplicationSet conditions (its own shape: no observedGeneration). */
function argoConditions(
  current: Condition[] | undefined,
  error: string | undefined,
  count: number,
  now: Date,
) {
  return withConditions(
    current,
    [
      {
        type: 'ErrorOccurred',
        status: error ? 'True' : 'False',
        reason: error
          ? 'ApplicationGenerationFromParamsError'
          : 'ApplicationSetUpToDate',
        message: error ?? 'All applications have been generated successfully',
      },
      {
        type: 'ParametersGenerated',
        status: 'True',
        reason: 'ParametersGenerated',
        message: 'Successfully generated parameters for all Applications',
      },
      {
        type: 'ResourcesUpToDate',
        status: error ? 'False' : 'True',
        reason: error
          ? 'ApplicationGenerationFromParamsError'
          : 'ApplicationSetUpToDate',
        message:
          error ??
          `All applications have been generated successfully (${count})`,
      },
    ],
    now,
  );
}

export function startApplicationSetController(rt: ArgoRuntime): Stoppable {
  return runReconcileLoop({
    name: 'argocd applicationsets',
    kc: rt.custom.kc,
    watchPaths: [
      '/apis/argoproj.io/v1alpha1/applicationsets',
      '/apis/argoproj.io/v1alpha1/applications',
      // Declarative cluster Secrets live in Argo CD's namespace.
      `/api/v1/namespaces/${ARGOCD_NAMESPACE}/secrets`,
    ],
    reconcile: async () => {
      await reconcileApplicationSets(rt);
      return undefined;
    },
    log: rt.ctx.log,
    signal: rt.ctx.signal,
  });
}
