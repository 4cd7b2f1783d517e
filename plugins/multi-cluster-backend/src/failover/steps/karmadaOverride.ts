import {
  compareByteOrder,
  overridePolicyNameSortingLast,
  type ReplicaMove,
  replicaOverrideRules,
  SERVICE_ANNOTATIONS,
} from '@flotilla/plugin-multi-cluster-common';
import {
  KarmadaConnector,
  KARMADA_POLICY_GROUP,
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
