/**
 * Seeds Rancher Fleet on the `capi` management cluster: the workspace(s)
 * the scenario's GitRepos live in, every member as a Fleet Cluster there
 * (with its cluster namespace), and per `fleet-gitrepo` add-on its
 * ClusterGroup and GitRepo. Bundles and BundleDeployments are the
 * controllers' (startRancherFleet). Create-or-leave.
 */
import type { SimulatorContext } from '../context';
import { kubeConfigFor } from '../fleet';
import { CoreObjects, CustomObjects } from '../capi/kube';
import { managementCluster } from '../capi/model';
import { deepEqual } from '../capi/status';
import {
  FLEET_TYPES,
  FLEET_WORKSPACE,
  clusterGroupObject,
  clusterNamespace,
  fleetAddons,
  fleetClusterObject,
  gitRepoObject,
  gitRepoRef,
} from './model';
import type { FleetCluster } from './fleetObjects';

export async function seedRancherFleet(ctx: SimulatorContext): Promise<void> {
  const kc = kubeConfigFor(managementCluster(ctx.fleet));
  const core = new CoreObjects(kc);
  const custom = new CustomObjects(kc);
  const addons = fleetAddons(ctx.scenario.addons);
  const workspaces = new Set([
    FLEET_WORKSPACE,
    ...addons.map(a => gitRepoRef(a).namespace),
  ]);
  const members = ctx.fleet.clusters.filter(c => c.kind === 'member');
  for (const workspace of workspaces) {
    await core.ensureNamespace(workspace);
    // Members are independent: registered side by side.
    await Promise.all(
      members.map(async member => {
        const created = await custom.createOrLeave<FleetCluster>(
          FLEET_TYPES.cluster,
          fleetClusterObject(member, workspace, addons),
        );
        const object = created.object!;
        const namespace = clusterNamespace(workspace, object.metadata.name);
        await core.ensureNamespace(namespace, {
          'fleet.cattle.io/managed': 'true',
        });
        // What Fleet's cluster controller and the agent report of a registered cluster.
        await custom.update<FleetCluster>(
          FLEET_TYPES.cluster,
          workspace,
          object.metadata.name,
          c => {
            const status = {
              ...(c.status ?? {}),
              namespace,
              apiServerURL: member.publicUrl,
              agent: { namespace: 'cattle-fleet-system' },
            };
            return deepEqual(c.status, status) ? undefined : { ...c, status };
          },
          'status',
          object,
        );
      }),
    );
  }
  for (const addon of addons) {
    await custom.createOrLeave(
      FLEET_TYPES.clusterGroup,
      clusterGroupObject(addon),
    );
    await custom.createOrLeave(FLEET_TYPES.gitRepo, gitRepoObject(addon));
  }
  ctx.log(
    `rancher fleet: ${members.length} clusters, ${addons.length} GitRepos in ${[
      ...workspaces,
    ].join(', ')}`,
  );
}
