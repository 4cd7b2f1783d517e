/**
 * Resource totals that survive bad input: the fleet report sums capacity
 * from many clusters, and one malformed quantity must not hide the rest.
 * The arithmetic itself is the fleet model's exact `addResourceLists`.
 */
import { addResourceLists } from '../fleet/profile';
import { parseQuantity } from '../scheduling/quantity';
import type { ResourceList } from '../scheduling/types';

/**
 * Accumulates resource lists. Invalid quantities are not guessed at: each
 * is left out of the total and explained in `errors`, naming where it came
 * from.
 */
export class ResourceTotal {
  private readonly lists: ResourceList[] = [];
  readonly errors: string[] = [];

  /** Adds every valid entry of `list`; `source` names it in error messages. */
  add(list: ResourceList | undefined, source: string): this {
    if (!list) return this;
    const valid: ResourceList = {};
    for (const [name, text] of Object.entries(list)) {
      try {
        parseQuantity(text);
        valid[name] = text;
      } catch (error) {
        this.errors.push(
          `${source}: ${name}=${JSON.stringify(text)} is not a quantity (${
            (error as Error).message
          }); left out of the total`,
        );
      }
    }
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
