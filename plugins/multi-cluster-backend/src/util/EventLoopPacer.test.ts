import { EventLoopPacer, type LoopProbe } from './EventLoopPacer';

/** A loop whose utilization follows `busy`, on a clock that sleeps advance. */
function fakeLoop(busy: number[]) {
  let clock = 0;
  const slept: number[] = [];
  const probe: LoopProbe = {
    now: () => clock,
    utilizationSinceLastCall: () => busy.shift() ?? 0,
    async sleep(ms) {
      slept.push(ms);
      clock += ms;
    },
  };
  return { probe, slept };
}

describe('EventLoopPacer', () => {
  it('goes on at once while the loop is under its share', async () => {
    const { probe, slept } = fakeLoop([0.2]);
    await new EventLoopPacer(0.5, probe).giveWay();
    expect(slept).toEqual([]);
  });

  it('waits while the loop is busier than its share, then goes on', async () => {
    const { probe, slept } = fakeLoop([0.9, 0.8, 0.3]);
    await new EventLoopPacer(0.5, probe).giveWay();
    expect(slept).toEqual([25, 25]);
  });

  it('waits at most a second, so background work always advances', async () => {
    const { probe, slept } = fakeLoop(Array(100).fill(1));
    await new EventLoopPacer(0.5, probe).giveWay();
    expect(slept.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it('never waits at a share of 1', async () => {
    const { probe, slept } = fakeLoop([1, 1]);
    await new EventLoopPacer(1, probe).giveWay();
    expect(slept).toEqual([]);
  });
});
