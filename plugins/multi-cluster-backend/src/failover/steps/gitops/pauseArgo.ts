import type { KubernetesTransport } from '@flotilla/plugin-multi-cluster-node';
import { errorMessage, StepContext, StepError } from '../types';
import { applicationSetFinding, ApplicationSetObject } from './applicationSet';
import { isNamespace, isObjectName } from './fluxParent';
import {
  ARGO_APPLICATIONS,
  ARGO_APPLICATION_SETS,
  gitopsClient,
  patchAtReadVersion,
  readObject,
} from './kube';
import { PauseJournal } from './pauseJournal';
import {
  ArgoApplicationObject,
  isAutomated,
  pausePatch,
  syncPolicyOf,
} from './syncPolicy';

/**
 * `flotilla.io/argocd-app`: an Application name in Argo CD's namespace, or
 * `namespace/name` (Applications in any namespace).
 */
export function applicationRef(
  value: string,
  defaultNamespace: string,
): { namespace: string; name: string } {
  const [first, second, ...rest] = value.split('/');
  const ref =
    second === undefined
      ? { namespace: defaultNamespace, name: first }
      : { namespace: first, name: second };
  if (rest.length || !isNamespace(ref.namespace) || !isObjectName(ref.name)) {
    throw new StepError(
      'flotilla.io/argocd-app is not an Application name (or namespace/name)',
      { retryable: false },
    );
  }
  return ref;
}

/** The ApplicationSet that generated the Application, if one did. */
function ownerSet(app: ArgoApplicationObject): string | undefined {
  const owner = (app.metadata?.ownerReferences ?? []).find(
    o =>
      o.kind === 'ApplicationSet' &&
      (o.apiVersion ?? '').startsWith('argoproj.io/'),
  );
  return owner?.name && isObjectName(owner.name) ? owner.name : undefined;
}

/** Reports when the owning ApplicationSet would restore the automated sync. */
async function checkApplicationSet(
  ctx: StepContext,
  journal: PauseJournal,
  client: KubernetesTransport,
  cluster: string,
  app: ArgoApplicationObject,
  ref: { namespace: string; name: string },
) {
  const setName = ownerSet(app);
  if (!setName) return;
  try {
    const set = await readObject<ApplicationSetObject>(ctx, {
      client,
      cluster,
      resource: ARGO_APPLICATION_SETS,
      namespace: ref.namespace,
      name: setName,
    });
    const finding = applicationSetFinding(set, ref);
    if (finding) journal.finding(finding.severity, finding.message);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    journal.finding(
      'warning',
      `could not read ApplicationSet ${
        ref.namespace
      }/${setName}, which generated Argo CD application ${ref.namespace}/${
        ref.name
      } (${errorMessage(error)}): it may restore the automated sync`,
    );
  }
}

/**
 * Removes the Application's automated sync (`spec.syncPolicy.automated`),
 * its whole previous syncPolicy recorded first.
 */
export async function pauseArgoApplication(
  ctx: StepContext,
  journal: PauseJournal,
  config: { cluster: string; namespace: string },
  value: string,
): Promise<void> {
  const ref = applicationRef(value, config.namespace);
  const { cluster } = config;
  const client = await gitopsClient(
    ctx,
    cluster,
    'multiCluster.failover.argocd.cluster',
  );
  const at = { client, cluster, resource: ARGO_APPLICATIONS, ...ref };
  const app = await readObject<ArgoApplicationObject>(ctx, at);
  const key = { kind: 'argocd-application' as const, cluster, ...ref };
  const record = await journal.record(
    { ...key, role: 'service' },
    { syncPolicy: syncPolicyOf(app) },
    !isAutomated(app),
  );
  const resourceVersion = await patchAtReadVersion<ArgoApplicationObject>(
    ctx,
    at,
    current => (isAutomated(current) ? pausePatch() : undefined),
  );
  await journal.paused(record, resourceVersion);
  await checkApplicationSet(ctx, journal, client, cluster, app, ref);
}
