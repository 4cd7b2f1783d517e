/**
 * Karmada's ResourceSelector and the implicit priority of a match (how
 * specifically a selector names a resource template), as in Karmada's
 * `pkg/util/selector.go` (`ResourceSelectorPriority`,
 * `ResourceMatchSelectorsPriority`; the same in v1.16.3 to v1.18.2).
 */
import {
  compileLabelSelector,
  LabelSelectorLike,
} from '../scheduling/matching/labelSelector';

/**
 * A `policy.karmada.io/v1alpha1` ResourceSelector (apiVersion and kind are
 * required there; one without them selects nothing).
 *
 * @public
 */
export interface ResourceSelectorLike {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  labelSelector?: LabelSelectorLike;
}

/**
 * The fields of a resource template that policies select on.
 *
 * @public
 */
export interface ResourceTemplateRef {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    namespace?: string;
    labels?: Readonly<Record<string, string>>;
    annotations?: Readonly<Record<string, string>>;
  };
}

/**
 * Karmada's `ImplicitPriority`: a selector that names the template beats
 * one that selects it by labels, which beats one that selects its whole
 * kind.
 *
 * @public
 */
export const ImplicitPriority = {
  MisMatch: 0,
  MatchAll: 1,
  MatchLabelSelector: 2,
  MatchName: 3,
} as const;

/** One of {@link ImplicitPriority}'s values. @public */
export type ImplicitPriorityLevel =
  (typeof ImplicitPriority)[keyof typeof ImplicitPriority];

/**
 * How `selector` matches `template`. A name wins over a label selector given
 * with it; an invalid label selector matches nothing.
 *
 * @public
 */
export function resourceSelectorPriority(
  template: ResourceTemplateRef,
  selector: ResourceSelectorLike,
): ImplicitPriorityLevel {
  if (
    !selector.apiVersion ||
    !selector.kind ||
    template.apiVersion !== selector.apiVersion ||
    template.kind !== selector.kind ||
    (selector.namespace && template.metadata?.namespace !== selector.namespace)
  ) {
    return ImplicitPriority.MisMatch;
  }
  if (selector.name) {
    return selector.name === template.metadata?.name
      ? ImplicitPriority.MatchName
      : ImplicitPriority.MisMatch;
  }
  if (!selector.labelSelector) return ImplicitPriority.MatchAll;
  return compileLabelSelector(selector.labelSelector)(template.metadata?.labels)
    ? ImplicitPriority.MatchLabelSelector
    : ImplicitPriority.MisMatch;
}

/**
 * The best match among `selectors` (MisMatch when none matches).
 *
 * @public
 */
export function resourceMatchSelectorsPriority(
  template: ResourceTemplateRef,
  selectors: readonly ResourceSelectorLike[] | undefined,
): ImplicitPriorityLevel {
  let best: ImplicitPriorityLevel = ImplicitPriority.MisMatch;
  for (const selector of selectors ?? []) {
    const priority = resourceSelectorPriority(template, selector);
    if (priority > best) best = priority;
  }
  return best;
}
