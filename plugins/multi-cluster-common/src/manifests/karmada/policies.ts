/**
 * Karmada policies: (Cluster)PropagationPolicy from a verbatim placement,
 * (Cluster)OverridePolicy for per-cluster replicas, image registries and
 * plaintext overriders, the active-passive pair, and application failover.
 */
import { KarmadaPlacement } from '../../scheduling';
import { KubernetesManifest } from '../types';
import { parseManifestInput } from '../validation/errors';
import { K8sLabelSelector } from '../validation/schemas';
import {
  activePassiveSchema,
  ActivePassiveInput,
  KARMADA_POLICY_API_VERSION,
  karmadaFailoverSchema,
  KarmadaFailoverInput,
  KarmadaOverridesInput,
  karmadaOverridesSchema,
  KarmadaPolicyInput,
  karmadaPolicyInputSchema,
  KarmadaResourceSelector,
} from './types';
import { withStatefulParts } from './statePreservation';

/**
 * One entry of OverridePolicy `spec.overrideRules`.
 *
 * @public
 */
export interface KarmadaOverrideRule {
  targetCluster?: { clusterNames?: string[]; labelSelector?: K8sLabelSelector };
  overriders: {
    plaintext?: Array<{
      path: string;
      operator: 'add' | 'remove' | 'replace';
      value?: unknown;
    }>;
    imageOverrider?: Array<{
      component: 'Registry' | 'Repository' | 'Tag';
      operator: 'add' | 'remove' | 'replace';
      value?: string;
    }>;
  };
}

function policyMeta(
  name: string,
  namespace: string,
  clusterScoped: boolean,
  labels?: Record<string, string>,
): KubernetesManifest['metadata'] {
  return {
    name,
    ...(clusterScoped ? {} : { namespace }),
    ...(labels && Object.keys(labels).length > 0
      ? { labels: { ...labels } }
      : {}),
  };
}

function copySelectors(selectors: KarmadaResourceSelector[]) {
  return selectors.map(selector => JSON.parse(JSON.stringify(selector)));
}

/**
 * `spec.failover` from validated failover settings.
 *
 * @public
 */
export function karmadaFailoverSpec(
  input: KarmadaFailoverInput,
): Record<string, unknown> {
  const failover = parseManifestInput(
    karmadaFailoverSchema,
    input,
    'Karmada failover settings',
  );
  const out: Record<string, unknown> = {};
  if (failover.application?.enabled) {
    const app = failover.application;
    out.application = {
      decisionConditions: { tolerationSeconds: app.tolerationSeconds },
      purgeMode: app.purgeMode,
      // Karmada's webhook wants a grace period exactly when purging gracefully.
      ...(app.purgeMode === 'Gracefully'
        ? { gracePeriodSeconds: app.gracePeriodSeconds ?? 600 }
        : {}),
      ...(app.statePreservation
        ? { statePreservation: app.statePreservation }
        : {}),
    };
  }
  if (failover.cluster) {
    out.cluster = { purgeMode: failover.cluster.purgeMode };
  }
  return out;
}

/**
 * Override rules for per-cluster replicas, registries and plaintext overriders.
 *
 * @public
 */
export function karmadaOverrideRules(
  input: KarmadaOverridesInput,
): KarmadaOverrideRule[] {
  const overrides = parseManifestInput(
    karmadaOverridesSchema,
    input,
    'Karmada overrides',
  );
  const rules: KarmadaOverrideRule[] = [];
  for (const [cluster, replicas] of Object.entries(overrides.replicas ?? {})) {
    rules.push({
      targetCluster: { clusterNames: [cluster] },
      overriders: {
        plaintext: [
          { path: '/spec/replicas', operator: 'replace', value: replicas },
        ],
      },
    });
  }
  for (const [cluster, registry] of Object.entries(
    overrides.imageRegistry ?? {},
  )) {
    rules.push({
      targetCluster: { clusterNames: [cluster] },
      overriders: {
        imageOverrider: [
          { component: 'Registry', operator: 'replace', value: registry },
        ],
      },
    });
  }
  for (const rule of overrides.plaintext ?? []) {
    const targetCluster: KarmadaOverrideRule['targetCluster'] = {};
    if (rule.clusters) targetCluster.clusterNames = [...rule.clusters];
    if (rule.clusterSelector)
      targetCluster.labelSelector = JSON.parse(
        JSON.stringify(rule.clusterSelector),
      );
    rules.push({
      targetCluster,
      overriders: {
        plaintext: [
          {
            path: rule.path,
            operator: rule.operator,
            ...(rule.value !== undefined
              ? { value: JSON.parse(JSON.stringify(rule.value)) }
              : {}),
          },
        ],
      },
    });
  }
  return rules;
}

/**
 * Builds a (Cluster)PropagationPolicy object (no validation).
 *
 * @public
 */
