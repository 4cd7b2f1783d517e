/**
 * What the fleet-scale bench runs: how big its fleet is and how it is laid
 * out, how many samples each figure takes (and for how long at most), the
 * targets the figures are held to, and the failover it times.
 */
import { sized } from '@flotilla/bench-kit';
import { BENCH_MEMBERS } from './benchFleet';

// A smoke run (--smoke) keeps every phase at its smallest: 12 Clusters, 6
// of them running the workload, one sample of each figure.
export const TOTAL_CLUSTERS = sized(1000, 12);
export const WITH_WORKLOAD = sized(200, 6);
export const SLOW_CLUSTERS = 2;
export const DEAD_CLUSTERS = 1;
export const REFRESH_TARGET_MS = 5000;
export const RSS_TARGET_MB = 400;
export const PLACEMENT_TARGET_RATIO = 1.2;
export const REFRESH_SAMPLES = sized(3, 1);
export const REFRESH_BUDGET_MS = 90_000;
export const PLACEMENT_SAMPLES = sized(5, 1);
export const PLACEMENT_BUDGET_MS = 120_000;
export const MEMBER_SAMPLES = sized(5, 1);
/** A failover of a scenario service between two healthy members. */
export const FAILOVER = {
  entityRef: 'component:default/storefront',
  from: BENCH_MEMBERS.workloadHost,
  to: BENCH_MEMBERS.idle,
};

/** The latency added in front of the slow member (FLOTILLA_BENCH_SLOW_MS). */
export const slowMs = Number(process.env.FLOTILLA_BENCH_SLOW_MS ?? 2000);
