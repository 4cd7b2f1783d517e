import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setImmediate as nextMacrotask } from 'node:timers';

/**
 * Runs every test of the calling file on a fake clock.
 *
 * The components poll (a cluster after a scale, a failover run), MUI delays
 * tooltips and transitions, Backstage delays its progress bar: on a fake clock
 * all of that waits for the test to move time, never for the machine. So do
 * testing-library's own waits (`findBy*`, `waitFor`): under fake timers they
 * move the clock 50 fake ms per turn of the event loop and give up after
 * their timeout in fake ms, that is after a fixed number of turns, however
 * slow the machine is.
 *
 * The microtask, nextTick and immediate queues stay real: msw answers and
 * React renders through them, as fast as the machine allows.
 */
export function runOnFakeClock(): void {
  beforeEach(() => {
    jest.useFakeTimers({
      doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'],
    });
  });
  afterEach(() => {
    jest.useRealTimers();
  });
}

/** user-event driving the fake clock for its own pauses between actions. */
export function setupUser() {
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

/**
 * Moves the fake clock on by `ms`: the timers that fall due fire, and what
 * they start (a fetch, a render) runs until it waits for the clock again.
 */
export async function advanceClock(ms: number): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

/** One turn of the event loop, with React's work flushed; the clock stays. */
function nextTurn(): Promise<void> {
  return act(() => new Promise<void>(resolve => nextMacrotask(resolve)));
}

/**
 * Lets the event loop turn, without moving the fake clock, until `condition`
 * holds: for waiting on what msw has been asked and React has rendered. The
 * bound is a number of turns, not of milliseconds, so a slow machine only
 * takes longer; `what` names the awaited state in the failure.
 */
export async function settleUntil(
  condition: () => boolean,
  what: string,
  maxTurns = 500,
): Promise<void> {
  for (let turn = 0; turn < maxTurns && !condition(); turn++) {
    await nextTurn();
  }
  if (!condition()) {
    throw new Error(
      `Still not ${what} after ${maxTurns} turns of the event loop`,
    );
  }
}

/**
 * Lets the event loop turn `turns` times without moving the fake clock: room
 * for a request that something might still send, before asserting that none
 * came. A request takes a few turns to reach msw, whatever the machine.
 */
export async function passTurns(turns = 20): Promise<void> {
  for (let turn = 0; turn < turns; turn++) await nextTurn();
}
