/**
 * Karmada's work status controller: the Work's `Applied` condition and the
 * member object's reflected status and health (`manifestStatuses`), written
 * when they changed.
 */
import { sameJson } from './sameJson';
import type { KarmadaApi, KubeObject } from './karmadaApi';
import { retryOnConflict } from './kube';
import type { Wake } from './loop';
import type { Outcome } from './memberApply';
import type { Manifest } from './objectTypes';
import { reflectStatus, setCondition } from './workStatus';

/** The resource (plural) of a kind, by the regular English rules kinds follow. */
export function resourceOf(kind: string): string {
  const lower = kind.toLowerCase();
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

/** Writes the Work's status when it changed; the listed Work first, re-read on conflict. */
export async function writeWorkStatus(
  karmada: KarmadaApi,
  wake: Wake,
  work: KubeObject,
  outcome: Outcome,
  manifest: Manifest,
) {
  let fresh = false;
  await retryOnConflict(async () => {
    const current = fresh
      ? await karmada.get('works', work.metadata.name, work.metadata.namespace)
      : work;
    fresh = true;
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const [group, version] = manifest.apiVersion.includes('/')
      ? manifest.apiVersion.split('/')
      : ['', manifest.apiVersion];
    const conditions = setCondition(
      current.status?.conditions,
      outcome.applied
        ? {
            type: 'Applied',
            status: 'True',
            reason: 'AppliedSuccessful',
            message: 'Manifest has been successfully applied',
          }
        : {
            type: 'Applied',
            status: 'False',
            reason: 'AppliedFailed',
            message: outcome.message,
          },
      now,
    );
    const reflected = outcome.applied
      ? reflectStatus(outcome.member)
      : undefined;
    const status = {
      ...current.status,
      conditions,
      manifestStatuses: reflected
        ? [
            {
              identifier: {
                ordinal: 0,
                group,
                version,
                kind: manifest.kind,
                resource: resourceOf(manifest.kind),
                namespace: manifest.metadata.namespace ?? '',
                name: manifest.metadata.name,
              },
              ...(reflected.status ? { status: reflected.status } : {}),
              health: reflected.health,
            },
          ]
        : current.status?.manifestStatuses,
    };
    if (sameJson(status, current.status)) return;
    await karmada.replace('works', { ...current, status }, 'status');
    wake.notify();
  });
}
