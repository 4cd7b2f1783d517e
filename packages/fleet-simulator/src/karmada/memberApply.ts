/**
 * How Karmada's execution controller applies one Work manifest to its
 * member: create (with the namespace a namespaced manifest needs), leave an
 * unchanged one (by the hash of what was last applied), replace a managed
 * one with the resourceVersion read; an object Karmada does not manage is
 * left alone unless the Work's conflictResolution is Overwrite.
 */
import { CoreV1Api, KubernetesObjectApi } from '@kubernetes/client-node';
import { fnv1a32 } from '@flotilla/plugin-multi-cluster-common';
import { CONFLICT_RESOLUTION_ANNOTATION, MANAGED_LABEL } from './bindings';
import type { KubeObject } from './karmadaApi';
import { isNotFound, retryOnConflict, statusCode } from './kube';
import type { Manifest } from './objectTypes';

/** The manifest Karmada last applied, so an unchanged Work is not re-sent. */
export const MANIFEST_HASH_ANNOTATION = 'flotilla.io/work-manifest-hash';

export type Outcome =
  | { applied: true; member: Manifest }
  | { applied: false; message: string };

function manifestHash(manifest: unknown): string {
  return fnv1a32(JSON.stringify(manifest)).toString(16);
}

export const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

export async function applyToMember(
  member: KubernetesObjectApi,
  memberCore: CoreV1Api,
  work: KubeObject,
  manifest: Manifest,
  listed: Manifest | undefined,
): Promise<Outcome> {
  const hash = manifestHash(manifest);
  const typed = (o: unknown): Manifest => ({
    ...plain(o),
    apiVersion: manifest.apiVersion,
    kind: manifest.kind,
  });
  const desired = {
    ...manifest,
    metadata: {
      ...manifest.metadata,
      annotations: {
        ...manifest.metadata.annotations,
        [MANIFEST_HASH_ANNOTATION]: hash,
      },
    },
  };
  let fresh = false;
  return retryOnConflict(async (): Promise<Outcome> => {
    let current: Manifest | undefined = fresh ? undefined : listed;
    if (!current) {
      try {
        current = typed(
          await member.read({
            apiVersion: manifest.apiVersion,
            kind: manifest.kind,
            metadata: {
              name: manifest.metadata.name,
              namespace: manifest.metadata.namespace,
            },
          }),
        );
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    fresh = true;
    if (!current) {
      if (manifest.metadata.namespace) {
        await memberCore
          .createNamespace({
            body: { metadata: { name: manifest.metadata.namespace } },
          })
          .catch(error => {
            if (statusCode(error) !== 409) throw error;
          });
      }
      return { applied: true, member: typed(await member.create(desired)) };
    }
    const managed = current.metadata?.labels?.[MANAGED_LABEL] === 'true';
    const resolution =
      work.metadata.annotations?.[CONFLICT_RESOLUTION_ANNOTATION] ?? 'Abort';
    if (!managed && resolution !== 'Overwrite') {
      return {
        applied: false,
        message: `${manifest.kind} ${
          manifest.metadata.namespace ? `${manifest.metadata.namespace}/` : ''
        }${
          manifest.metadata.name
        } already exists in the member cluster and is not managed by Karmada; conflictResolution is Abort`,
      };
    }
    if (current.metadata?.annotations?.[MANIFEST_HASH_ANNOTATION] === hash)
      return { applied: true, member: current };
    const replaced = await member.replace({
      ...desired,
      metadata: {
        ...desired.metadata,
        resourceVersion: current.metadata.resourceVersion,
      },
    });
    return { applied: true, member: typed(replaced) };
  });
}
