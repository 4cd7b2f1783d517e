import { EventEmitter } from 'node:events';
import {
  answeringRequests,
  EventLoopPacer,
  type LoopProbe,
} from './EventLoopPacer';

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

describe('EventLoopPacer while requests are answered', () => {
  it('waits while a request is being answered, and goes on once it ends', async () => {
    const { probe, slept } = fakeLoop([]);
    const pacer = new EventLoopPacer(0.5, probe);
    const done = pacer.answering();
    const sleep = probe.sleep;
    probe.sleep = async ms => {
      await sleep(ms);
      // The request ends while the pass waits its third pause.
      if (slept.length === 3) done();
    };
    await pacer.giveWay();
    expect(slept).toEqual([25, 25, 25]);
    done();
    await pacer.giveWay();
    expect(slept).toHaveLength(3);
  });

  it('waits at most a second for a request that never ends', async () => {
    const { probe, slept } = fakeLoop([]);
    const pacer = new EventLoopPacer(0.5, probe);
    pacer.answering();
    await pacer.giveWay();
    expect(slept.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it('never waits at a share of 1, whatever it answers', async () => {
    const { probe, slept } = fakeLoop([]);
    const pacer = new EventLoopPacer(1, probe);
    pacer.answering();
    await pacer.giveWay();
    expect(slept).toEqual([]);
  });
});

describe('answeringRequests', () => {
  it('marks a request answered from its arrival until its response ends', async () => {
    const { probe, slept } = fakeLoop([]);
    const pacer = new EventLoopPacer(0.5, probe);
    const res = new EventEmitter();
    const next = jest.fn();
    answeringRequests(pacer)({} as any, res as any, next);
    expect(next).toHaveBeenCalled();
    res.emit('finish');
    // A response that ends and then closes counts once.
    res.emit('close');
    await pacer.giveWay();
    expect(slept).toEqual([]);
    pacer.answering();
    await pacer.giveWay();
    expect(slept.length).toBeGreaterThan(0);
  });
});
