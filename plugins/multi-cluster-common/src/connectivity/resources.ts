/**
 * Resource totals that survive bad input: the fleet report sums capacity
 * from many clusters, and one malformed quantity must not hide the rest.
 * The arithmetic itself is the fleet model's exact `addResourceLists`.
 */
import { addResourceLists } from '../fleet/profile';
import {
  readResourceList,
  type ResourceListProblem,
} from '../quantity/resourceList';
import type { ResourceList } from '../scheduling/types';

/** JSON text of a reported value, cut short: hostile values can be long. */
function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 82 ? `${text.slice(0, 81)}..."` : text;
}

function explain(source: string, problem: ResourceListProblem): string {
  const { resource, value, error } = problem;
  let what: string;
  if (resource === undefined) what = error.detail;
  else if (error.reason === 'resource-name') {
    what = `${quoted(resource)} is not a resource name (${error.detail})`;
  } else {
    what = `${resource}=${quoted(value)} is not a quantity (${error.detail})`;
  }
  return `${source}: ${what}; left out of the total`;
}

/**
 * Accumulates resource lists. Invalid entries are not guessed at: each is
 * left out of the total and explained in `errors`, naming where it came
 * from.
 */
export class ResourceTotal {
  private readonly lists: ResourceList[] = [];
  readonly errors: string[] = [];

  /** Adds every valid entry of `list`; `source` names it in error messages. */
  add(list: ResourceList | undefined, source: string): this {
    if (!list) return this;
    const { list: valid, problems } = readResourceList(list);
    for (const problem of problems) this.errors.push(explain(source, problem));
    this.lists.push(valid);
    return this;
  }

  /** The exact total, keys sorted. */
  toResourceList(): ResourceList {
    const sum = addResourceLists(this.lists);
    const sorted: ResourceList = {};
    for (const name of Object.keys(sum).sort()) sorted[name] = sum[name];
    return sorted;
  }
}
