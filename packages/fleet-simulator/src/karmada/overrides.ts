/**
 * Karmada's OverridePolicy and ClusterOverridePolicy, applied to a Work's
 * manifest for one target cluster, following Karmada v1.18.2
 * `pkg/util/overridemanager/overridemanager.go`: the policies in the order
 * of common's `overridePoliciesInApplyOrder` (ClusterOverridePolicies
 * first; the less specific selector first, then by name), and per policy the
 * rules whose `targetCluster` matches the cluster, each applying its
 * overriders in Karmada's order (`applyPolicyOverriders`: image, command,
 * args, labels, annotations, plaintext). Flotilla's failover writes
 * plaintext `replace /spec/replicas` rules (karmadaOverride.ts in the
 * backend).
 */
import {
  ClusterSnapshot,
  matchesClusterAffinity,
  overridePoliciesInApplyOrder,
  type ResourceSelectorLike,
  type ResourceTemplateRef,
} from '@flotilla/plugin-multi-cluster-common';
import { applyJsonPatch, JsonPatchOperation } from './jsonPatch';
import type { Manifest } from './objectTypes';

type Operator = 'add' | 'remove' | 'replace';

interface PlaintextOverrider {
  path: string;
  operator: Operator;
  value?: unknown;
}

interface MapOverrider {
  operator: Operator;
  value?: Record<string, string>;
}

interface Overriders {
  plaintext?: PlaintextOverrider[];
  labelsOverrider?: MapOverrider[];
  annotationsOverrider?: MapOverrider[];
  imageOverrider?: Array<{
    component: 'Registry' | 'Repository' | 'Tag';
    operator: Operator;
    value?: string;
  }>;
}

export interface OverridePolicyLike {
  kind?: string;
  metadata: { name: string; namespace?: string };
  spec?: {
    resourceSelectors?: ResourceSelectorLike[];
    overrideRules?: Array<{
      targetCluster?: Record<string, unknown>;
      overriders?: Overriders;
    }>;
    /** Deprecated single-rule form. */
    targetCluster?: Record<string, unknown>;
    overriders?: Overriders;
  };
}

function mapOverride(
  current: Record<string, string> | undefined,
  overrider: MapOverrider,
) {
  const out = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(overrider.value ?? {})) {
    if (overrider.operator === 'remove') delete out[key];
    else if (overrider.operator === 'add' || key in out) out[key] = value;
  }
  return out;
}

/** `registry/repository:tag` with one component changed. */
export function overrideImage(
  image: string,
  component: 'Registry' | 'Repository' | 'Tag',
  operator: Operator,
  value = '',
): string {
  const slash = image.indexOf('/');
  const hasRegistry =
    slash > 0 && /[.:]|^localhost$/.test(image.slice(0, slash));
  let registry = hasRegistry ? image.slice(0, slash) : '';
  let rest = hasRegistry ? image.slice(slash + 1) : image;
  const colon = rest.lastIndexOf(':');
  let tag = colon >= 0 ? rest.slice(colon + 1) : '';
  let repository = colon >= 0 ? rest.slice(0, colon) : rest;
  const apply = (old: string) => {
    if (operator === 'remove') return '';
    return operator === 'add' ? old + value : value;
  };
  if (component === 'Registry') registry = apply(registry);
  if (component === 'Repository') repository = apply(repository);
  if (component === 'Tag') tag = apply(tag);
  rest = `${repository}${tag ? `:${tag}` : ''}`;
  return registry ? `${registry}/${rest}` : rest;
}

function applyOverriders<M extends Manifest>(
  manifest: M,
  overriders: Overriders,
): M {
  let out = structuredClone(manifest);
  for (const o of overriders.imageOverrider ?? []) {
    for (const container of out?.spec?.template?.spec?.containers ?? []) {
      container.image = overrideImage(
        container.image ?? '',
        o.component,
        o.operator,
        o.value,
      );
    }
  }
  for (const o of overriders.labelsOverrider ?? []) {
    out.metadata = {
      ...out.metadata,
      labels: mapOverride(out.metadata?.labels, o),
    };
  }
  for (const o of overriders.annotationsOverrider ?? []) {
    out.metadata = {
      ...out.metadata,
      annotations: mapOverride(out.metadata?.annotations, o),
    };
  }
  const plaintext: JsonPatchOperation[] = (overriders.plaintext ?? []).map(
    p => ({
      op: p.operator,
      path: p.path,
      value: p.value,
    }),
  );
  if (plaintext.length > 0) out = applyJsonPatch(out, plaintext) as M;
  return out;
}

/** The policies that select `template`, in the order Karmada applies them. */
export function overridePoliciesFor<P extends OverridePolicyLike>(
  template: ResourceTemplateRef,
  clusterWide: P[],
  namespaced: P[],
): P[] {
  return overridePoliciesInApplyOrder(template, {
    clusterOverridePolicies: clusterWide,
    overridePolicies: namespaced,
  });
}

/**
 * The manifest for `cluster` after every matching rule of `policies`
 * (already filtered and ordered by overridePoliciesFor); names the policies
 * that changed something. A rule that cannot apply (bad path) throws.
 */
export function applyOverridePolicies<M extends Manifest>(
  manifest: M,
  cluster: ClusterSnapshot,
  policies: OverridePolicyLike[],
): { manifest: M; applied: string[] } {
  let out = manifest;
  const applied: string[] = [];
  for (const policy of policies) {
    const rules =
      policy.spec?.overrideRules ??
      (policy.spec?.overriders
        ? [
            {
              targetCluster: policy.spec.targetCluster,
              overriders: policy.spec.overriders,
            },
          ]
        : []);
    let changed = false;
    for (const rule of rules) {
      if (
        rule.targetCluster &&
        !matchesClusterAffinity(cluster, rule.targetCluster as never)
      )
        continue;
      if (!rule.overriders) continue;
      try {
        out = applyOverriders(out, rule.overriders);
      } catch (error) {
        throw new Error(
          `${policy.kind ?? 'OverridePolicy'} ${
            policy.metadata.namespace ? `${policy.metadata.namespace}/` : ''
          }${policy.metadata.name}: ${(error as Error).message}`,
        );
      }
      changed = true;
    }
    if (changed)
      applied.push(
        policy.metadata.namespace
          ? `${policy.metadata.namespace}/${policy.metadata.name}`
          : policy.metadata.name,
      );
  }
  return { manifest: out, applied };
}
