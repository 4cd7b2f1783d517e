/**
 * Seeding Karmada (idempotent: creates what is missing, leaves the rest):
 * the member Secrets, the scenario's Karmada workloads and add-ons; and,
 * once the aggregated API server answers, the member Clusters.
 */
import {
  CustomObjectsApi,
  KubeConfig,
  KubernetesObject,
  KubernetesObjectApi,
} from '@kubernetes/client-node';
import type { SimulatorContext } from '../context';
import { kubeConfigFor } from '../fleet';
import {
  describeError,
  isNotFound,
  KARMADA_CLUSTER_NAMESPACE,
  karmadaKubeConfig,
  statusCode,
} from './kube';
import {
  ADDON_NAMESPACE,
  addonManifests,
  clusterManifest,
  isKarmadaAddon,
  isKarmadaWorkload,
  karmadaMembers,
  memberSecrets,
  workloadManifests,
} from './seedManifests';

/** Creates `object` unless it exists; true when created. */
export async function createIfMissing(
  api: KubernetesObjectApi,
  object: KubernetesObject,
): Promise<boolean> {
  try {
    await api.read(object as KubernetesObject & { metadata: { name: string } });
    return false;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  try {
    await api.create(object);
    return true;
  } catch (error) {
    // Created by someone else in between: left as it is.
    if (statusCode(error) === 409) return false;
    throw error;
  }
}

async function seedMemberDrift(
  kubeConfig: KubeConfig,
  objects: KubernetesObject[],
) {
  const api = KubernetesObjectApi.makeApiClient(kubeConfig);
  for (const object of objects) await createIfMissing(api, object);
}

export async function seedKarmada(ctx: SimulatorContext): Promise<void> {
  const api = KubernetesObjectApi.makeApiClient(karmadaKubeConfig(ctx.fleet));
  let created = 0;
  const ensure = async (object: KubernetesObject) => {
    if (await createIfMissing(api, object)) created++;
  };
  await ensure({
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: KARMADA_CLUSTER_NAMESPACE },
  });
  for (const member of karmadaMembers(ctx.fleet)) {
    for (const secret of memberSecrets(member)) await ensure(secret);
  }
  for (const workload of ctx.scenario.workloads) {
    if (!isKarmadaWorkload(workload, ctx.fleet)) continue;
    const { namespace, deployment, propagationPolicy, overridePolicy } =
      workloadManifests(workload);
    await ensure(namespace);
    await ensure(deployment);
    await ensure(propagationPolicy);
    if (overridePolicy) await ensure(overridePolicy);
  }
  const addons = ctx.scenario.addons.filter(isKarmadaAddon);
  if (addons.length > 0) {
    await ensure({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: ADDON_NAMESPACE },
    });
  }
  for (const addon of addons) {
    const { configMap, policy, drifted } = addonManifests(addon, ctx.fleet);
    await ensure(configMap);
    await ensure(policy);
    for (const { cluster, configMap: local } of drifted) {
      const member = ctx.fleet.clusters.find(c => c.name === cluster)!;
      await seedMemberDrift(kubeConfigFor(member), [
        {
          apiVersion: 'v1',
          kind: 'Namespace',
          metadata: { name: ADDON_NAMESPACE },
        },
        local,
      ]);
    }
  }
  ctx.log(`karmada: seeded (${created} objects created)`);
}

/**
 * Registers each proxy-reached member as a Push Cluster through the
 * aggregation layer, as `karmadactl join` does; waits (until `signal`)
 * while the kube-apiserver does not route cluster.karmada.io yet (its
 * APIService availability check runs every few seconds).
 */
export async function joinMembers(ctx: SimulatorContext): Promise<void> {
  const custom = karmadaKubeConfig(ctx.fleet).makeApiClient(CustomObjectsApi);
  for (const member of karmadaMembers(ctx.fleet)) {
    const body = clusterManifest(member, ctx.scenario);
    for (let attempt = 1; !ctx.signal.aborted; attempt++) {
      try {
        await custom.createClusterCustomObject({
          group: 'cluster.karmada.io',
          version: 'v1alpha1',
          plural: 'clusters',
          body,
        });
        ctx.log(`karmada: joined ${member.name} (Push, ${member.publicUrl})`);
        break;
      } catch (error) {
        if (statusCode(error) === 409) break;
        if (attempt % 10 === 1) {
          ctx.log(
            `karmada: cannot join ${member.name} yet (${describeError(
              error,
            )}); retrying`,
          );
        }
        await new Promise(resolve => setTimeout(resolve, 1000));
      }
    }
  }
}
