import type {
  AddonClusterStatus,
  AddonCoverage,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import { KubernetesClient } from '@flotilla/plugin-multi-cluster-node';
import { coverageOf, FleetClusterIndex, observe } from './coverage';
import {
  ClientDeliverySource,
  DeliveryLocation,
  DeliveryRead,
  FleetGitRepoDelivery,
} from './types';

const GROUP = 'fleet.cattle.io';
const VERSION = 'v1alpha1';

/** Labels Fleet puts on a GitRepo's Bundles and copies to their BundleDeployments. */
export const FLEET_LABELS = {
  repoName: 'fleet.cattle.io/repo-name',
  commit: 'fleet.cattle.io/commit',
  bundleName: 'fleet.cattle.io/bundle-name',
  bundleNamespace: 'fleet.cattle.io/bundle-namespace',
  cluster: 'fleet.cattle.io/cluster',
  clusterNamespace: 'fleet.cattle.io/cluster-namespace',
  /** Set by Rancher on the Fleet Cluster of a Rancher-managed cluster. */
  rancherDisplayName: 'management.cattle.io/cluster-display-name',
} as const;

type Observation = Omit<AddonClusterStatus, 'cluster'>;

/** A resource named in a BundleDeployment's status. */
interface BundleResource {
  kind?: string;
  namespace?: string;
  name?: string;
  missing?: boolean;
  delete?: boolean;
  exist?: boolean;
  summary?: { state?: string; message?: unknown };
}

/** The fields of a Fleet BundleDeployment that Flotilla reads. */
export interface BundleDeployment {
  metadata?: { name?: string; labels?: Record<string, string> };
  spec?: { deploymentID?: string; paused?: boolean };
  status?: {
    ready?: boolean;
    appliedDeploymentID?: string;
    nonModified?: boolean;
    modifiedStatus?: BundleResource[];
    nonReadyStatus?: BundleResource[];
    display?: { state?: string };
  };
}

/** The fields of a Fleet GitRepo that Flotilla reads. */
interface GitRepo {
  status?: { commit?: string; display?: { error?: boolean; message?: string } };
}

/** The fields of a Fleet Cluster that Flotilla reads. */
interface FleetClusterObject {
  metadata?: { name?: string; labels?: Record<string, string> };
  status?: { apiServerURL?: string };
}

const MAX_LISTED = 3;

function listed(items: string[]): string {
  const shown = items.slice(0, MAX_LISTED).join(', ');
  return items.length > MAX_LISTED
    ? `${shown} and ${items.length - MAX_LISTED} more`
    : shown;
}

function objectName(r: BundleResource): string {
  return `${r?.kind ?? 'object'} ${r?.namespace ? `${r.namespace}/` : ''}${
    r?.name ?? ''
  }`;
}

function modification(r: BundleResource): string {
  if (r?.missing) return `${objectName(r)} missing`;
  if (r?.delete) return `${objectName(r)} not in the bundle`;
  if (r?.exist) return `${objectName(r)} owned by another bundle`;
  return `${objectName(r)} changed`;
}

function notReady(r: BundleResource): string {
  const message = r?.summary?.message;
  const messages: string[] = Array.isArray(message) ? message : [];
  const why = messages.length > 0 ? messages.join(' ') : r?.summary?.state;
  return why ? `${objectName(r)} ${why}` : objectName(r);
}

/**
 * Maps a BundleDeployment's status to an add-on state. `desiredCommit` is
 * the commit the GitRepo is at; a bundle still labelled with an older commit
 * has not caught up.
 */
export function bundleDeploymentState(
  bd: BundleDeployment,
  desiredCommit: string | undefined,
): Observation {
  const labels: Record<string, string | undefined> = bd?.metadata?.labels ?? {};
  const bundle = `bundle ${
    labels[FLEET_LABELS.bundleName] ?? bd?.metadata?.name
  }`;
  const commit: string | undefined = labels[FLEET_LABELS.commit];
  const desiredRevision = desiredCommit ?? commit;
  const status = bd?.status;
  const wanted: string | undefined = bd?.spec?.deploymentID;
  if (!status || (status.ready === undefined && !status.appliedDeploymentID)) {
    return {
      state: 'unknown',
      desiredRevision,
      message: `${bundle}: the Fleet agent has not reported a status`,
    };
  }
  if (wanted && status.appliedDeploymentID !== wanted) {
    // The commit label follows spec.deploymentID, so what runs is unknown.
    return {
      state: 'drifted',
      desiredRevision,
      message: `${bundle}: deployment ${wanted} is not applied yet (applied: ${
        status.appliedDeploymentID || 'none'
      })${bd?.spec?.paused ? '; the BundleDeployment is paused' : ''}`,
    };
  }
  const problems: string[] = [];
  if (desiredCommit && commit && commit !== desiredCommit) {
    problems.push(`at commit ${commit}, the GitRepo is at ${desiredCommit}`);
  }
  if (status.nonModified === false) {
    const changes = (status.modifiedStatus ?? []).map(modification);
    problems.push(
      `modified in the cluster${changes.length ? `: ${listed(changes)}` : ''}`,
    );
  }
  if (status.ready === false) {
    const reasons = (status.nonReadyStatus ?? []).map(notReady);
    const state = status.display?.state ? ` (${status.display.state})` : '';
    problems.push(
      `not ready${state}${reasons.length ? `: ${listed(reasons)}` : ''}`,
    );
  }
  if (problems.length > 0) {
    return {
      state: 'drifted',
      revision: commit,
      desiredRevision,
      message: `${bundle}: ${problems.join('; ')}`,
    };
  }
  if (status.ready === true) {
    return { state: 'in-sync', revision: commit, desiredRevision };
  }
  return {
    state: 'unknown',
    revision: commit,
    desiredRevision,
    message: `${bundle}: readiness not reported`,
  };
}

/**
 * An add-on delivered by a Rancher Fleet GitRepo. Its BundleDeployments
 * (one per bundle and target cluster, labelled with the repo name and the
 * bundle namespace) are the per-cluster deliveries.
 *
 * A Fleet cluster maps to the fleet cluster named by its Rancher display
 * name label (`management.cattle.io/cluster-display-name`), else to the
 * fleet cluster of the same name, else to the one whose API server URL is
 * the Fleet Cluster's `status.apiServerURL`.
 */
export class FleetGitRepoSource extends ClientDeliverySource<FleetGitRepoDelivery> {
  readonly delivery = 'fleet-gitrepo' as const;

  protected locate(delivery: FleetGitRepoDelivery): DeliveryLocation {
    return {
      ref: { kind: 'cluster', name: delivery.cluster },
      source: `GitRepo ${delivery.namespace}/${delivery.name} on ${delivery.cluster}`,
      unreachable: `cannot reach Fleet management cluster '${delivery.cluster}' (unknown cluster or no credentials)`,
    };
  }

  protected async read(
    request: DeliveryRead<FleetGitRepoDelivery>,
  ): Promise<AddonCoverage> {
    const { addon, delivery, fleet, client, source, opts } = request;
    const gitRepo = await client.getCustomObject<GitRepo>(
      {
        group: GROUP,
        version: VERSION,
        plural: 'gitrepos',
        namespace: delivery.namespace,
        name: delivery.name,
      },
      opts,
    );
    const desiredCommit: string | undefined =
      gitRepo?.status?.commit || undefined;
    // BundleDeployments live in per-cluster namespaces, so list them all.
    const deployments = await client.listCustomObjects<BundleDeployment>(
      {
        group: GROUP,
        version: VERSION,
        plural: 'bundledeployments',
        labelSelector: `${FLEET_LABELS.repoName}=${delivery.name},${FLEET_LABELS.bundleNamespace}=${delivery.namespace}`,
      },
      opts,
    );
    const { resolve, note } = await this.clusterMapping(
      client,
      delivery,
      fleet,
      opts,
    );
    const observed = new Map<string, Observation[]>();
    for (const bd of deployments.items ?? []) {
      const fleetName = bd?.metadata?.labels?.[FLEET_LABELS.cluster];
      const cluster = fleetName ? resolve(fleetName) : undefined;
      if (cluster) {
        observe(
          observed,
          cluster.name,
          bundleDeploymentState(bd, desiredCommit),
        );
      }
    }
    const gitRepoProblem = gitRepo?.status?.display?.error
      ? ` (GitRepo: ${gitRepo.status.display.message})`
      : '';
    return coverageOf(addon, source, fleet, observed, {
      desiredRevision: desiredCommit,
      message: `no BundleDeployment of ${source} targets this cluster${gitRepoProblem}${note}`,
    });
  }

  private async clusterMapping(
    client: KubernetesClient,
    delivery: FleetGitRepoDelivery,
    fleet: FleetCluster[],
    opts: { signal?: AbortSignal },
  ): Promise<{
    resolve: (fleetClusterName: string) => FleetCluster | undefined;
    note: string;
  }> {
    const index = new FleetClusterIndex(fleet);
    const fleetClusters = new Map<string | undefined, FleetClusterObject>();
    let note = '';
    try {
      const list = await client.listCustomObjects<FleetClusterObject>(
        {
          group: GROUP,
          version: VERSION,
          plural: 'clusters',
          namespace: delivery.namespace,
        },
        opts,
      );
      for (const c of list.items ?? []) {
        fleetClusters.set(c?.metadata?.name, c);
      }
    } catch (error) {
      // Names still map one to one; say so where it matters.
      note = `; Fleet clusters could not be listed (${
        (error as Error).message
      }), so they were matched by name only`;
    }
    return {
      note,
      resolve: name => {
        const c = fleetClusters.get(name);
        return (
          index.byClusterName(
            c?.metadata?.labels?.[FLEET_LABELS.rancherDisplayName],
          ) ??
          index.byClusterName(name) ??
          index.byApiServer(c?.status?.apiServerURL)
        );
      },
    };
  }
}
