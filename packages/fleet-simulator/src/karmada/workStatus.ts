/**
 * Status as Karmada's interpreter and aggregation report it: a member
 * object's reflected status and health (Work `manifestStatuses`), the
 * ResourceBinding's `aggregatedStatus` and `FullyApplied` condition, and
 * the resource template's status summed over clusters.
 */

import type { V1Deployment } from '@kubernetes/client-node';

export type Health = 'Healthy' | 'Unhealthy' | 'Unknown';

/** The Deployment status fields Karmada's interpreter reflects onto the Work. */
export interface ReflectedStatus {
  replicas: number;
  updatedReplicas: number;
  readyReplicas: number;
  availableReplicas: number;
  unavailableReplicas: number;
  observedGeneration: number;
  generation: number;
}

/** Karmada's default interpreter: reflected status fields and health. */
export function reflectStatus(member: { kind?: string } | undefined): {
  status?: ReflectedStatus;
  health: Health;
} {
  if (member?.kind !== 'Deployment') return { health: 'Healthy' };
  const deployment = member as V1Deployment;
  const s = deployment.status ?? {};
  const status = {
    replicas: s.replicas ?? 0,
    updatedReplicas: s.updatedReplicas ?? 0,
    readyReplicas: s.readyReplicas ?? 0,
    availableReplicas: s.availableReplicas ?? 0,
    unavailableReplicas: s.unavailableReplicas ?? 0,
    observedGeneration: s.observedGeneration ?? 0,
    generation: deployment.metadata?.generation ?? 0,
  };
  const desired = deployment.spec?.replicas ?? 1;
  const healthy =
    status.observedGeneration === status.generation &&
    status.updatedReplicas === desired &&
    status.availableReplicas === status.updatedReplicas;
  return { status, health: healthy ? 'Healthy' : 'Unhealthy' };
}

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime: string;
}

/** Sets `next` in `conditions`, keeping lastTransitionTime when the status is unchanged. */
export function setCondition(
  conditions: Condition[] | undefined,
  next: Omit<Condition, 'lastTransitionTime'>,
  now: string,
): Condition[] {
  const previous = (conditions ?? []).find(c => c.type === next.type);
  const lastTransitionTime =
    previous && previous.status === next.status
      ? previous.lastTransitionTime
      : now;
  return [
    ...(conditions ?? []).filter(c => c.type !== next.type),
    { ...next, lastTransitionTime },
  ];
}

export interface WorkLike {
  metadata: { namespace?: string; name: string };
  status?: {
    conditions?: Condition[];
    manifestStatuses?: Array<{ status?: ReflectedStatus; health?: Health }>;
  };
}

export interface AggregatedItem {
  clusterName: string;
  status?: ReflectedStatus;
  applied: boolean;
  appliedMessage?: string;
  health: Health;
}

/** One entry per scheduled cluster whose Work exists, as Karmada aggregates. */
export function aggregatedStatus(
  clusters: Array<{ name: string }>,
  workFor: (cluster: string) => WorkLike | undefined,
): AggregatedItem[] {
  const out: AggregatedItem[] = [];
  for (const { name } of [...clusters].sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const work = workFor(name);
    if (!work) continue;
    const applied = work.status?.conditions?.find(c => c.type === 'Applied');
    const manifest = work.status?.manifestStatuses?.[0];
    if (applied?.status !== 'True') {
      out.push({
        clusterName: name,
        applied: false,
        ...(applied?.message ? { appliedMessage: applied.message } : {}),
        health: 'Unknown',
      });
      continue;
    }
    out.push({
      clusterName: name,
      ...(manifest?.status ? { status: manifest.status } : {}),
      applied: true,
      health: manifest?.health ?? 'Unknown',
    });
  }
  return out;
}

export function fullyApplied(
  clusters: Array<{ name: string }>,
  items: AggregatedItem[],
): Omit<Condition, 'lastTransitionTime'> {
  const applied = items.filter(i => i.applied).length;
  if (clusters.length > 0 && applied === clusters.length) {
    return {
      type: 'FullyApplied',
      status: 'True',
      reason: 'FullyAppliedSuccess',
      message: 'All works have been successfully applied',
    };
  }
  return {
    type: 'FullyApplied',
    status: 'False',
    reason: 'FullyAppliedFailed',
    message: `${applied} of ${clusters.length} works applied`,
  };
}

/**
 * A Deployment template's status: the members' counts summed;
 * observedGeneration is the template's once every member has observed the
 * generation it was given.
 */
export function aggregateDeploymentStatus(
  template: {
    metadata?: { generation?: number };
    status?: { observedGeneration?: number };
  },
  items: AggregatedItem[],
  complete: boolean,
): Record<string, unknown> {
  const sum = (field: keyof ReflectedStatus) =>
    items.reduce((total, i) => total + (i.status?.[field] ?? 0), 0);
  const allObserved =
    complete &&
    items.every(
      i => i.status && i.status.observedGeneration === i.status.generation,
    );
  return {
    ...(template.status ?? {}),
    replicas: sum('replicas'),
    updatedReplicas: sum('updatedReplicas'),
    readyReplicas: sum('readyReplicas'),
    availableReplicas: sum('availableReplicas'),
    unavailableReplicas: sum('unavailableReplicas'),
    observedGeneration: allObserved
      ? template.metadata?.generation
      : template.status?.observedGeneration,
  };
}
