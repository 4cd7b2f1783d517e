/**
 * The `labelSelector` query parameter of list and watch requests
 * (`a=b,c!=d,e in (f,g),h notin (i),j,!k`) and structured
 * `metav1.LabelSelector`s of Karmada policies.
 */
export type LabelRequirement =
  | { key: string; op: 'in' | 'notin'; values: string[] }
  | { key: string; op: 'exists' | '!exists' };

/** Splits at commas outside parentheses. */
function parts(selector: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of selector) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out.map(p => p.trim()).filter(Boolean);
}

export function parseLabelSelector(
  selector: string | undefined,
): LabelRequirement[] {
  if (!selector) return [];
  return parts(selector).map(part => {
    let m = /^([^\s!=(),]+)\s*(==|=|!=)\s*([^\s!=(),]*)$/.exec(part);
    if (m) {
      return { key: m[1], op: m[2] === '!=' ? 'notin' : 'in', values: [m[3]] };
    }
    m = /^([^\s!=(),]+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(part);
    if (m) {
      const values = m[3]
        .split(',')
        .map(v => v.trim())
        .filter(v => v !== '');
      return { key: m[1], op: m[2] as 'in' | 'notin', values };
    }
    m = /^(!?)\s*([^\s!=(),]+)$/.exec(part);
    if (m) return { key: m[2], op: m[1] ? '!exists' : 'exists' };
    throw new Error(`unable to parse requirement: "${part}"`);
  });
}

export function matchesRequirements(
  labels: Record<string, string> | undefined,
  requirements: LabelRequirement[],
): boolean {
  const own = labels ?? {};
  return requirements.every(r => {
    const has = Object.hasOwn(own, r.key);
    switch (r.op) {
      case 'exists':
        return has;
      case '!exists':
        return !has;
      case 'in':
        return has && r.values.includes(own[r.key]);
      case 'notin':
        return !has || !r.values.includes(own[r.key]);
      default:
        return false;
    }
  });
}

export interface StructuredLabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{
    key: string;
    operator: string;
    values?: string[];
  }>;
}

/** A `metav1.LabelSelector`; an empty selector matches everything. */
export function matchesLabelSelector(
  labels: Record<string, string> | undefined,
  selector: StructuredLabelSelector | undefined,
): boolean {
  if (!selector) return true;
  const requirements: LabelRequirement[] = [
    ...Object.entries(selector.matchLabels ?? {}).map(
      ([key, value]): LabelRequirement => ({ key, op: 'in', values: [value] }),
    ),
    ...(selector.matchExpressions ?? []).map((e): LabelRequirement => {
      switch (e.operator) {
        case 'In':
          return { key: e.key, op: 'in', values: e.values ?? [] };
        case 'NotIn':
          return { key: e.key, op: 'notin', values: e.values ?? [] };
        case 'Exists':
          return { key: e.key, op: 'exists' };
        default:
          return { key: e.key, op: '!exists' };
      }
    }),
  ];
  return matchesRequirements(labels, requirements);
}
