/**
 * The claim Karmada's detector writes on a resource template
 * (`ClaimPolicyForObject` / `ClaimClusterPolicyForObject` in Karmada
 * v1.18.2 `pkg/detector/detector.go`, keys and values from common's
 * `claimMetadata`), and its removal once no policy propagates the template
 * (`CleanupPPClaimMetadata`, `CleanupCPPClaimMetadata` in
 * `pkg/detector/claim.go`). The claim is what makes it stick: the next pass
 * reads it first (common's `propagationDecision`).
 */
import {
  claimMetadata,
  KARMADA_CLAIM,
  type PropagationDecision,
} from '@flotilla/plugin-multi-cluster-common';
import type { KubernetesObjectApi } from '@kubernetes/client-node';
import type { Policy, Template } from './bindings';
import { CPP_PERMANENT_ID, PP_PERMANENT_ID } from './bindings';
import { isConflict, retryOnConflict } from './kube';

type StringMap = Record<string, string>;

const ALL_CLAIM_KEYS: string[] = Object.values(KARMADA_CLAIM);

function without(map: StringMap | undefined, keys: string[]): StringMap {
  const out = { ...map };
  for (const key of keys) delete out[key];
  return out;
}

function sameMap(a: StringMap, b: StringMap | undefined): boolean {
  const other = b ?? {};
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(other).length &&
    keys.every(k => other[k] === a[k])
  );
}

/**
 * The template's labels and annotations once `decision` is written on it,
 * or undefined when they are already so.
 */
export function claimedMetadata(
  template: Template,
  decision: PropagationDecision<Policy> | undefined,
): { labels: StringMap; annotations: StringMap } | undefined {
  const { labels, annotations } = template.metadata;
  let next: { labels: StringMap; annotations: StringMap };
  if (!decision) {
    next = {
      labels: without(labels, ALL_CLAIM_KEYS),
      annotations: without(annotations, ALL_CLAIM_KEYS),
    };
  } else {
    const { policy } = decision;
    const claim =
      decision.kind === 'PropagationPolicy'
        ? claimMetadata({
            kind: 'PropagationPolicy',
            namespace: policy.metadata.namespace ?? '',
            name: policy.metadata.name,
            permanentId: policy.metadata.labels?.[PP_PERMANENT_ID] ?? '',
          })
        : claimMetadata({
            kind: 'ClusterPropagationPolicy',
            name: policy.metadata.name,
            permanentId: policy.metadata.labels?.[CPP_PERMANENT_ID] ?? '',
          });
    next = {
      labels: { ...without(labels, claim.removedKeys), ...claim.labels },
      annotations: {
        ...without(annotations, claim.removedKeys),
        ...claim.annotations,
      },
    };
  }
  return sameMap(next.labels, labels) && sameMap(next.annotations, annotations)
    ? undefined
    : next;
}

function describe(
  template: Template,
  decision: PropagationDecision<Policy> | undefined,
): string {
  const what = `${template.kind} ${template.metadata.namespace ?? ''}/${
    template.metadata.name
  }`;
  return decision
    ? `${what} claimed for ${decision.kind} ${decision.policy.metadata.name} (${decision.how})`
    : `${what} released (no policy selects it)`;
}

/**
 * Writes the claim of `decision` (or its removal) on the template with the
 * resourceVersion it read, as Karmada's `Client.Update` does; a 409 reads
 * it again. Answers the template as stored.
 */
export async function writeTemplateClaim(
  objects: KubernetesObjectApi,
  template: Template,
  decision: PropagationDecision<Policy> | undefined,
  onWrite: (change: string) => void,
): Promise<Template> {
  const typed = (object: object): Template => ({
    ...(object as Template),
    apiVersion: template.apiVersion,
    kind: template.kind,
  });
  let current = template;
  return retryOnConflict(async () => {
    const metadata = claimedMetadata(current, decision);
    if (!metadata) return current;
    try {
      const written = await objects.replace({
        ...current,
        metadata: { ...current.metadata, ...metadata },
      });
      onWrite(describe(current, decision));
      return typed(written);
    } catch (error) {
      if (isConflict(error)) current = typed(await objects.read(current));
      throw error;
    }
  });
}
