/** What the pause step reads of a Flux Kustomization. */
export interface KustomizationObject {
  metadata?: {
    name?: string;
    namespace?: string;
    resourceVersion?: string;
    labels?: Record<string, string>;
    managedFields?: { manager?: string; fieldsV1?: unknown }[];
  };
  spec?: { suspend?: boolean | null };
}

/**
 * The labels kustomize-controller puts on every object it applies
 * (fluxcd/kustomize-controller: the Kustomization's name and namespace).
 */
export const FLUX_NAME_LABEL = 'kustomize.toolkit.fluxcd.io/name';
export const FLUX_NAMESPACE_LABEL = 'kustomize.toolkit.fluxcd.io/namespace';

/** The field manager kustomize-controller applies with. */
const FLUX_MANAGER = 'kustomize-controller';

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^(?=.{1,253}$)[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

export const isNamespace = (s: string) => DNS_LABEL.test(s);
export const isObjectName = (s: string) => DNS_SUBDOMAIN.test(s);

/** The recorded `spec.suspend` (`null`: absent). */
export function suspendOf(k: KustomizationObject): boolean | null {
  const value = k.spec?.suspend;
  return typeof value === 'boolean' ? value : null;
}

export type ParentRef =
  | { namespace: string; name: string }
  | { invalid: string }
  | undefined;

/**
 * The Kustomization that applies this one (its labels), which would reset
 * `spec.suspend` on its next reconciliation; undefined when none does.
 * Labels are the cluster's: a malformed pair is reported, not followed.
 */
export function parentOf(k: KustomizationObject): ParentRef {
  const labels = k.metadata?.labels ?? {};
  const name = labels[FLUX_NAME_LABEL];
  const namespace = labels[FLUX_NAMESPACE_LABEL];
  if (name === undefined && namespace === undefined) return undefined;
  if (
    name === undefined ||
    namespace === undefined ||
    !isObjectName(name) ||
    !isNamespace(namespace)
  ) {
    return {
      invalid: `labels ${FLUX_NAME_LABEL} and ${FLUX_NAMESPACE_LABEL} do not name a Kustomization`,
    };
  }
  return { namespace, name };
}

/** Whether the parent's apply owns `spec.suspend` (Git sets it), from managedFields. */
export function parentManagesSuspend(k: KustomizationObject): boolean {
  return (k.metadata?.managedFields ?? []).some(entry => {
    if (entry.manager !== FLUX_MANAGER) return false;
    const spec = (entry.fieldsV1 as Record<string, unknown> | undefined)?.[
      'f:spec'
    ];
    return (
      typeof spec === 'object' &&
      spec !== null &&
      'f:suspend' in (spec as Record<string, unknown>)
    );
  });
}

/** The merge patch that sets `spec.suspend` to `value` (`null` removes it). */
export function suspendPatch(value: boolean | null) {
  return { spec: { suspend: value } };
}
