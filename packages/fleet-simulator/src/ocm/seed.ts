/**
 * What a platform team (and `clusteradm join/accept`) leaves on the hub:
 * one accepted ManagedCluster per managed member, the `global` set and one
 * exclusive set per environment, and the storefront's Placement with the
 * binding its namespace needs. Idempotent (create-or-leave).
 */
import fs from 'node:fs';
import path from 'node:path';
import { CoreV1Api } from '@kubernetes/client-node';
import type { SimulatorContext } from '../context';
import { kubeConfigFor, type FleetClusterDescription } from '../fleet';
import { statusCode } from '../capi/kube';
import { HubObjects, type KubeObject } from './kube';
import {
  CLAIMS,
  LABELS,
  TYPES,
  apiVersionOf,
  environmentOf,
  managedClusterLabels,
  managedMembers,
  ocmHub,
} from './model';

/**
 * The catalog service OCM places (examples/services/services.yaml): the
 * Placement carries its `backstage.io/kubernetes-id` as a label, the way its
 * Deployments do, so Flotilla relates the Placement to the entity.
 */
export const PLACED_SERVICE = {
  kubernetesId: 'storefront',
  defaultNamespace: 'shop',
  clusterSet: 'prod',
};

export const GLOBAL_SET = 'global';

export function managedClusterObject(
  member: FleetClusterDescription,
): KubeObject {
  return {
    apiVersion: apiVersionOf(TYPES.managedCluster),
    kind: TYPES.managedCluster.kind,
    metadata: { name: member.name, labels: managedClusterLabels(member) },
    spec: {
      hubAcceptsClient: true,
      leaseDurationSeconds: 60,
      managedClusterClientConfigs: [
        {
          url: member.publicUrl,
          caBundle: fs
            .readFileSync(path.join(member.pkiDir, 'ca.crt'))
            .toString('base64'),
        },
      ],
    },
  };
}

export function clusterSetObjects(
  members: FleetClusterDescription[],
): KubeObject[] {
  const set = (name: string, clusterSelector: unknown): KubeObject => ({
    apiVersion: apiVersionOf(TYPES.managedClusterSet),
    kind: TYPES.managedClusterSet.kind,
    metadata: { name },
    spec: { clusterSelector },
  });
  const environments = [...new Set(members.map(m => environmentOf(m.name)))];
  return [
    set(GLOBAL_SET, { selectorType: 'LabelSelector', labelSelector: {} }),
    ...environments
      .sort()
      .map(env => set(env, { selectorType: 'ExclusiveClusterSetLabel' })),
  ];
}

/** The binding (named after its set, as OCM requires) and the storefront's Placement. */
export function placementObjects(namespace: string): KubeObject[] {
  return [
    {
      apiVersion: apiVersionOf(TYPES.managedClusterSetBinding),
      kind: TYPES.managedClusterSetBinding.kind,
      metadata: { name: PLACED_SERVICE.clusterSet, namespace },
      spec: { clusterSet: PLACED_SERVICE.clusterSet },
    },
    {
      apiVersion: apiVersionOf(TYPES.placement),
      kind: TYPES.placement.kind,
      metadata: {
        name: PLACED_SERVICE.kubernetesId,
        namespace,
        labels: { [LABELS.kubernetesId]: PLACED_SERVICE.kubernetesId },
      },
      spec: {
        clusterSets: [PLACED_SERVICE.clusterSet],
        numberOfClusters: 2,
        predicates: [
          {
            requiredClusterSelector: {
              labelSelector: {
                matchExpressions: [
                  {
                    key: 'region',
                    operator: 'In',
                    values: ['eu-west', 'us-east'],
                  },
                ],
              },
              claimSelector: {
                matchExpressions: [
                  { key: CLAIMS.platform, operator: 'In', values: ['AWS'] },
                ],
              },
            },
          },
        ],
      },
    },
  ];
}

async function ensureNamespace(core: CoreV1Api, name: string) {
  try {
    await core.createNamespace({ body: { metadata: { name } } });
  } catch (error) {
    if (statusCode(error) !== 409) throw error;
  }
}

export async function seedOcm(ctx: SimulatorContext): Promise<void> {
  const hubCluster = ocmHub(ctx.fleet);
  if (!hubCluster) return;
  const kc = kubeConfigFor(hubCluster);
  const hub = new HubObjects(kc);
  const members = managedMembers(ctx.fleet);
  const namespace =
    ctx.scenario.workloads.find(
      w => w.kubernetesId === PLACED_SERVICE.kubernetesId,
    )?.namespace ?? PLACED_SERVICE.defaultNamespace;
  await ensureNamespace(kc.makeApiClient(CoreV1Api), namespace);
  let created = 0;
  const ensure = async (
    t: (typeof TYPES)[keyof typeof TYPES],
    o: KubeObject,
  ) => {
    if (await hub.createOrLeave(t, o)) created++;
  };
  for (const member of members) {
    await ensure(TYPES.managedCluster, managedClusterObject(member));
  }
  for (const set of clusterSetObjects(members)) {
    await ensure(TYPES.managedClusterSet, set);
  }
  const [binding, placement] = placementObjects(namespace);
  await ensure(TYPES.managedClusterSetBinding, binding);
  await ensure(TYPES.placement, placement);
  ctx.log(
    `ocm: ${members.length} managed clusters on ${hubCluster.name}, ${created} objects created`,
  );
}
