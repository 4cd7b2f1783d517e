import { fetchFailureReason, StepError, StepExecutor } from './types';

/** The fields of an Argo CD Application the sync step reads. */
interface ArgoApplication {
  status?: {
    sync?: { status?: string; revision?: string };
    health?: { status?: string };
  };
}

/** An Argo CD error answer. */
interface ArgoErrorBody {
  message?: string;
  error?: string;
}

async function argo(
  baseUrl: string,
  token: string,
  path: string,
  init: { method: string; body?: unknown; signal: AbortSignal },
): Promise<ArgoApplication | undefined> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method: init.method,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal.aborted) throw init.signal.reason ?? error;
    throw new StepError(
      `Argo CD ${init.method} ${path}: ${fetchFailureReason(error)}`,
    );
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const answer = body as ArgoErrorBody | undefined;
    const detail = answer?.message ?? answer?.error ?? text.slice(0, 200);
    throw new StepError(
      `Argo CD ${init.method} ${path}: HTTP ${response.status}${
        detail ? ` ${detail}` : ''
      }`,
      // 4xx other than 409/429 will not heal by retrying.
      {
        retryable:
          response.status >= 500 ||
          response.status === 409 ||
          response.status === 429,
      },
    );
  }
  return body as ArgoApplication | undefined;
}

/**
 * Syncs the service's Argo CD application and waits until it is Synced and
 * Healthy (`POST /api/v1/applications/{name}/sync`, then polling
 * `GET /api/v1/applications/{name}`).
 */
export const gitopsSync: StepExecutor = async ({
  run,
  step,
  deps,
  signal,
  pollIntervalMs,
}) => {
  const { application } = step.params as { application?: string };
  const argocd = deps.config.argocd;
  if (!application) {
    return { skipped: 'no Argo CD application (flotilla.io/argocd-app)' };
  }
  if (!argocd) {
    return { skipped: 'multiCluster.failover.argocd is not configured' };
  }
  const path = `/api/v1/applications/${encodeURIComponent(application)}`;
  if (run.dry) {
    const app = await argo(argocd.baseUrl, argocd.token, path, {
      method: 'GET',
      signal,
    });
    return {
      output: {
        dryRun: true,
        application,
        sync: app?.status?.sync?.status,
        health: app?.status?.health?.status,
      },
    };
  }
  await argo(argocd.baseUrl, argocd.token, `${path}/sync`, {
    method: 'POST',
    body: { prune: false },
    signal,
  });
  let polls = 0;
  for (;;) {
    polls++;
    const app = await argo(argocd.baseUrl, argocd.token, path, {
      method: 'GET',
      signal,
    });
    const sync = app?.status?.sync?.status;
    const health = app?.status?.health?.status;
    if (sync === 'Synced' && health === 'Healthy') {
      return {
        output: {
          application,
          sync,
          health,
          revision: app?.status?.sync?.revision,
          polls,
        },
      };
    }
    if (health === 'Degraded' && polls > 3) {
      throw new StepError(`Argo CD application ${application} is Degraded`);
    }
    await deps.sleep(pollIntervalMs, signal);
  }
};
