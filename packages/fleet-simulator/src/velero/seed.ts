/**
 * Seeds Velero on the members that serve its CRDs (the prod members, see
 * fleetUp/clusters.ts): namespace `velero`, the `default`
 * BackupStorageLocation (one bucket shared by all of them) and the
 * scenario's Schedules with the Backups they made before the fleet came up
 * (`velero.schedules` of scenario/fleet.yaml; ages relative to seeding).
 * Create-or-leave, so a restart keeps what is there.
 */
import type { SimulatorContext } from '../context';
import { kubeConfigFor, type FleetClusterDescription } from '../fleet';
import { CoreObjects, CustomObjects } from '../capi/kube';
import type { ScenarioVeleroSchedule } from '../scenario';
import { MemberApis } from '../members/kube';
import { SEEDED_BY } from '../members/stable';
import {
  BACKUPS,
  DEFAULT_LOCATION,
  kubeTime,
  LOCATIONS,
  SCHEDULE_NAME_LABEL,
  scheduledBackupName,
  SCHEDULES,
  SHARED_BUCKET,
  SOURCE_CLUSTER_LABEL,
  STORAGE_LOCATION_LABEL,
  VELERO_API,
  VELERO_NAMESPACE,
  type BackupObject,
} from './model';

/** The members whose API servers serve Velero's Backups. */
export async function veleroMembers(
  ctx: Pick<SimulatorContext, 'fleet'>,
): Promise<FleetClusterDescription[]> {
  const members = ctx.fleet.clusters.filter(c => c.kind === 'member');
  const serving = await Promise.all(
    members.map(m =>
      new MemberApis(kubeConfigFor(m, 'direct')).serves(
        'velero.io',
        'v1',
        'backups',
      ),
    ),
  );
  return members.filter((_, i) => serving[i]);
}

export function locationObject() {
  return {
    apiVersion: VELERO_API,
    kind: 'BackupStorageLocation',
    metadata: {
      name: DEFAULT_LOCATION,
      namespace: VELERO_NAMESPACE,
      labels: { ...SEEDED_BY },
    },
    spec: {
      provider: 'aws',
      objectStorage: { bucket: SHARED_BUCKET },
      default: true,
    },
  };
}

export function scheduleObject(s: ScenarioVeleroSchedule) {
  const labels = { [SOURCE_CLUSTER_LABEL]: s.cluster };
  return {
    apiVersion: VELERO_API,
    kind: 'Schedule',
    metadata: {
      name: s.name,
      namespace: VELERO_NAMESPACE,
      labels: { ...SEEDED_BY, ...labels },
    },
    spec: {
      schedule: s.schedule,
      template: {
        metadata: { labels },
        includedNamespaces: s.includedNamespaces,
        storageLocation: DEFAULT_LOCATION,
        ttl: '720h0m0s',
      },
    },
  };
}

/** The Schedule's past Backups, each finished `ageSeconds` before `now`. */
export function scheduledBackups(
  s: ScenarioVeleroSchedule,
  now: Date,
): BackupObject[] {
  return s.backups.map(b => {
    const done = new Date(now.getTime() - b.ageSeconds * 1000);
    const started = new Date(done.getTime() - 40_000);
    const items = b.phase === 'Failed' ? 0 : 42;
    return {
      apiVersion: VELERO_API,
      kind: 'Backup',
      metadata: {
        name: scheduledBackupName(s.name, started),
        namespace: VELERO_NAMESPACE,
        labels: {
          ...SEEDED_BY,
          [SCHEDULE_NAME_LABEL]: s.name,
          [STORAGE_LOCATION_LABEL]: DEFAULT_LOCATION,
          [SOURCE_CLUSTER_LABEL]: s.cluster,
        },
      },
      spec: scheduleObject(s).spec.template,
      status: {
        phase: b.phase,
        version: 1,
        startTimestamp: kubeTime(started),
        completionTimestamp: kubeTime(done),
        expiration: kubeTime(new Date(started.getTime() + 720 * 3600_000)),
        progress: { totalItems: 42, itemsBackedUp: items },
        ...(b.phase === 'PartiallyFailed' ? { errors: 2 } : {}),
        ...(b.phase === 'Failed'
          ? { failureReason: 'the backup storage location was unreachable' }
          : {}),
      },
    };
  });
}

export async function seedVelero(ctx: SimulatorContext): Promise<void> {
  const members = await veleroMembers(ctx);
  const now = new Date();
  for (const member of members) {
    const kc = kubeConfigFor(member, 'direct');
    await new CoreObjects(kc).ensureNamespace(VELERO_NAMESPACE, SEEDED_BY);
    const custom = new CustomObjects(kc);
    await custom.createOrLeave(LOCATIONS, locationObject());
    const schedules = (ctx.scenario.veleroSchedules ?? []).filter(
      s => s.cluster === member.name,
    );
    for (const schedule of schedules) {
      const made = await custom.createOrLeave(
        SCHEDULES,
        scheduleObject(schedule),
      );
      // Its history is seeded once, with the Schedule (names carry times).
      if (!made.created) continue;
      // Backups have no status subresource: created with their status.
      for (const backup of scheduledBackups(schedule, now)) {
        await custom.createOrLeave(BACKUPS, backup);
      }
    }
  }
  ctx.log(
    `velero: ${members.length} member(s) seeded, ${
      (ctx.scenario.veleroSchedules ?? []).length
    } schedule(s)`,
  );
}
