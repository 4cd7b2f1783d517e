import { SharedReads } from './SharedReads';

describe('SharedReads', () => {
  it('shares a read in flight, and reads again once it has settled', async () => {
    const shared = new SharedReads<number>();
    let reads = 0;
    let answer = (_: number) => {};
    const read = () =>
      new Promise<number>(resolve => {
        reads++;
        answer = resolve;
      });

    const first = shared.read('a', read);
    const second = shared.read('a', read);
    const other = shared.read('b', () => Promise.resolve(7));
    await Promise.resolve();
    expect(reads).toBe(1);
    answer(1);
    await expect(Promise.all([first, second, other])).resolves.toEqual([
      1, 1, 7,
    ]);

    const third = shared.read('a', read);
    await Promise.resolve();
    expect(reads).toBe(2);
    answer(2);
    await expect(third).resolves.toBe(2);
  });

  it('gives every caller the failure, and the next caller a new read', async () => {
    const shared = new SharedReads<number>();
    const failing = shared.read('a', () => Promise.reject(new Error('down')));
    const joined = shared.read('a', () => Promise.resolve(0));
    await expect(failing).rejects.toThrow('down');
    await expect(joined).rejects.toThrow('down');
    await expect(shared.read('a', () => Promise.resolve(3))).resolves.toBe(3);
  });
});
