/**
 * Kubernetes label-selector semantics (`metav1.LabelSelectorAsSelector` and
 * `labels.NewRequirement`), compiled once into a predicate so that matching
 * thousands of clusters does no parsing or validation per cluster.
 */
import { labelValueError, qualifiedNameError } from './labelSyntax';

/** @public */
export type LabelMap = Readonly<Record<string, string>> | undefined;
/** @public */
export type LabelPredicate = (labels: LabelMap) => boolean;

/** Operators understood by `labels.NewRequirement`. */
export type SelectorOperator =
  | 'In'
  | 'NotIn'
  | 'Exists'
  | 'DoesNotExist'
  | 'Gt'
  | 'Lt'
  | 'Equals';

export interface Requirement {
  key: string;
  operator: SelectorOperator;
  values: readonly string[];
}

const MATCH_ALL: LabelPredicate = () => true;

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * A label's value. Only own labels count: `constructor` or `toString` is a
 * label only when the object has it, not because every object inherits it.
 */
function labelValue(labels: LabelMap, key: string): string | undefined {
  return labels !== undefined && hasOwn.call(labels, key)
    ? labels[key]
    : undefined;
}
export const MATCH_NONE: LabelPredicate = () => false;

const INT64_PATTERN = /^[+-]?\d+$/;

function parseInt64(text: string): bigint | undefined {
  if (!INT64_PATTERN.test(text)) return undefined;
  const value = BigInt(text);
  if (value > 9223372036854775807n || value < -9223372036854775808n) {
    return undefined;
  }
  return value;
}

/** Why `labels.NewRequirement` would reject the requirement, or undefined. */
export function requirementError(requirement: Requirement): string | undefined {
  const keyProblem = qualifiedNameError(requirement.key);
  if (keyProblem) return `invalid key "${requirement.key}": ${keyProblem}`;
  const count = requirement.values.length;
  switch (requirement.operator) {
    case 'In':
    case 'NotIn':
      if (count === 0)
        return "for In and NotIn operators, values set can't be empty";
      break;
    case 'Equals':
      if (count !== 1)
        return 'exact-match compatibility requires one single value';
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (count !== 0)
        return 'values set must be empty for exists and does not exist';
      break;
    case 'Gt':
    case 'Lt':
      if (count !== 1)
        return 'for Gt, Lt operators, exactly one value is required';
      if (parseInt64(requirement.values[0]) === undefined) {
        return 'for Gt, Lt operators, the value must be an integer';
      }
      break;
    default:
      return `"${String(
        requirement.operator,
      )}" is not a valid selector operator`;
  }
  for (const value of requirement.values) {
    const valueProblem = labelValueError(value);
    if (valueProblem) return `invalid value "${value}": ${valueProblem}`;
  }
  return undefined;
}

function compileRequirement(requirement: Requirement): LabelPredicate {
  const { key, operator, values } = requirement;
  switch (operator) {
    case 'Equals':
    case 'In':
      if (values.length === 1) {
        const only = values[0];
        return labels => labelValue(labels, key) === only;
      }
      return labels => {
        const value = labelValue(labels, key);
        return value !== undefined && values.includes(value);
      };
    case 'NotIn':
      return labels => {
        const value = labelValue(labels, key);
        return value === undefined || !values.includes(value);
      };
    case 'Exists':
      return labels => labelValue(labels, key) !== undefined;
    case 'DoesNotExist':
      return labels => labelValue(labels, key) === undefined;
    case 'Gt':
    case 'Lt': {
      const bound = parseInt64(values[0]) as bigint;
      return labels => {
        const raw = labelValue(labels, key);
        if (raw === undefined) return false;
        const value = parseInt64(raw);
        if (value === undefined) return false;
        return operator === 'Gt' ? value > bound : value < bound;
      };
    }
    default:
      return MATCH_NONE;
  }
}

/**
 * Compiles requirements (all must hold). Any invalid requirement makes the
 * whole selector match nothing, as Karmada does on a conversion error.
 */
export function compileRequirements(
  requirements: readonly Requirement[],
): LabelPredicate {
  if (requirements.length === 0) return MATCH_ALL;
  for (const requirement of requirements) {
    if (requirementError(requirement)) return MATCH_NONE;
  }
  const predicates = requirements.map(compileRequirement);
  if (predicates.length === 1) return predicates[0];
  return labels => {
    for (let index = 0; index < predicates.length; index++) {
      if (!predicates[index](labels)) return false;
    }
    return true;
  };
}

/** A `metav1.LabelSelector` (read-only view). @public */
export interface LabelSelectorLike {
  matchLabels?: Readonly<Record<string, string>>;
  matchExpressions?: readonly {
    key: string;
    operator: string;
    values?: readonly string[];
  }[];
}

/** Requirements of a `metav1.LabelSelector` (matchLabels become Equals). */
export function labelSelectorRequirements(
  selector: LabelSelectorLike,
): Requirement[] {
  const requirements: Requirement[] = [];
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    requirements.push({ key, operator: 'Equals', values: [value] });
  }
  for (const expression of selector.matchExpressions ?? []) {
    // Only the four label-selector operators are valid here.
    const operator = ['In', 'NotIn', 'Exists', 'DoesNotExist'].includes(
      expression.operator,
    )
      ? (expression.operator as SelectorOperator)
      : ('Invalid' as SelectorOperator);
    requirements.push({
      key: expression.key,
      operator,
      values: expression.values ?? [],
    });
  }
  return requirements;
}

/**
 * Compiles a `metav1.LabelSelector`; an empty selector matches everything.
 *
 * @public
 */
export function compileLabelSelector(
  selector: LabelSelectorLike,
): LabelPredicate {
  return compileRequirements(labelSelectorRequirements(selector));
}

/**
 * Whether `labels` match a `metav1.LabelSelector`, with Kubernetes
 * semantics (an undefined or empty selector matches everything; an invalid
 * one matches nothing). For one object; to match many, compile the selector
 * once with {@link compileLabelSelector}.
 *
 * @public
 */
export function matchesLabelSelector(
  labels: LabelMap,
  selector: LabelSelectorLike | undefined,
): boolean {
  return selector ? compileLabelSelector(selector)(labels) : true;
}
