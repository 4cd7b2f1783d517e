/**
 * Seeds every member of the fleet that the scenario describes with what its
 * own controllers and installers would have left there (see the builders):
 * Nodes, networks, fabrics, MCS exports and the workloads Karmada does not
 * propagate. Idempotent (create-or-leave), so it runs on every start.
 */
import type { SimulatorContext } from '../context';
import { kubeConfigFor, type FleetClusterDescription } from '../fleet';
import { isKarmadaWorkload, type ScenarioCluster } from '../scenario';
import { ciliumObjects } from './cilium';
import { istioObjects } from './istio';
import { MemberApis, type SeedObject } from './kube';
import { clusterPropertyObjects, serviceExportObjects } from './mcs';
import { DNS_ENDPOINTS, dnsEndpointObjects } from './externalDns';
import { kubeadmConfigObject } from './networks';
import { virtualNodeObject } from './virtualNodes';
import { workerNodeObjects } from './workers';
import { workloadObjects } from './workloads';

/** Everything one member is seeded with, in the order it is created. */
export function memberObjects(
  ctx: Pick<SimulatorContext, 'fleet' | 'scenario'>,
  member: FleetClusterDescription,
  cluster: ScenarioCluster,
): SeedObject[] {
  const fabrics = cluster.fabrics ?? [];
  const istio = fabrics.find(f => f.kind === 'istio');
  const kubeadm = kubeadmConfigObject(cluster);
  const workloads = ctx.scenario.workloads.filter(
    w => cluster.name in w.replicas && !isKarmadaWorkload(w, ctx.fleet),
  );
  return [
    ...workerNodeObjects(member, cluster),
    ...(cluster.virtualNodes ?? []).map(v => virtualNodeObject(cluster, v)),
    ...(kubeadm ? [kubeadm] : []),
    ...(istio ? istioObjects(cluster, istio, ctx.fleet) : []),
    ...ciliumObjects(
      cluster,
      fabrics.filter(f => f.kind === 'cilium-clustermesh'),
      ctx.scenario.clusters.indexOf(cluster) + 1,
    ),
    ...serviceExportObjects(cluster),
    ...workloads.flatMap(w => workloadObjects(cluster, w)),
  ];
}

/** Objects whose CRD this member may not serve: seeded only when it does. */
async function optionalObjects(
  apis: MemberApis,
  cluster: ScenarioCluster,
  log: (message: string) => void,
): Promise<SeedObject[]> {
  return [
    ...(await mcsObjects(apis, cluster, log)),
    ...(await externalDnsObjects(apis, cluster, log)),
  ];
}

/** DNSEndpoints, on the member whose FLEET entry installs their CRD. */
async function externalDnsObjects(
  apis: MemberApis,
  cluster: ScenarioCluster,
  log: (message: string) => void,
): Promise<SeedObject[]> {
  if (!cluster.dnsEndpoints?.length) return [];
  const { group, version, plural } = DNS_ENDPOINTS;
  if (await apis.serves(group, version, plural)) {
    return dnsEndpointObjects(cluster.dnsEndpoints);
  }
  log(
    `members: ${cluster.name} declares DNSEndpoints, but it does not serve ${plural}.${group} (no CRD); not seeded`,
  );
  return [];
}

async function mcsObjects(
  apis: MemberApis,
  cluster: ScenarioCluster,
  log: (message: string) => void,
): Promise<SeedObject[]> {
  const mcs = (cluster.fabrics ?? []).find(f => f.kind === 'mcs');
  if (!mcs) return [];
  if (await apis.serves('about.k8s.io', 'v1alpha1', 'clusterproperties')) {
    return clusterPropertyObjects(mcs);
  }
  log(
    `members: ${cluster.name} is declared in MCS cluster set ${mcs.clusterSet}, but it does not serve about.k8s.io ClusterProperties (no CRD); not seeded`,
  );
  return [];
}

/** Seeds one member; answers how many objects it created. */
export async function seedMember(
  ctx: Pick<SimulatorContext, 'fleet' | 'scenario' | 'log'>,
  member: FleetClusterDescription,
  cluster: ScenarioCluster,
): Promise<{ created: number; total: number }> {
  const apis = new MemberApis(kubeConfigFor(member, 'direct'));
  const objects = [
    ...memberObjects(ctx, member, cluster),
    ...(await optionalObjects(apis, cluster, ctx.log)),
  ];
  let created = 0;
  // Namespaces first (their objects need them), then the rest a few at a time.
  const namespaces = unique(objects.filter(o => o.kind === 'Namespace'));
  const rest = objects.filter(o => o.kind !== 'Namespace');
  for (const namespace of namespaces) {
    if (await apis.ensure(namespace)) created++;
  }
  for (let i = 0; i < rest.length; i += 8) {
    const results = await Promise.all(
      rest.slice(i, i + 8).map(async object => {
        try {
          return await apis.ensure(object);
        } catch (error) {
          throw new Error(
            `${object.kind} ${
              object.metadata.namespace ? `${object.metadata.namespace}/` : ''
            }${object.metadata.name}: ${(error as Error).message}`,
          );
        }
      }),
    );
    created += results.filter(Boolean).length;
  }
  return { created, total: namespaces.length + rest.length };
}

function unique(namespaces: SeedObject[]): SeedObject[] {
  const seen = new Set<string>();
  return namespaces.filter(
    n => !seen.has(n.metadata.name) && seen.add(n.metadata.name),
  );
}

/**
 * Seeds every fleet member the scenario describes. A scenario cluster that
 * is not in this fleet (FLOTILLA_FLEET_ONLY) is skipped; a member that fails
 * does not stop the others, and the seeding fails at the end naming them.
 */
export async function seedMembers(ctx: SimulatorContext): Promise<void> {
  const failures: string[] = [];
  await Promise.all(
    ctx.scenario.clusters.map(async cluster => {
      const member = ctx.fleet.clusters.find(
        c => c.name === cluster.name && c.kind === 'member',
      );
      if (!member) return;
      const started = Date.now();
      try {
        const { created, total } = await seedMember(ctx, member, cluster);
        ctx.log(
          `members: ${cluster.name}: ${created} of ${total} objects created (${
            Date.now() - started
          } ms)`,
        );
      } catch (error) {
        failures.push(`${cluster.name}: ${(error as Error).message}`);
      }
    }),
  );
  if (failures.length > 0) {
    throw new Error(`Seeding members failed: ${failures.join('; ')}`);
  }
}
