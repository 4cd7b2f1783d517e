import type { DetectionState, DetectionWindow } from './types';

/**
 * Options of {@link advanceWindow}.
 *
 * @public
 */
export interface AdvanceWindowOptions {
  /**
   * Two observations further apart than this say nothing about the time
   * between them (detection was not running): it counts for neither side.
   */
  maxGapMs?: number;
}

function elapsedCounts(
  previous: DetectionWindow,
  state: DetectionState,
  elapsedMs: number,
  options: AdvanceWindowOptions,
): number {
  if (previous.state !== state) return 0;
  if (options.maxGapMs !== undefined && elapsedMs > options.maxGapMs) return 0;
  return elapsedMs;
}

/**
 * The window after one more observation at `now`:
 * - failing: `failingSince` is kept (or set), the time since the previous
 *   failing observation added; the healthy side is cleared (a failure
 *   resets failback stabilization);
 * - healthy: the same the other way round (healthy again resets the
 *   failing window: flap damping);
 * - unknown: both sides are kept as they are (paused): it neither extends
 *   nor resets either window.
 * An observation not newer than the previous one changes nothing.
 *
 * @public
 */
export function advanceWindow(
  previous: DetectionWindow | undefined,
  state: DetectionState,
  now: Date,
  options: AdvanceWindowOptions = {},
): DetectionWindow {
  const observedAt = now.toISOString();
  if (!previous) {
    return {
      state,
      observedAt,
      failingSince: state === 'failing' ? observedAt : undefined,
      failingMs: 0,
      healthySince: state === 'healthy' ? observedAt : undefined,
      healthyMs: 0,
    };
  }
  const elapsedMs = now.getTime() - Date.parse(previous.observedAt);
  if (!(elapsedMs > 0)) return previous;
  const counted = elapsedCounts(previous, state, elapsedMs, options);
  switch (state) {
    case 'failing':
      return {
        state,
        observedAt,
        failingSince: previous.failingSince ?? observedAt,
        failingMs: (previous.failingSince ? previous.failingMs : 0) + counted,
        healthyMs: 0,
      };
    case 'healthy':
      return {
        state,
        observedAt,
        failingMs: 0,
        healthySince: previous.healthySince ?? observedAt,
        healthyMs: (previous.healthySince ? previous.healthyMs : 0) + counted,
      };
    default:
      return { ...previous, state, observedAt };
  }
}

/**
 * Failing now and for at least `toleranceSeconds` of observed time: an
 * unknown last observation never counts as down.
 *
 * @public
 */
export function isDown(
  observed: DetectionWindow | undefined,
  toleranceSeconds: number,
): boolean {
  return (
    observed?.state === 'failing' &&
    observed.failingMs >= toleranceSeconds * 1000
  );
}

/**
 * Healthy now and for at least `stabilizationMs` of observed time.
 *
 * @public
 */
export function isStable(
  observed: DetectionWindow | undefined,
  stabilizationMs: number,
): boolean {
  return observed?.state === 'healthy' && observed.healthyMs >= stabilizationMs;
}
