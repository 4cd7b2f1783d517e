/**
 * Resource lists (`{ cpu: '500m', memory: '1Gi' }`) read from untrusted
 * places: request bodies, annotations, cluster status. Validation checks
 * every key is a resource name and every value a quantity, and bounds the
 * number of entries; the validated copies hold only such keys, so plain
 * property lookups on them cannot reach `Object.prototype`.
 *
 * Two flavours: `parse*` throws the first problem as a {@link QuantityError}
 * naming the field (for requests: answer 400), `read*` keeps what is valid
 * and returns the rest as problems (for what clusters report: record a
 * finding, schedule on).
 */
import {
  addQuantities,
  formatQuantity,
  type Quantity,
  QuantityError,
  type QuantityResult,
  tryParseQuantity,
  tryParseRequestQuantity,
} from './quantity';
import { resourceNameProblem } from './resourceNames';

/**
 * Quantities keyed by resource name (`cpu`, `memory`, `pods`, `nvidia.com/gpu`, ...).
 *
 * @public
 */
export type ResourceList = Record<string, string>;

/**
 * Most entries a resource list may have (a node reports about a dozen).
 *
 * @public
 */
export const MAX_RESOURCE_LIST_ENTRIES = 64;

/** @public */
export interface ResourceListOptions {
  /** Per-replica requests: negative quantities are refused. */
  requests?: boolean;
  /** Defaults to {@link MAX_RESOURCE_LIST_ENTRIES}. */
  maxEntries?: number;
}

/**
 * One refused entry (or the list itself, with `resource` undefined).
 *
 * @public
 */
