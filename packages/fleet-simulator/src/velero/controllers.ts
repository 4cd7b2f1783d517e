/**
 * Velero's server on each member that serves its CRDs: the backup and
 * restore controllers of that member (backupController.ts,
 * restoreController.ts) and the backup sync between members that share a
 * bucket (backupSync.ts). One reconcile loop per member, woken by its
 * Backups and Restores; a pass that moved something to InProgress asks to
 * run again, so each object takes two passes (New -> InProgress -> done).
 */
import type { SimulatorContext, Stoppable } from '../context';
import { kubeConfigFor, type FleetClusterDescription } from '../fleet';
import { CustomObjects, runReconcileLoop } from '../capi/kube';
import { nextBackup } from './backupController';
import { isStored, syncedCopy } from './backupSync';
import {
  BACKUPS,
  LOCATIONS,
  RESTORES,
  storageKey,
  VELERO_NAMESPACE,
  type BackupObject,
  type LocationObject,
  type RestoreObject,
} from './model';
import { nextRestoreStatus } from './restoreController';
import { veleroMembers } from './seed';

const AGAIN_MS = 200;

interface Member {
  name: string;
  custom: CustomObjects;
  /** Its locations by name and storage key, as its last pass read them. */
  locations: { name: string; key: string }[];
}

/** Members whose Backups another member's stored Backup was copied to. */
type Synced = Set<string>;

async function reconcileMember(
  member: Member,
  all: Member[],
  synced: Synced,
): Promise<number | undefined> {
  const { custom } = member;
  const locations = await custom.list<LocationObject>(
    LOCATIONS,
    VELERO_NAMESPACE,
  );
  member.locations = locations.flatMap(l => {
    const key = storageKey(l);
    return key ? [{ name: l.metadata.name, key }] : [];
  });
  const backups = await custom.list<BackupObject>(BACKUPS, VELERO_NAMESPACE);
  const restores = await custom.list<RestoreObject>(RESTORES, VELERO_NAMESPACE);
  const now = new Date();
  let again = false;
  for (const backup of backups) {
    const next = nextBackup(
      backup,
      member.locations.map(l => l.name),
      now,
    );
    if (!next) continue;
    await custom.update<BackupObject>(
      BACKUPS,
      VELERO_NAMESPACE,
      backup.metadata.name,
      () => next,
      'main',
      backup,
    );
    again = true;
  }
  for (const restore of restores) {
    const status = nextRestoreStatus(
      restore,
      backups,
      now.toISOString().replace(/\.\d+Z$/, 'Z'),
    );
    if (!status) continue;
    await custom.update<RestoreObject>(
      RESTORES,
      VELERO_NAMESPACE,
      restore.metadata.name,
      current => ({ ...current, status }),
      'main',
      restore,
    );
    again = true;
  }
  await pushStored(member, backups, all, synced);
  return again ? AGAIN_MS : undefined;
}

/** Copies this member's stored Backups to every member sharing their bucket. */
async function pushStored(
  member: Member,
  backups: BackupObject[],
  all: Member[],
  synced: Synced,
) {
  for (const backup of backups.filter(isStored)) {
    const from = member.locations.find(
      l => l.name === (backup.spec?.storageLocation ?? 'default'),
    );
    if (!from) continue;
    for (const other of all) {
      const to = other.locations.find(l => l.key === from.key);
      const id = `${other.name}/${backup.metadata.name}`;
      if (other === member || !to || synced.has(id)) continue;
      await other.custom.createOrLeave(BACKUPS, syncedCopy(backup, to.name));
      synced.add(id);
    }
  }
}

export async function startVelero(ctx: SimulatorContext): Promise<Stoppable> {
  const described: FleetClusterDescription[] = await veleroMembers(ctx);
  const synced: Synced = new Set();
  const members: Member[] = described.map(d => ({
    name: d.name,
    custom: new CustomObjects(kubeConfigFor(d, 'direct')),
    locations: [],
  }));
  const loops = members.map(member =>
    runReconcileLoop({
      name: `velero: ${member.name}`,
      kc: member.custom.kc,
      watchPaths: ['backups', 'restores'].map(
        plural => `/apis/velero.io/v1/namespaces/${VELERO_NAMESPACE}/${plural}`,
      ),
      reconcile: () => reconcileMember(member, members, synced),
      log: ctx.log,
      signal: ctx.signal,
      resyncMs: 5000,
    }),
  );
  ctx.log(`velero: controllers running on ${members.length} member(s)`);
  return {
    async stop() {
      await Promise.all(loops.map(l => l.stop()));
    },
  };
}
