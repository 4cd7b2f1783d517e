import { isDeepStrictEqual } from 'node:util';
import {
  trafficServes,
  type TrafficProvider,
  type TrafficState,
} from '@flotilla/plugin-multi-cluster-node';
import { HISTORY_BOUNDS, sanitizeJson } from '../../util/sanitizeJson';
import { StepContext, StepError, StepResult } from './types';

/** The traffic-shift step's params (failoverPlan.ts). */
export interface TrafficParams {
  from: string;
  to: string[];
  provider?: string;
  record?: string;
  rollbackOf?: string;
}

type Route = { from: string; to: string[] };

/**
 * A provider's failure as a step failure: `retryable: false` on the error
 * (a record or setting the provider cannot use) fails the run at once.
 */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const retryable = (error as { retryable?: unknown } | null)?.retryable;
    if (retryable === false && error instanceof Error) {
      throw new StepError(error.message, { retryable: false });
    }
    throw error;
  }
}

/** The state an earlier attempt (or the original run) recorded as `before`. */
function recordedState(
  output: unknown,
  provider: TrafficProvider,
  record: string,
): TrafficState | undefined {
  const before = (output as { before?: Partial<TrafficState> } | undefined)
    ?.before;
  if (
    before?.provider !== provider.name ||
    before.record !== record ||
    !Array.isArray(before.endpoints) ||
    before.raw === undefined
  ) {
    return undefined;
  }
  return before as TrafficState;
}

/** Outputs are stored bounded: a state the bounds would change cannot be restored exactly. */
function checkRecordable(state: TrafficState): void {
  if (!isDeepStrictEqual(sanitizeJson(state, HISTORY_BOUNDS), state)) {
    throw new StepError(
      `${state.record} is too large to be recorded exactly; not changed`,
      { retryable: false },
    );
  }
}

/** What the read-back after a change says, or that this provider has none. */
function readBack(
  provider: TrafficProvider,
  after: TrafficState,
  route: Route,
) {
  if (after.raw === null && after.endpoints.length === 0) {
    return {
      readBack: `unavailable: the ${provider.type} provider cannot read its state back`,
    };
  }
  return { serves: trafficServes(after, route) };
}

/** Reads the state before (once: a retry reuses it), recording it first. */
async function stateBefore(
  ctx: StepContext,
  provider: TrafficProvider,
  record: string,
  base: Record<string, unknown>,
) {
  const recorded = recordedState(ctx.step.output, provider, record);
  if (recorded) return { before: recorded, recorded: true };
  const before = await call(() =>
    provider.read({ record, signal: ctx.signal }),
  );
  if (!ctx.run.dry) {
    checkRecordable(before);
    await ctx.progress({ ...base, before });
  }
  return { before, recorded: false };
}

/** Failover: record the state, shift, and read back what users are sent to. */
export async function shiftTraffic(
  ctx: StepContext,
  provider: TrafficProvider,
  record: string,
  params: TrafficParams,
): Promise<StepResult> {
  const { run, signal } = ctx;
  const route = { from: params.from, to: params.to };
  const base = {
    provider: provider.name,
    type: provider.type,
    record,
    ...route,
  };
  const { before } = await stateBefore(ctx, provider, record, base);
  if (run.dry) return { output: { ...base, dryRun: true, before } };
  await call(() =>
    provider.shift({
      runId: run.id,
      entityRef: run.entityRef,
      record,
      ...route,
      signal,
    }),
  );
  const after = await call(() => provider.read({ record, signal }));
  const check = readBack(provider, after, route);
  if (check.serves && !check.serves.ok) {
    await ctx.progress({ ...base, before, after, serves: check.serves });
    throw new StepError(`read back after the shift: ${check.serves.reason}`);
  }
  return { output: { ...base, before, after, ...check } };
}

/** The state the original run recorded before its shift, if it got that far. */
async function originalState(
  ctx: StepContext,
  provider: TrafficProvider,
  record: string,
  runId: string,
): Promise<TrafficState | undefined> {
  if (!ctx.deps.runs) {
    throw new StepError('this build cannot read the original run', {
      retryable: false,
    });
  }
  const original = await ctx.deps.runs.getRun(runId);
  if (!original) {
    throw new StepError(`run ${runId} not found`, { retryable: false });
  }
  const step = original.steps.find(s => s.kind === 'traffic-shift');
  return recordedState(step?.output, provider, record);
}

/** Rollback: put back exactly what the original run recorded before its shift. */
export async function restoreTraffic(
  ctx: StepContext,
  provider: TrafficProvider,
  record: string,
  params: TrafficParams & { rollbackOf: string },
): Promise<StepResult> {
  const { run, signal } = ctx;
  const target = await originalState(ctx, provider, record, params.rollbackOf);
  if (!target) {
    return {
      skipped: `run ${params.rollbackOf} recorded no traffic state before a shift`,
    };
  }
  const route = { from: params.from, to: params.to };
  const base = {
    provider: provider.name,
    type: provider.type,
    record,
    ...route,
    rollbackOf: params.rollbackOf,
    restoring: target,
  };
  const { before } = await stateBefore(ctx, provider, record, base);
  if (run.dry) return { output: { ...base, dryRun: true, before } };
  await call(() =>
    provider.restore({
      record,
      state: target,
      route: { runId: run.id, entityRef: run.entityRef, ...route },
      signal,
    }),
  );
  const after = await call(() => provider.read({ record, signal }));
  if (after.raw !== null && !isDeepStrictEqual(after.raw, target.raw)) {
    throw new StepError(
      `read back after the restore: ${record} is not the recorded state`,
    );
  }
  return {
    output: { ...base, before, after, ...readBack(provider, after, route) },
  };
}