export interface ResourceListProblem {
  /** The key as given; undefined when the problem is the whole list. */
  resource?: string;
  value?: unknown;
  /** Attributed to the entry's field (`<field>.<resource>`) when known. */
  error: QuantityError;
  /** In sums: which list the entry came from (`describe(index)`). */
  source?: string;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldOf(field: string | undefined, resource: string): string {
  return field ? `${field}.${resource}` : resource;
}

/**
 * The value of `resource` in `list` when the list itself holds it (never
 * an inherited `Object.prototype` member).
 *
 * @public
 */
export function ownQuantity(
  list: ResourceList | undefined,
  resource: string,
): string | undefined {
  return list !== undefined &&
    Object.prototype.hasOwnProperty.call(list, resource)
    ? list[resource]
    : undefined;
}

function parseEntry(value: unknown, requests: boolean): QuantityResult {
  return requests ? tryParseRequestQuantity(value) : tryParseQuantity(value);
}

/**
 * A valid entry of a resource list, parsed.
 *
 * @public
 */
export interface ResourceEntry {
  resource: string;
  /** The value as text (a number is read as its JavaScript text). */
  text: string;
  quantity: Quantity;
}

/**
 * {@link readResourceList} keeping each valid entry's parsed quantity, for
 * callers that compute with them (one parse per entry).
 *
 * @public
 */
export function readResourceEntries(
  input: unknown,
  field?: string,
  options: ResourceListOptions = {},
): { entries: ResourceEntry[]; problems: ResourceListProblem[] } {
  const entries: ResourceEntry[] = [];
  const problems: ResourceListProblem[] = [];
  if (input === undefined) return { entries, problems };
  if (!isPlainRecord(input)) {
    problems.push({
      value: input,
      error: new QuantityError(
        'type',
        'must be a map of resource names to quantities',
        field,
      ),
    });
    return { entries, problems };
  }
  const maxEntries = options.maxEntries ?? MAX_RESOURCE_LIST_ENTRIES;
  const keys = Object.keys(input);
  if (keys.length > maxEntries) {
    problems.push({
      error: new QuantityError(
        'too-many-resources',
        `must have at most ${maxEntries} resources, got ${keys.length}`,
        field,
      ),
    });
  }
  for (const resource of keys.slice(0, maxEntries)) {
    const value = input[resource];
    const nameProblem = resourceNameProblem(resource);
    if (nameProblem !== undefined) {
      problems.push({
        resource,
        value,
        error: new QuantityError(
          'resource-name',
          nameProblem,
          fieldOf(field, resource),
        ),
      });
      continue;
    }
    const parsed = parseEntry(value, options.requests ?? false);
    if (!parsed.ok) {
      problems.push({
        resource,
        value,
        error: parsed.error.at(fieldOf(field, resource)),
      });
      continue;
    }
    entries.push({
      resource,
      text: String(value),
      quantity: parsed.quantity,
    });
  }
  return { entries, problems };
}

/**
 * Validates `input` and copies its valid entries (values as text); every
 * refused entry is a problem attributed to `<field>.<resource>`. Never
 * throws. Entries beyond the maximum are dropped as one problem.
 *
 * @public
 */
export function readResourceList(
  input: unknown,
  field?: string,
  options: ResourceListOptions = {},
): { list: ResourceList; problems: ResourceListProblem[] } {
  const { entries, problems } = readResourceEntries(input, field, options);
  const list: ResourceList = {};
  for (const { resource, text } of entries) list[resource] = text;
  return { list, problems };
}

/**
 * Validates `input` as a resource list and returns a copy (values as
 * text); throws the first problem as a {@link QuantityError} naming the
 * field, e.g. `resourceRequest.cpu: quantities must match ...`.
 *
 * @public
 */
export function parseResourceList(
  input: unknown,
  field?: string,
  options: ResourceListOptions = {},
): ResourceList {
  const { list, problems } = readResourceList(input, field, options);
  if (problems.length > 0) throw problems[0].error;
  return list;
}

/**
 * Per-replica requests: {@link parseResourceList} that also refuses
 * negative quantities.
 *
 * @public
 */
export function parseResourceRequests(
  input: unknown,
  field = 'resourceRequest',
): ResourceList {
  return parseResourceList(input, field, { requests: true });
}

/**
 * One line for a refused entry: `cpu 'lots' is not a quantity: <reason>`,
 * `'__proto__' is not a resource name: <reason>`, or the list's problem.
 *
 * @public
 */
export function describeResourceListProblem(
  problem: ResourceListProblem,
): string {
  const { resource, value, error } = problem;
  if (resource === undefined) return error.detail;
  if (error.reason === 'resource-name') {
    return `${JSON.stringify(resource)} is not a resource name: ${
      error.detail
    }`;
  }
  const text = typeof value === 'string' ? value : String(value);
  // Hostile values can be long; findings quote only their start.
  const shown = text.length > 80 ? `${text.slice(0, 80)}...` : text;
  if (error.reason === 'negative') {
    return `${resource} '${shown}': ${error.detail}`;
  }
  return `${resource} '${shown}' is not a quantity: ${error.detail}`;
}

/**
 * The lists of a Karmada `resourceSummary`.
 *
 * @public
 */
export interface ResourceSummaryLists {
  allocatable?: ResourceList;
  allocated?: ResourceList;
  allocating?: ResourceList;
}

/**
 * Every refused entry of a cluster's resource summary, attributed to
 * `<field>.allocatable.<resource>` (etc.), for callers that record
 * findings; the estimator itself treats such a resource as unavailable.
 *
 * @public
 */
export function resourceSummaryProblems(
  summary: ResourceSummaryLists | undefined,
  field = 'resourceSummary',
): ResourceListProblem[] {
  if (!summary) return [];
  return (['allocatable', 'allocated', 'allocating'] as const).flatMap(
    list => readResourceList(summary[list], `${field}.${list}`).problems,
  );
}

const BINARY_SUFFIX = /[KMGTPE]i$/;

/**
 * Sums resource lists exactly (`500m` + `2` cpu is `2500m`, `128Gi` + `16Gi`
 * memory is `144Gi`: binary when an operand was); a resource missing from a
 * list counts as zero. Refused entries are left out of the sum and returned
 * as problems whose `source` is `describe(index)`.
 *
 * @public
 */
export function sumResourceLists(
  lists: readonly (ResourceList | undefined)[],
  describe: (index: number) => string = index => `resource list ${index}`,
): { sum: ResourceList; problems: ResourceListProblem[] } {
  const totals = new Map<string, { quantity: Quantity; binary: boolean }>();
  const problems: ResourceListProblem[] = [];
  lists.forEach((input, index) => {
    const { entries, problems: refused } = readResourceEntries(input);
    for (const problem of refused) {
      problems.push({ ...problem, source: describe(index) });
    }
    for (const { resource, text, quantity } of entries) {
      const total = totals.get(resource);
      totals.set(resource, {
        quantity: total ? addQuantities(total.quantity, quantity) : quantity,
        binary: (total?.binary ?? false) || BINARY_SUFFIX.test(text),
      });
    }
  });
  const sum: ResourceList = {};
  for (const [resource, total] of totals) {
    sum[resource] = formatQuantity(total.quantity, { binary: total.binary });
  }
  return { sum, problems };
}
