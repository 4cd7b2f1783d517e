import type { JsonValue } from '@backstage/types';

/** A GitOps object the pause step paused, or found paused. */
export type GitopsKind = 'argocd-application' | 'flux-kustomization';

/**
 * The setting the pause changes, as read: an Application's whole
 * `spec.syncPolicy`, a Kustomization's `spec.suspend`; `null` when the
 * field was absent (so resume removes it again).
 */
export type GitopsSetting =
  | { syncPolicy: JsonValue | null }
  | { suspend: boolean | null };

/** One object of the pause step's output: recorded before it is written. */
export interface PausedObject {
  kind: GitopsKind;
  cluster: string;
  namespace: string;
  name: string;
  /** `service`: the service's own object; `parent`: a Kustomization that applies it. */
  role: 'service' | 'parent';
  /** The setting as this run read it, before its write. */
  before: GitopsSetting;
  /**
   * What resume writes back: `before`, except in a rollback of a run that
   * left the object paused, where it is that run's recorded value.
   */
  restore: GitopsSetting;
  /** The pause's write landed (or nothing had to be written). */
  paused?: boolean;
  resourceVersion?: string;
}

export interface Finding {
  severity: 'info' | 'warning';
  message: string;
}

/** The output of gitops-pause (also while it runs: `ctx.progress`). */
export interface PauseOutput {
  objects: PausedObject[];
  findings: Finding[];
}

export const sameObject = (a: PausedObject, b: PausedObject) =>
  a.kind === b.kind &&
  a.cluster === b.cluster &&
  a.namespace === b.namespace &&
  a.name === b.name;

/** `namespace/name` of a recorded object, for messages. */
export const refOf = (o: Pick<PausedObject, 'namespace' | 'name'>) =>
  `${o.namespace}/${o.name}`;

export function describeObject(o: PausedObject): string {
  return o.kind === 'argocd-application'
    ? `Argo CD application ${refOf(o)} on ${o.cluster}`
    : `Flux Kustomization ${refOf(o)} on ${o.cluster}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSetting(value: unknown): value is GitopsSetting {
  if (!isRecord(value)) return false;
  if ('syncPolicy' in value) return true;
  return (
    'suspend' in value &&
    (value.suspend === null || typeof value.suspend === 'boolean')
  );
}

function isPausedObject(value: unknown): value is PausedObject {
  return (
    isRecord(value) &&
    (value.kind === 'argocd-application' ||
      value.kind === 'flux-kustomization') &&
    typeof value.cluster === 'string' &&
    typeof value.namespace === 'string' &&
    typeof value.name === 'string' &&
    (value.role === 'service' || value.role === 'parent') &&
    isSetting(value.before) &&
    isSetting(value.restore)
  );
}

/**
 * The objects a pause step's (possibly partial) output recorded; anything
 * else in it is ignored. A retry reuses these "before" values.
 */
export function readPauseOutput(output: unknown): PausedObject[] {
  if (!isRecord(output) || !Array.isArray(output.objects)) return [];
  return output.objects.filter(isPausedObject);
}
