/**
 * Partial ordering helpers: most decisions only need the first few items of
 * an ordering over thousands of clusters, so these avoid full sorts.
 */

export type Compare<T> = (left: T, right: T) => number;

/** Binary min-heap under `compare` (the "smallest" item is the best). */
export class MinHeap<T> {
  private readonly items: T[];
  private readonly compare: Compare<T>;

  constructor(items: T[], compare: Compare<T>) {
    this.items = items;
    this.compare = compare;
    for (let index = (items.length >> 1) - 1; index >= 0; index--) {
      this.siftDown(index);
    }
  }

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  pop(): T | undefined {
    const items = this.items;
    if (items.length === 0) return undefined;
    const top = items[0];
    const last = items.pop() as T;
    if (items.length > 0) {
      items[0] = last;
      this.siftDown(0);
    }
    return top;
  }

  private siftDown(start: number): void {
    const items = this.items;
    const count = items.length;
    const item = items[start];
    let position = start;
    for (;;) {
      let child = 2 * position + 1;
      if (child >= count) break;
      if (
        child + 1 < count &&
        this.compare(items[child + 1], items[child]) < 0
      ) {
        child++;
      }
      if (this.compare(items[child], item) >= 0) break;
      items[position] = items[child];
      position = child;
    }
    items[position] = item;
  }
}

/**
 * The first `count` items of `items` in `compare` order (sorted), without
 * sorting everything. `compare` must be a strict total order.
 */
export function firstInOrder<T>(
  items: readonly T[],
  count: number,
  compare: Compare<T>,
): T[] {
  if (count <= 0) return [];
  if (count * 4 >= items.length) {
    return items.slice().sort(compare).slice(0, count);
  }
  const heap = new MinHeap(items.slice(), compare);
  const result: T[] = [];
  while (result.length < count) result.push(heap.pop() as T);
  return result;
}
