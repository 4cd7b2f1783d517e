/**
 * The bench's fleet made ready to measure: every member joined, the bench
 * entity deployed, the bench Clusters registered and Ready, then the slow
 * and dead members' faults set and seen by Karmada.
 */
import { FleetDescription } from '@flotilla/fleet-simulator';
import { eventually } from '@flotilla/test-kit';
import { BENCH_MEMBERS, setFault } from './benchFleet';
import {
  deployBenchWorkload,
  interleave,
  listKarmadaClusters,
  readiness,
  registerBenchClusters,
} from './benchClusters';
import {
  DEAD_CLUSTERS,
  SLOW_CLUSTERS,
  slowMs,
  TOTAL_CLUSTERS,
  WITH_WORKLOAD,
} from './benchPlan';
import { phase } from './benchProgress';

/**
 * How many Clusters map to each member, beyond the member's own Cluster
 * (which the simulator joined): 200 run the workload, 2 of them slow and 1
 * dead, the rest of the 1,000 run nothing.
 */
function benchLayout(): string[] {
  return interleave({
    [BENCH_MEMBERS.workloadHost]:
      WITH_WORKLOAD - SLOW_CLUSTERS - DEAD_CLUSTERS - 1,
    [BENCH_MEMBERS.slow]: SLOW_CLUSTERS - 1,
    [BENCH_MEMBERS.dead]: DEAD_CLUSTERS - 1,
    [BENCH_MEMBERS.idle]: TOTAL_CLUSTERS - WITH_WORKLOAD - 1,
  });
}

/** Throws until the simulator has joined each of `members` as a Cluster. */
async function assertJoined(fleet: FleetDescription, members: string[]) {
  const joined = new Set(
    (await listKarmadaClusters(fleet)).map(c => c.metadata.name),
  );
  const missing = members.filter(m => !joined.has(m));
  if (missing.length) throw new Error(`not joined yet: ${missing}`);
}

/** Throws until all TOTAL_CLUSTERS Clusters are there and Ready. */
async function assertAllReady(fleet: FleetDescription) {
  const ready = readiness(await listKarmadaClusters(fleet));
  const notReady = [...ready.values()].filter(s => s !== 'True').length;
  if (ready.size !== TOTAL_CLUSTERS || notReady > 0) {
    throw new Error(
      `${ready.size} Clusters, ${notReady} not Ready after the deadline`,
    );
  }
}

/** Throws until Karmada sees the dead member NotReady. */
async function assertDeadNotReady(fleet: FleetDescription) {
  const ready = readiness(await listKarmadaClusters(fleet));
  if (ready.get(BENCH_MEMBERS.dead) !== 'False')
    throw new Error(`${BENCH_MEMBERS.dead} is still Ready`);
}

export async function prepareFleet(fleet: FleetDescription) {
  const members = Object.values(BENCH_MEMBERS);
  await phase('waiting for the simulator to join the members', () =>
    eventually(() => assertJoined(fleet, members), 180_000),
  );
  await phase('deploying the bench entity on its members', () =>
    Promise.all(
      [BENCH_MEMBERS.workloadHost, BENCH_MEMBERS.slow, BENCH_MEMBERS.dead].map(
        member => deployBenchWorkload(fleet, member),
      ),
    ),
  );
  await phase(
    `registering ${TOTAL_CLUSTERS - members.length} Karmada Clusters`,
    () => registerBenchClusters(fleet, benchLayout()),
  );
  await phase(`waiting until all ${TOTAL_CLUSTERS} Clusters are Ready`, () =>
    eventually(() => assertAllReady(fleet), 420_000, 3000),
  );
  await setFault(fleet, BENCH_MEMBERS.slow, { latencyMs: slowMs });
  await setFault(fleet, BENCH_MEMBERS.dead, { down: true });
  await phase('waiting for Karmada to see the dead member NotReady', () =>
    eventually(() => assertDeadNotReady(fleet), 120_000, 2000),
  );
}
