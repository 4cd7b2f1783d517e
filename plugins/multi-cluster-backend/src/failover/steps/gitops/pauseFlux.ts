import { StepContext, StepError } from '../types';
import {
  isNamespace,
  isObjectName,
  KustomizationObject,
  parentManagesSuspend,
  parentOf,
  suspendOf,
  suspendPatch,
} from './fluxParent';
import {
  FLUX_KUSTOMIZATIONS,
  gitopsClient,
  patchAtReadVersion,
  readObject,
} from './kube';
import { PauseJournal } from './pauseJournal';

/** Parents followed at most (a parent may itself be applied by one). */
const MAX_PARENTS = 4;

function kustomizationRef(value: string) {
  const [namespace, name, ...rest] = value.split('/');
  if (
    rest.length ||
    !isNamespace(namespace ?? '') ||
    !isObjectName(name ?? '')
  ) {
    throw new StepError(
      'flotilla.io/flux-kustomization is not namespace/name',
      { retryable: false },
    );
  }
  return { namespace, name };
}

type Ref = { namespace: string; name: string };

/**
 * The parent to suspend next, if any: one that applies `k` (its labels),
 * with a finding saying why; none when `k` has no parent, or its labels
 * are malformed, or the chain loops or is too long (a warning then).
 */
function nextParent(
  journal: PauseJournal,
  k: KustomizationObject,
  ref: Ref,
  seen: Set<string>,
): Ref | undefined {
  const parent = parentOf(k);
  const child = `Flux Kustomization ${ref.namespace}/${ref.name}`;
  if (!parent) return undefined;
  if ('invalid' in parent) {
    journal.finding(
      'warning',
      `${child}: its ${parent.invalid}; a parent that applies it may reset spec.suspend`,
    );
    return undefined;
  }
  const parentRef = `${parent.namespace}/${parent.name}`;
  if (seen.has(parentRef) || seen.size > MAX_PARENTS) {
    journal.finding(
      'warning',
      `${child} is applied by ${parentRef}, not suspended (a cycle or more than ${MAX_PARENTS} parents)`,
    );
    return undefined;
  }
  journal.finding(
    'info',
    `${child} is applied by its parent Kustomization ${parentRef}, which would reset spec.suspend on its next reconciliation${
      parentManagesSuspend(k) ? ' (its apply owns spec.suspend)' : ''
    }: suspended the parent too`,
  );
  return parent;
}

/**
 * Suspends the service's Kustomization (`spec.suspend: true`, the value
 * before recorded first) and every parent that applies it, since a parent
 * would reset `suspend` on its next reconciliation.
 */
export async function pauseFluxKustomization(
  ctx: StepContext,
  journal: PauseJournal,
  config: { cluster: string },
  value: string,
): Promise<void> {
  const { cluster } = config;
  const client = await gitopsClient(
    ctx,
    cluster,
    'multiCluster.failover.flux.cluster',
  );
  const seen = new Set<string>();
  for (let ref: Ref | undefined = kustomizationRef(value); ref; ) {
    const role = seen.size ? 'parent' : 'service';
    seen.add(`${ref.namespace}/${ref.name}`);
    const at = { client, cluster, resource: FLUX_KUSTOMIZATIONS, ...ref };
    const k = await readObject<KustomizationObject>(ctx, at);
    const record = await journal.record(
      { kind: 'flux-kustomization', cluster, ...ref, role },
      { suspend: suspendOf(k) },
      suspendOf(k) === true,
    );
    const resourceVersion = await patchAtReadVersion<KustomizationObject>(
      ctx,
      at,
      current => (suspendOf(current) === true ? undefined : suspendPatch(true)),
    );
    await journal.paused(record, resourceVersion);
    ref = nextParent(journal, k, ref, seen);
  }
}
