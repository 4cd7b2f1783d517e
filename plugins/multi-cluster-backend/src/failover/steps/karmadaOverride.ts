import { NotFoundError } from '@backstage/errors';
import {
  compareByteOrder,
  mergeReplicaOverrideRules,
  overridePolicyNameSortingLast,
  type ReplicaMove,
  replicaOverrideRules,
  SERVICE_ANNOTATIONS,
} from '@flotilla/plugin-multi-cluster-common';
import {
  KarmadaConnector,
  KARMADA_POLICY_GROUP,
  isConflict,
  KubernetesRequestError,
  type OverridePolicy,
} from '@flotilla/plugin-multi-cluster-node';
import { KarmadaTarget } from '../types';

const MANAGED_BY = 'app.kubernetes.io/managed-by';

/** The name Flotilla's failover OverridePolicy for a service starts from. */
export function overridePolicyName(kubernetesId: string): string {
  return `flotilla-failover-${kubernetesId}`.slice(0, 253);
}

function isFailoverPolicyOf(policy: OverridePolicy, kubernetesId: string) {
  const labels = policy.metadata?.labels ?? {};
  return (
    labels[MANAGED_BY] === 'flotilla' &&
    labels[SERVICE_ANNOTATIONS.kubernetesId] === kubernetesId
  );
}

/**
 * The name of the policy that carries the moves. Karmada applies the
 * OverridePolicies that name a Deployment after the others, and among them
 * by name, the last one winning; a service's own policy (say
 * `search-api-active-passive`) names the same Deployments, so Flotilla's
 * must sort after it or it puts the replicas back. The name is computed from
 * the policies that exist: Flotilla's existing one while it still sorts
 * last, else `flotilla-failover-<id>` with as few `z`s in front as needed.
 * Folding the moves into the service's own policy would rewrite a policy its
 * owners (or their GitOps) manage, and a rollback could not tell its rules
 * from Flotilla's. A superseded Flotilla policy is left as it is: the new
 * one carries its rules and is applied after it.
 */
export async function failoverPolicyName(
  karmada: KarmadaConnector,
  target: KarmadaTarget,
  kubernetesId: string,
): Promise<{ name: string; superseded?: OverridePolicy }> {
  const policies = await karmada.listOverridePolicies(target.namespace);
  const own = policies
    .filter(p => isFailoverPolicyOf(p, kubernetesId))
    .sort((a, b) =>
      compareByteOrder(b.metadata?.name ?? '', a.metadata?.name ?? ''),
    );
  const name = overridePolicyNameSortingLast({
    base: overridePolicyName(kubernetesId),
    preferred: own.map(p => p.metadata?.name ?? ''),
    templates: target.resources.map(r => ({
      apiVersion: r.apiVersion,
      kind: r.kind,
      metadata: { name: r.name, namespace: target.namespace },
    })),
    others: policies.filter(p => !own.includes(p)),
  });
  return { name, superseded: own.find(p => p.metadata?.name !== name) };
}

export function overridePolicyManifest(
  target: KarmadaTarget,
  kubernetesId: string,
  moves: ReplicaMove[],
  runId: string,
  name = overridePolicyName(kubernetesId),
  overrideRules: unknown[] = replicaOverrideRules(moves),
) {
  return {
    apiVersion: `${KARMADA_POLICY_GROUP}/v1alpha1`,
    kind: 'OverridePolicy',
    metadata: {
      name,
      namespace: target.namespace,
      labels: {
        'app.kubernetes.io/managed-by': 'flotilla',
        [SERVICE_ANNOTATIONS.kubernetesId]: kubernetesId,
      },
      annotations: { [SERVICE_ANNOTATIONS.failoverRun]: runId },
    },
    spec: {
      resourceSelectors: target.resources.map(r => ({
        apiVersion: r.apiVersion,
        kind: r.kind,
        name: r.name,
        namespace: target.namespace,
      })),
      overrideRules,
    },
  };
}

/**
 * Applies the moves through the service's OverridePolicy: merge patch with
 * the read `metadata.resourceVersion` (409 → re-read and retry, in the
 * connector), creating the policy when it does not exist yet. The step's
 * signal cancels every request.
 */
export async function applyOverridePolicy(options: {
  karmada: KarmadaConnector;
  target: KarmadaTarget;
  kubernetesId: string;
  moves: ReplicaMove[];
  runId: string;
  signal: AbortSignal;
  timeoutMs: number;
}): Promise<{
  action: 'patched' | 'created';
  name: string;
  namespace: string;
  resourceVersion?: string;
  attempts: number;
}> {
  const { karmada, target, kubernetesId, moves } = options;
  const { name, superseded } = await failoverPolicyName(
    karmada,
    target,
    kubernetesId,
  );
  for (let round = 0; round < 3; round++) {
    try {
      const { object, attempts } = await karmada.patchOverridePolicy(
        target.namespace,
        name,
        current => ({
          metadata: {
            annotations: { [SERVICE_ANNOTATIONS.failoverRun]: options.runId },
          },
          spec: { overrideRules: mergeReplicaOverrideRules(current, moves) },
        }),
        { signal: options.signal },
      );
      return {
        action: 'patched',
        name,
        namespace: target.namespace,
        resourceVersion: object?.metadata?.resourceVersion,
        attempts,
      };
    } catch (error) {
      if (!(error instanceof NotFoundError)) {
        throw error;
      }
    }
    try {
      const created = await karmada.createOverridePolicy(
        overridePolicyManifest(
          target,
          kubernetesId,
          moves,
          options.runId,
          name,
          mergeReplicaOverrideRules(superseded, moves),
        ),
        { signal: options.signal, timeoutMs: options.timeoutMs },
      );
      return {
        action: 'created',
        name,
        namespace: target.namespace,
        resourceVersion: created?.metadata?.resourceVersion,
        attempts: round + 1,
      };
    } catch (error) {
      // Created concurrently (409 AlreadyExists): patch it on the next round.
      if (isConflict(error)) continue;
      throw error;
    }
  }
  throw new KubernetesRequestError(
    `OverridePolicy ${target.namespace}/${name} kept appearing and disappearing; giving up`,
  );
}
