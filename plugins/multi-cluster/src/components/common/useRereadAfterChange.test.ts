import { act, renderHook } from '@testing-library/react';
import { advanceClock, runOnFakeClock } from '../../__testUtils__/fakeClock';
import {
  CLUSTER_REREAD_INTERVAL_MS,
  CLUSTER_REREAD_WINDOW_MS,
  useRereadAfterChange,
} from './useRereadAfterChange';

runOnFakeClock();

/**
 * The hook over a fake backend: `readsAt` holds when each read started (ms
 * after the start), and `answer` delivers the answer to the latest read.
 */
function renderReread(inProgress: boolean) {
  const start = Date.now();
  const readsAt: number[] = [];
  const reread = () => {
    readsAt.push(Date.now() - start);
  };
  const hook = renderHook(
    (props: { answer: number; inProgress: boolean }) =>
      useRereadAfterChange(reread, props.answer, props.inProgress),
    { initialProps: { answer: 0, inProgress } },
  );
  const answer = (stillInProgress: boolean = inProgress) =>
    hook.rerender({ answer: readsAt.length, inProgress: stillInProgress });
  const afterChange = () => act(() => hook.result.current());
  return { readsAt, answer, afterChange };
}

/** Read times from `from` on, one interval apart, up to `to` inclusive. */
function everyInterval(from: number, to: number): number[] {
  const times: number[] = [];
  for (let t = from; t <= to; t += CLUSTER_REREAD_INTERVAL_MS) times.push(t);
  return times;
}

describe('useRereadAfterChange', () => {
  it('reads nothing while nothing changed and nothing is in progress', async () => {
    const { readsAt, answer } = renderReread(false);
    await advanceClock(3 * CLUSTER_REREAD_WINDOW_MS);
    answer();
    await advanceClock(3 * CLUSTER_REREAD_WINDOW_MS);
    expect(readsAt).toEqual([]);
  });

  it('after a change reads at once, then 2 s after each answer until an answer comes after the 30 s window', async () => {
    const { readsAt, answer, afterChange } = renderReread(false);
    afterChange();
    expect(readsAt).toEqual([0]);
    // The backend answers at once; the clock runs well past the window.
    for (let step = 0; step < 40; step++) {
      answer();
      await advanceClock(CLUSTER_REREAD_INTERVAL_MS);
    }
    // At 0, 2, 4, ..., 30 s, and at 32 s: the answer to the read at 30 s is
    // not after the window, so one more read follows. Spelled out in ms, as
    // the product's cadence.
    expect(readsAt).toEqual(Array.from({ length: 17 }, (_, i) => i * 2000));
  });

  it('counts the interval from each answer, however late it comes', async () => {
    const { readsAt, answer, afterChange } = renderReread(false);
    afterChange();
    await advanceClock(500);
    answer();
    await advanceClock(CLUSTER_REREAD_INTERVAL_MS - 1);
    expect(readsAt).toEqual([0]);
    await advanceClock(1);
    expect(readsAt).toEqual([0, 500 + CLUSTER_REREAD_INTERVAL_MS]);
  });

  it('starts the window again at each change', async () => {
    const { readsAt, answer, afterChange } = renderReread(false);
    afterChange();
    for (let step = 0; step < 8; step++) {
      answer();
      await advanceClock(CLUSTER_REREAD_INTERVAL_MS);
    }
    answer();
    await advanceClock(CLUSTER_REREAD_INTERVAL_MS / 2);
    const secondChangeAt =
      8 * CLUSTER_REREAD_INTERVAL_MS + CLUSTER_REREAD_INTERVAL_MS / 2;
    afterChange();
    for (let step = 0; step < 40; step++) {
      answer();
      await advanceClock(CLUSTER_REREAD_INTERVAL_MS);
    }
    expect(readsAt).toEqual([
      ...everyInterval(0, 8 * CLUSTER_REREAD_INTERVAL_MS),
      ...everyInterval(
        secondChangeAt,
        secondChangeAt + CLUSTER_REREAD_WINDOW_MS + CLUSTER_REREAD_INTERVAL_MS,
      ),
    ]);
  });

  it('reads one interval after each answer while in progress, however long, and stops when it is over', async () => {
    const { readsAt, answer } = renderReread(true);
    const over = 3 * CLUSTER_REREAD_WINDOW_MS;
    for (let t = 0; t < over; t += CLUSTER_REREAD_INTERVAL_MS) {
      await advanceClock(CLUSTER_REREAD_INTERVAL_MS);
      answer();
    }
    expect(readsAt).toEqual(everyInterval(CLUSTER_REREAD_INTERVAL_MS, over));
    answer(false);
    await advanceClock(3 * CLUSTER_REREAD_WINDOW_MS);
    expect(readsAt).toEqual(everyInterval(CLUSTER_REREAD_INTERVAL_MS, over));
  });
});