export function buildPropagationPolicy(options: {
  name: string;
  namespace: string;
  clusterScoped: boolean;
  resourceSelectors: KarmadaResourceSelector[];
  placement: KarmadaPlacement;
  failover?: Record<string, unknown>;
  propagateDeps?: boolean;
  priority?: number;
  preemption?: 'Always' | 'Never';
  conflictResolution?: 'Abort' | 'Overwrite';
  labels?: Record<string, string>;
}): KubernetesManifest {
  const spec: Record<string, unknown> = {
    resourceSelectors: copySelectors(options.resourceSelectors),
    placement: JSON.parse(JSON.stringify(options.placement)),
  };
  if (options.priority !== undefined) spec.priority = options.priority;
  if (options.preemption) spec.preemption = options.preemption;
  if (options.conflictResolution)
    spec.conflictResolution = options.conflictResolution;
  if (options.propagateDeps !== undefined)
    spec.propagateDeps = options.propagateDeps;
  if (options.failover && Object.keys(options.failover).length > 0) {
    spec.failover = options.failover;
  }
  return {
    apiVersion: KARMADA_POLICY_API_VERSION,
    kind: options.clusterScoped
      ? 'ClusterPropagationPolicy'
      : 'PropagationPolicy',
    metadata: policyMeta(
      options.name,
      options.namespace,
      options.clusterScoped,
      options.labels,
    ),
    spec,
  };
}

/**
 * Builds a (Cluster)OverridePolicy object (no validation).
 *
 * @public
 */
export function buildOverridePolicy(options: {
  name: string;
  namespace: string;
  clusterScoped: boolean;
  resourceSelectors: KarmadaResourceSelector[];
  rules: KarmadaOverrideRule[];
  labels?: Record<string, string>;
}): KubernetesManifest {
  return {
    apiVersion: KARMADA_POLICY_API_VERSION,
    kind: options.clusterScoped ? 'ClusterOverridePolicy' : 'OverridePolicy',
    metadata: policyMeta(
      options.name,
      options.namespace,
      options.clusterScoped,
      options.labels,
    ),
    spec: {
      resourceSelectors: copySelectors(options.resourceSelectors),
      overrideRules: options.rules,
    },
  };
}

/**
 * The placement of an active-passive pair: both clusters, duplicated.
 *
 * @public
 */
export function activePassivePlacement(
  activePassive: ActivePassiveInput,
): KarmadaPlacement {
  const ap = parseManifestInput(
    activePassiveSchema,
    activePassive,
    'active-passive settings',
  );
  return {
    clusterAffinity: { clusterNames: [ap.primary, ap.standby] },
    replicaScheduling: { replicaSchedulingType: 'Duplicated' },
  };
}

/**
 * Override rules of an active-passive pair: N replicas on primary, 0 on standby.
 *
 * @public
 */
export function activePassiveOverrideRules(
  activePassive: ActivePassiveInput,
): KarmadaOverrideRule[] {
  const ap = parseManifestInput(
    activePassiveSchema,
    activePassive,
    'active-passive settings',
  );
  return [
    {
      targetCluster: { clusterNames: [ap.primary] },
      overriders: {
        plaintext: [
          { path: '/spec/replicas', operator: 'replace', value: ap.replicas },
        ],
      },
    },
    {
      targetCluster: { clusterNames: [ap.standby] },
      overriders: {
        plaintext: [{ path: '/spec/replicas', operator: 'replace', value: 0 }],
      },
    },
  ];
}

/**
 * Generates the Karmada policies of one workload:
 *
 * - `<name>`: a PropagationPolicy (ClusterPropagationPolicy when
 *   `clusterScoped`) with the verbatim `placement` (validated with
 *   `karmadaPlacementSchema`), or the active-passive placement, and
 *   `spec.failover` when `failover` is given (with a `statePreservation`
 *   rule per stateful part, see statePreservation.ts);
 * - `<name>-active-passive`: with `activePassive`, an OverridePolicy setting
 *   the primary to `replicas` and scaling the standby to 0;
 * - `<name>-overrides`: with `overrides`, an OverridePolicy of per-cluster
 *   replicas, image registries and plaintext overriders.
 *
 * @throws ManifestInputError when the input is invalid.
 *
 * @public
 */
export function generateKarmadaPolicies(
  input: KarmadaPolicyInput,
): KubernetesManifest[] {
  const spec = parseManifestInput(
    karmadaPolicyInputSchema,
    input,
    'Karmada policy input',
  );
  const placement = spec.activePassive
    ? activePassivePlacement(spec.activePassive)
    : (spec.placement as KarmadaPlacement);
  const failover = spec.failover
    ? karmadaFailoverSpec(withStatefulParts(spec.failover, spec.statefulParts))
    : undefined;
  const common = {
    namespace: spec.namespace,
    clusterScoped: spec.clusterScoped,
    resourceSelectors: spec.resourceSelectors,
    labels: spec.labels,
  };
  const manifests: KubernetesManifest[] = [
    buildPropagationPolicy({
      ...common,
      name: spec.name,
      placement,
      failover,
      propagateDeps:
        spec.propagateDeps ?? (failover?.application ? true : undefined),
      priority: spec.priority,
      preemption: spec.preemption,
      conflictResolution: spec.conflictResolution,
    }),
  ];
  if (spec.activePassive) {
    manifests.push(
      buildOverridePolicy({
        ...common,
        name: `${spec.name}-active-passive`,
        rules: activePassiveOverrideRules(spec.activePassive),
      }),
    );
  }
  if (spec.overrides) {
    const rules = karmadaOverrideRules(spec.overrides);
    if (rules.length > 0) {
      manifests.push(
        buildOverridePolicy({
          ...common,
          name: `${spec.name}-overrides`,
          rules,
        }),
      );
    }
  }
  return manifests;
}
