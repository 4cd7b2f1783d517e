import { AdmissionRule } from '../types';

/** At most `maxConcurrentRuns` children of the storm run at once. */
export const overallCap: AdmissionRule = (_child, _fit, state) =>
  state.running >= state.limits.maxConcurrentRuns
    ? {
        kind: 'wait',
        status: 'queued',
        reason: `waits for a slot: ${state.limits.maxConcurrentRuns} run(s) at once`,
      }
    : undefined;
