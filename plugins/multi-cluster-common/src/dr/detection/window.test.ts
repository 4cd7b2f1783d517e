import { advanceWindow, isDown, isStable } from './window';
import type { DetectionState, DetectionWindow } from './types';

const T0 = Date.parse('2027-03-01T10:00:00.000Z');
/** The injected clock: `at(s)` is s seconds after T0. */
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const iso = (seconds: number) => at(seconds).toISOString();

/** Observations `[second, state]` in order, folded into a window. */
function observe(
  observations: [number, DetectionState][],
  options?: { maxGapMs?: number },
): DetectionWindow {
  let w: DetectionWindow | undefined;
  for (const [second, state] of observations) {
    w = advanceWindow(w, state, at(second), options);
  }
  return w!;
}

describe('advanceWindow', () => {
  it('starts the failing window at the first failing observation', () => {
    expect(observe([[0, 'failing']])).toEqual({
      state: 'failing',
      observedAt: iso(0),
      failingSince: iso(0),
      failingMs: 0,
      healthySince: undefined,
      healthyMs: 0,
    });
  });

  it('counts failing time between failing observations: 300 s window boundary', () => {
    // Failing at 0, 30, ..., 270: 270 s observed, one tick short of 300.
    const ticks = Array.from({ length: 10 }, (_, i) => [i * 30, 'failing']);
    const short = observe(ticks as [number, DetectionState][]);
    expect(short.failingMs).toBe(270_000);
    expect(isDown(short, 300)).toBe(false);
    // One more tick at 300 s: exactly the window (>= counts).
    const full = advanceWindow(short, 'failing', at(300));
    expect(full.failingMs).toBe(300_000);
    expect(full.failingSince).toBe(iso(0));
    expect(isDown(full, 300)).toBe(true);
    expect(isDown(full, 301)).toBe(false);
  });

  it('resets the failing window when the cluster is healthy again (flap damping)', () => {
    // Failing 0..240 (240 s), healthy at 270, failing again from 300 to 570:
    // the new window starts at 300 and has 270 s at 570 — still short of 300.
    const w = observe([
      [0, 'failing'],
      [120, 'failing'],
      [240, 'failing'],
      [270, 'healthy'],
      [300, 'failing'],
      [570, 'failing'],
    ]);
    expect(w.failingSince).toBe(iso(300));
    expect(w.failingMs).toBe(270_000);
    expect(isDown(w, 300)).toBe(false);
  });

  it('pauses on unknown: neither extends nor resets the failing window', () => {
    // Failing 0 -> 200 counts 200 s. 200 -> 260 (failing -> unknown) and
    // 260 -> 400 (unknown -> failing) count for nothing; 400 -> 500 adds
    // 100 s: 300 s at 500, down only then (not at 400, although 400 s have
    // passed since the first failure).
    const before = observe([
      [0, 'failing'],
      [200, 'failing'],
      [260, 'unknown'],
      [400, 'failing'],
    ]);
    expect(before.failingMs).toBe(200_000);
    expect(isDown(before, 300)).toBe(false);
    const after = advanceWindow(before, 'failing', at(500));
    expect(after.failingMs).toBe(300_000);
    expect(after.failingSince).toBe(iso(0));
    expect(isDown(after, 300)).toBe(true);
  });

  it('never counts an unknown observation as down, however long it lasts', () => {
    // 300 s of failing, then unknown: the window keeps its 300 s but the
    // cluster is not down while it is unknown.
    const w = observe([
      [0, 'failing'],
      [300, 'failing'],
      [330, 'unknown'],
      [3600, 'unknown'],
    ]);
    expect(w.failingMs).toBe(300_000);
    expect(w.state).toBe('unknown');
    expect(isDown(w, 300)).toBe(false);
  });

  it('never starts a window from unknown observations alone', () => {
    const w = observe([
      [0, 'unknown'],
      [600, 'unknown'],
    ]);
    expect(w.failingSince).toBeUndefined();
    expect(w.healthySince).toBeUndefined();
    expect(isDown(w, 0)).toBe(false);
  });

  it('counts healthy time for stabilization and resets it on a failure', () => {
    // Healthy 0..500 (500 s), failing at 530, healthy from 560 to 1160:
    // the stabilization restarts at 560 and has 600 s at 1160.
    const w = observe([
      [0, 'healthy'],
      [500, 'healthy'],
      [530, 'failing'],
      [560, 'healthy'],
      [1160, 'healthy'],
    ]);
    expect(w.healthySince).toBe(iso(560));
    expect(w.healthyMs).toBe(600_000);
    expect(isStable(w, 600_000)).toBe(true);
    expect(isStable(w, 600_001)).toBe(false);
  });

  it('leaves out a gap longer than maxGapMs', () => {
    // Failing at 0 and at 400 with a 90 s maximum gap: the 400 s between
    // them were not watched, so nothing counts; 400 -> 430 adds 30 s.
    const w = observe(
      [
        [0, 'failing'],
        [400, 'failing'],
        [430, 'failing'],
      ],
      { maxGapMs: 90_000 },
    );
    expect(w.failingMs).toBe(30_000);
    expect(w.failingSince).toBe(iso(0));
  });

  it('ignores an observation that is not newer than the last one', () => {
    const w = observe([
      [0, 'failing'],
      [60, 'failing'],
    ]);
    expect(advanceWindow(w, 'healthy', at(60))).toBe(w);
    expect(advanceWindow(w, 'healthy', at(30))).toBe(w);
  });
});
