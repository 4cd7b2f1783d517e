import fc from 'fast-check';
import { firstInOrder, MinHeap } from './ordering';

const numeric = (a: number, b: number) => a - b;

describe('MinHeap', () => {
  it('pops in ascending order', () => {
    const heap = new MinHeap([5, 1, 4, 2, 3], numeric);
    const popped: number[] = [];
    while (heap.size > 0) popped.push(heap.pop() as number);
    expect(popped).toEqual([1, 2, 3, 4, 5]);
    expect(heap.pop()).toBeUndefined();
    expect(heap.peek()).toBeUndefined();
  });
});

describe('firstInOrder', () => {
  it('equals sorting and slicing', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer(), { maxLength: 200 }),
        fc.nat(220),
        (items, count) => {
          expect(firstInOrder(items, count, numeric)).toEqual(
            items.slice().sort(numeric).slice(0, count),
          );
        },
      ),
    );
  });

  it('does not reorder its input', () => {
    const items = [3, 1, 2];
    firstInOrder(items, 1, numeric);
    expect(items).toEqual([3, 1, 2]);
  });
});
