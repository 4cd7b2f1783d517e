/**
 * The claim a Karmada resource detector leaves on a resource template (and
 * on its binding): which (Cluster)PropagationPolicy propagates it. The keys
 * are Karmada's `pkg/apis/policy/v1alpha1/well_known_constants.go`; what is
 * written is `pkg/detector/claim.go` (`AddPPClaimMetadata`,
 * `AddCPPClaimMetadata`, `CleanupPPClaimMetadata`, `CleanupCPPClaimMetadata`).
 */
import type { ResourceTemplateRef } from './resourceSelector';

/** @public */
export const KARMADA_CLAIM = {
  propagationPolicyPermanentIdLabel:
    'propagationpolicy.karmada.io/permanent-id',
  propagationPolicyNamespaceAnnotation:
    'propagationpolicy.karmada.io/namespace',
  propagationPolicyNameAnnotation: 'propagationpolicy.karmada.io/name',
  clusterPropagationPolicyPermanentIdLabel:
    'clusterpropagationpolicy.karmada.io/permanent-id',
  clusterPropagationPolicyNameAnnotation:
    'clusterpropagationpolicy.karmada.io/name',
} as const;

/**
 * A claim read from a resource template.
 *
 * @public
 */
export type PolicyClaim =
  | {
      kind: 'PropagationPolicy';
      namespace: string;
      name: string;
      permanentId: string;
    }
  | { kind: 'ClusterPropagationPolicy'; name: string; permanentId: string };

/**
 * The claim on `template`, as Karmada's detector reads it
 * (`pkg/detector/policy.go`, `propagateResource`): a PropagationPolicy's
 * claim needs its namespace, name and permanent id, and is looked at before
 * a ClusterPropagationPolicy's (name and permanent id).
 *
 * @public
 */
export function readPolicyClaim(
  template: ResourceTemplateRef,
): PolicyClaim | undefined {
  const labels = template.metadata?.labels ?? {};
  const annotations = template.metadata?.annotations ?? {};
  const namespace =
    annotations[KARMADA_CLAIM.propagationPolicyNamespaceAnnotation];
  const name = annotations[KARMADA_CLAIM.propagationPolicyNameAnnotation];
  const id = labels[KARMADA_CLAIM.propagationPolicyPermanentIdLabel];
  if (namespace && name && id) {
    return { kind: 'PropagationPolicy', namespace, name, permanentId: id };
  }
  const clusterName =
    annotations[KARMADA_CLAIM.clusterPropagationPolicyNameAnnotation];
  const clusterId =
    labels[KARMADA_CLAIM.clusterPropagationPolicyPermanentIdLabel];
  if (clusterName && clusterId) {
    return {
      kind: 'ClusterPropagationPolicy',
      name: clusterName,
      permanentId: clusterId,
    };
  }
  return undefined;
}

/** Labels and annotations of a claim. @public */
export interface ClaimMetadata {
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

/**
 * The metadata that claims a template for `claim`, and the keys of the
 * other kind's claim, which go (`removedKeys`): a PropagationPolicy's claim
 * drops a ClusterPropagationPolicy's (`excludeClusterPolicy` in
 * `pkg/detector/policy.go`), and a ClusterPropagationPolicy claims only a
 * template whose PropagationPolicy claim was cleaned up
 * (`CleanupPPClaimMetadata` when that policy went).
 *
 * @public
 */
export function claimMetadata(claim: PolicyClaim): ClaimMetadata & {
  removedKeys: string[];
} {
  if (claim.kind === 'PropagationPolicy') {
    return {
      labels: {
        [KARMADA_CLAIM.propagationPolicyPermanentIdLabel]: claim.permanentId,
      },
      annotations: {
        [KARMADA_CLAIM.propagationPolicyNamespaceAnnotation]: claim.namespace,
        [KARMADA_CLAIM.propagationPolicyNameAnnotation]: claim.name,
      },
      removedKeys: [
        KARMADA_CLAIM.clusterPropagationPolicyPermanentIdLabel,
        KARMADA_CLAIM.clusterPropagationPolicyNameAnnotation,
      ],
    };
  }
  return {
    labels: {
      [KARMADA_CLAIM.clusterPropagationPolicyPermanentIdLabel]:
        claim.permanentId,
    },
    annotations: {
      [KARMADA_CLAIM.clusterPropagationPolicyNameAnnotation]: claim.name,
    },
    removedKeys: [
      KARMADA_CLAIM.propagationPolicyPermanentIdLabel,
      KARMADA_CLAIM.propagationPolicyNamespaceAnnotation,
      KARMADA_CLAIM.propagationPolicyNameAnnotation,
    ],
  };
}
