/**
 * Velero's objects on one cluster, in namespace `velero`, through the
 * fleet's cluster clients (the service identity: every call here writes or
 * prepares a write).
 */
import {
  isConflict,
  isNotFound,
  type KubernetesClient,
} from '@flotilla/plugin-multi-cluster-node';
import { StepContext, StepError } from '../types';
import type { BackupView } from './choose';

import { VELERO_NAMESPACE } from './bodies';

export { VELERO_NAMESPACE };
const resource = (plural: string) => ({
  group: 'velero.io',
  version: 'v1',
  plural,
  namespace: VELERO_NAMESPACE,
});
export const BACKUPS = resource('backups');
export const RESTORES = resource('restores');

/** A Backup or Restore with the status the step reads. */
export interface VeleroObject extends BackupView {
  spec?: Record<string, unknown>;
  status?: BackupView['status'] & {
    failureReason?: string;
    validationErrors?: string[];
    errors?: number;
  };
}

/** The client of a cluster, or a step error saying why there is none. */
export async function veleroClient(
  ctx: StepContext,
  cluster: string,
): Promise<KubernetesClient> {
  const access = await ctx.deps.inventory.getAccess(cluster);
  const client = ctx.deps.clients?.forCluster(cluster, access);
  if (!client) {
    throw new StepError(
      `cannot reach ${cluster} to restore state: the backend has no client for it`,
      { retryable: false },
    );
  }
  return client;
}

export async function listBackups(
  ctx: StepContext,
  client: KubernetesClient,
  labelSelector: string,
): Promise<VeleroObject[]> {
  const list = await client.listCustomObjects<VeleroObject>(
    { ...BACKUPS, labelSelector },
    { signal: ctx.signal },
  );
  return list.items;
}

/** The object, or undefined when it does not exist. */
export async function readObject(
  ctx: StepContext,
  client: KubernetesClient,
  kind: typeof BACKUPS,
  name: string,
): Promise<VeleroObject | undefined> {
  try {
    return await client.getCustomObject<VeleroObject>(
      { ...kind, name },
      { signal: ctx.signal },
    );
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** Creates the object unless one of its name exists; answers what is there. */
export async function createOrRead(
  ctx: StepContext,
  client: KubernetesClient,
  kind: typeof BACKUPS,
  body: {
    metadata: {
      name: string;
      namespace: string;
      labels: Record<string, string>;
    };
  } & Record<string, unknown>,
): Promise<VeleroObject> {
  const name = body.metadata.name;
  const existing = await readObject(ctx, client, kind, name);
  if (existing) return existing;
  try {
    return await client.createCustomObject<VeleroObject>(
      { ...kind, name, body },
      { signal: ctx.signal },
    );
  } catch (error) {
    // 409 AlreadyExists: an earlier attempt's request got there first.
    if (!isConflict(error)) throw error;
    const raced = await readObject(ctx, client, kind, name);
    if (!raced) throw error;
    return raced;
  }
}
