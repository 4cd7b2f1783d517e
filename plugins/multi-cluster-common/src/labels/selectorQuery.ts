/**
 * The `labelSelector` of list and watch requests (`a=b,c!=d,e in (f,g),
 * h notin (i),j,!k`), as Kubernetes parses it (apimachinery
 * `pkg/labels/selector.go`, `Parse`), compiled with the same requirement
 * semantics as structured label selectors (`scheduling/matching`).
 */
import {
  compileRequirements,
  LabelPredicate,
  Requirement,
  requirementError,
} from '../scheduling/matching/labelSelector';

/** Splits at commas outside parentheses. */
function terms(query: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of query) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out.map(term => term.trim()).filter(Boolean);
}

function requirementOf(term: string): Requirement {
  let m = /^([^\s!=(),]+)\s*(==|=|!=)\s*([^\s!=(),]*)$/.exec(term);
  if (m) {
    return {
      key: m[1],
      // `!=` also matches objects without the label, as NotIn does.
      operator: m[2] === '!=' ? 'NotIn' : 'Equals',
      values: [m[3]],
    };
  }
  m = /^([^\s!=(),]+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(term);
  if (m) {
    const values = m[3]
      .split(',')
      .map(v => v.trim())
      .filter(v => v !== '');
    return { key: m[1], operator: m[2] === 'in' ? 'In' : 'NotIn', values };
  }
  m = /^(!?)\s*([^\s!=(),]+)$/.exec(term);
  if (m) {
    return {
      key: m[2],
      operator: m[1] ? 'DoesNotExist' : 'Exists',
      values: [],
    };
  }
  throw new Error(`unable to parse requirement: "${term}"`);
}

/**
 * Compiles a `labelSelector` query; an empty one matches everything, one
 * Kubernetes would refuse throws with the reason.
 *
 * @public
 */
export function compileLabelSelectorQuery(
  query: string | undefined,
): LabelPredicate {
  const requirements = terms(query ?? '').map(requirementOf);
  for (const requirement of requirements) {
    const problem = requirementError(requirement);
    if (problem) throw new Error(problem);
  }
  return compileRequirements(requirements);
}
