/**
 * Seeds the Cluster API management cluster (`capi`) with every fleet member
 * as a workload cluster: Cluster, its infrastructure cluster, KubeadmControlPlane,
 * MachineDeployments with their templates, and the `<name>-kubeconfig`
 * Secret Cluster API writes. Create-or-leave: what exists (perhaps scaled or
 * upgraded since) is kept; only the kubeconfig Secret is brought up to date,
 * since fleet.json may name new ports or tokens after a restart.
 */
import type { SimulatorContext } from '../context';
import { kubeConfigFor } from '../fleet';
import {
  clusterObject,
  infraClusterObject,
  kubeadmConfigTemplateObject,
  kubeadmControlPlaneObject,
  kubeconfigSecret,
  machineDeploymentObject,
  machineObject,
  machineTemplateObject,
  ownerReference,
} from './builders';
import { CoreObjects, CustomObjects, type ResourceType } from './kube';
import type { CustomObject } from './customObject';
import {
  clusterClassObject,
  topologyOf,
  topologyOwned,
} from './topologyBuilders';
import { MemberNodes, nodeObject, workerNodeSpec } from './nodes';
import { machineStatus } from './status';
import {
  CAPI_NAMESPACE,
  LABELS,
  TYPES,
  WorkloadCluster,
  managementCluster,
  names,
  workloadClusters,
} from './model';
import type { Machine, MachineDeployment } from './capiObjects';

export interface CapiClients {
  custom: CustomObjects;
  core: CoreObjects;
}

export function capiClients(ctx: SimulatorContext): CapiClients {
  const kc = kubeConfigFor(managementCluster(ctx.fleet));
  return { custom: new CustomObjects(kc), core: new CoreObjects(kc) };
}

/** Adds `owner` as controller owner unless the object has one already. */
function owned<T extends CustomObject>(
  obj: T,
  owner: CustomObject | undefined,
): T {
  if (!owner?.metadata?.uid) return obj;
  return {
    ...obj,
    metadata: { ...obj.metadata, ownerReferences: [ownerReference(owner)] },
  };
}

async function seedWorkloadCluster(
  { custom, core }: CapiClients,
  wc: WorkloadCluster,
  log: (message: string) => void,
): Promise<number> {
  let created = 0;
  const create = async (t: ResourceType, body: CustomObject) => {
    const res = await custom.createOrLeave<CustomObject>(t, body);
    if (res.created) created++;
    return res.object;
  };
  const managed = wc.clusterClass;
  if (managed)
    await create(TYPES.clusterClass, clusterClassObject(wc, managed));
  const plain = clusterObject(wc);
  const cluster = await create(
    TYPES.cluster,
    managed
      ? { ...plain, spec: { ...plain.spec, topology: topologyOf(wc, managed) } }
      : plain,
  );
  const owning = <T extends { metadata: { labels?: Record<string, string> } }>(
    object: T,
    machineDeployment?: string,
  ) => (managed ? topologyOwned(object, machineDeployment) : object);
  await create(wc.infra.cluster, owned(infraClusterObject(wc), cluster));
  const cpName = names.controlPlane(wc.name);
  await create(
    wc.infra.machineTemplate,
    owned(machineTemplateObject(wc, cpName), cluster),
  );
  const kcp = await create(
    TYPES.kubeadmControlPlane,
    owned(owning(kubeadmControlPlaneObject(wc)), cluster),
  );
  for (const md of wc.machineDeployments) {
    const name = names.machineDeployment(wc.name, md.name);
    await create(
      wc.infra.machineTemplate,
      owned(machineTemplateObject(wc, name, md), cluster),
    );
    await create(
      TYPES.kubeadmConfigTemplate,
      owned(kubeadmConfigTemplateObject(wc, name), cluster),
    );
    await create(
      TYPES.machineDeployment,
      owned(owning(machineDeploymentObject(wc, md), md.name), cluster),
    );
  }
  const secret = await core.applySecret(kubeconfigSecret(wc, kcp));
  created += await seedMachines(custom, wc, log);
  if (secret !== 'unchanged') created++;
  return created;
}

/**
 * The Machines the fleet starts with, already Running with their Nodes
 * (created on the member unless its seeding made them), so the fleet comes up
 * provisioned rather than provisioning. Scaled MachineDeployments are seeded
 * at their current replicas.
 */
async function seedMachines(
  custom: CustomObjects,
  wc: WorkloadCluster,
  log: (message: string) => void,
) {
  const nodes = MemberNodes.for(wc);
  const now = new Date();
  // Counted across the parallel creations below.
  const tally: { created: number; unreachable?: string } = { created: 0 };
  const selector = `${LABELS.clusterName}=${wc.name}`;
  const existing = await custom.list<Machine>(
    TYPES.machine,
    CAPI_NAMESPACE,
    selector,
  );
  const mds = await custom.list<MachineDeployment>(
    TYPES.machineDeployment,
    CAPI_NAMESPACE,
    selector,
  );
  for (const md of mds) {
    const mdName: string = md.metadata.name;
    const own = existing.filter(
      m => m.metadata.labels?.[LABELS.deploymentName] === mdName,
    );
    if (own.length > 0) continue;
    const indexes = Array.from({ length: md.spec?.replicas ?? 0 }, (_, i) => i);
    await Promise.all(
      indexes.map(async index => {
        const res = await custom.createOrLeave<Machine>(
          TYPES.machine,
          machineObject(wc, md, index, now),
        );
        if (!res.created) return;
        tally.created++;
        const machine = res.object!;
        try {
          const node = await nodes.createOrLeave(
            nodeObject(
              wc,
              workerNodeSpec(wc, mdName, index, machine.spec!.version!),
            ),
          );
          await custom.update<Machine>(
            TYPES.machine,
            CAPI_NAMESPACE,
            machine.metadata.name,
            m => ({
              ...m,
              status: machineStatus(m, 'Running', now, {
                name: node.metadata!.name!,
                nodeInfo: node.status?.nodeInfo,
                addresses: node.status?.addresses,
              }),
            }),
            'status',
            machine,
          );
        } catch (error) {
          // The member is down (an outage at start): the Machine controller
          // provisions it when the member answers again.
          tally.unreachable = (error as Error).message;
        }
      }),
    );
  }
  if (tally.unreachable) {
    log(`capi: ${wc.name}: Machines left provisioning: ${tally.unreachable}`);
  }
  return tally.created;
}

export async function seedClusterApi(ctx: SimulatorContext): Promise<void> {
  const clients = capiClients(ctx);
  await clients.core.ensureNamespace(CAPI_NAMESPACE);
  const clusters = workloadClusters(ctx.fleet, ctx.scenario);
  // Clusters are independent: seeded side by side.
  const written = (
    await Promise.all(
      clusters.map(wc => seedWorkloadCluster(clients, wc, ctx.log)),
    )
  ).reduce((a, b) => a + b, 0);
  ctx.log(
    `capi: ${clusters.length} workload clusters in ${CAPI_NAMESPACE} (${written} objects written)`,
  );
}
