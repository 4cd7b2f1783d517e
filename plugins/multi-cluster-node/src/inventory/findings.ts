/**
 * Findings about what clusters report: values Flotilla could not use are
 * recorded on the cluster (bounded, escaped) and the rest of the record
 * still holds. Nothing a cluster sends can fail a refresh.
 */
import {
  describeResourceListProblem,
  readResourceList,
  type ResourceList,
  type ResourceListProblem,
} from '@flotilla/plugin-multi-cluster-common';
import { sanitizeForLog } from '../util/sanitize';

/** Most problem lines kept per cluster (or per detector). */
export const MAX_CLUSTER_PROBLEMS = 20;
/** Longest problem line, after escaping. */
export const MAX_PROBLEM_LENGTH = 300;

/**
 * At most `max` lines, each escaped and cut to `maxLength`; when lines were
 * left out, the last one says how many.
 *
 * @public
 */
export function boundProblems(
  lines: readonly string[],
  max = MAX_CLUSTER_PROBLEMS,
  maxLength = MAX_PROBLEM_LENGTH,
): string[] {
  const keep = lines.length > max ? Math.max(0, max - 1) : lines.length;
  const kept = lines
    .slice(0, keep)
    .map(line => sanitizeForLog(line, maxLength));
  if (lines.length > keep) {
    kept.push(`... and ${lines.length - keep} more problems`);
  }
  return kept;
}

/**
 * One line per refused entry: `<list>: cpu 'abc' is not a quantity: ...`,
 * `<list>: "__proto__" is not a resource name: ...`.
 *
 * @public
 */
export function describeProblems(
  list: string,
  problems: readonly ResourceListProblem[],
): string[] {
  return problems.map(
    problem => `${list}: ${describeResourceListProblem(problem)}`,
  );
}

/** The usable part of a Karmada `status.resourceSummary`. */
export interface ResourceSummaryReading {
  allocatable?: ResourceList;
  allocated?: ResourceList;
  allocating?: ResourceList;
  /** Unescaped, unbounded lines (see {@link boundProblems}). */
  problems: string[];
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a resource summary a cluster reported, keeping its valid entries.
 * A resource whose allocated or allocating entry is refused is left out of
 * `allocatable` too: its free amount is unknown, so it counts as
 * unavailable, as the scheduler's estimator counts it (dropping only the
 * bad usage entry would make the resource look free). A usage list that is
 * not a map at all leaves no resource available.
 */
export function readResourceSummary(
  summary: unknown,
  field = 'resourceSummary',
): ResourceSummaryReading {
  if (summary === undefined || summary === null) return { problems: [] };
  if (!isPlainRecord(summary)) {
    return {
      problems: [`${field}: must be an object, got ${typeof summary}`],
    };
  }
  const problems: string[] = [];
  const read = (name: 'allocatable' | 'allocated' | 'allocating') => {
    const input = summary[name];
    if (input === undefined || input === null) {
      return { list: undefined, unusable: false, refused: [] as string[] };
    }
    const reading = readResourceList(input);
    problems.push(...describeProblems(`${field}.${name}`, reading.problems));
    return {
      list: reading.list,
      // The whole list is refused (not a map).
      unusable: reading.problems.some(p => p.resource === undefined),
      refused: reading.problems.flatMap(p =>
        p.resource !== undefined ? [p.resource] : [],
      ),
    };
  };
  const allocatable = read('allocatable');
  const allocated = read('allocated');
  const allocating = read('allocating');

  let usable = allocatable.list;
  if (usable && (allocated.unusable || allocating.unusable)) {
    usable = {};
  } else if (usable) {
    const unknownUsage = new Set([...allocated.refused, ...allocating.refused]);
    if (unknownUsage.size > 0) {
      const kept: ResourceList = {};
      for (const [resource, value] of Object.entries(usable)) {
        if (!unknownUsage.has(resource)) kept[resource] = value;
      }
      usable = kept;
    }
  }
  return {
    ...(usable ? { allocatable: usable } : {}),
    ...(allocated.list ? { allocated: allocated.list } : {}),
    ...(allocating.list ? { allocating: allocating.list } : {}),
    problems,
  };
}
