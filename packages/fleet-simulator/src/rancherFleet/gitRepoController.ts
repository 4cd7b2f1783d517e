/**
 * Fleet's GitRepo and Bundle controllers: a GitRepo is at its pinned
 * `spec.revision` or else at the scenario's desired commit (what the git
 * job would find on the branch); each path is a Bundle at that commit; each
 * cluster its targets select (ClusterGroup or cluster selector) gets a
 * BundleDeployment in its cluster namespace, labelled as Fleet labels them.
 * A cluster the scenario says is held at an older commit keeps a
 * BundleDeployment of that commit (a rollout partition not yet released).
 * BundleDeployments of clusters no longer targeted are deleted. The GitRepo
 * reports its ready clusters.
 */
import type { Stoppable } from '../context';
import { runReconcileLoop } from '../capi/kube';
import { deepEqual } from '../capi/status';
import { matchesLabelSelector } from '@flotilla/plugin-multi-cluster-common';
import type { FleetRuntime } from './runtime';
import type { ScenarioAddon } from '../scenario';
import type { LabelSelectorLike } from '@flotilla/plugin-multi-cluster-common';
import type {
  Bundle,
  BundleDeployment,
  ClusterGroup,
  FleetCluster,
  GitRepo,
  GitRepoTarget,
  Targetable,
} from './fleetObjects';
import {
  FLEET_LABELS,
  FLEET_TYPES,
  bundleName,
  deploymentId,
  fleetAddons,
  gitRepoRef,
} from './model';

/** The Fleet Clusters a GitRepo's targets select. */
export function targetedFleetClusters<C extends Targetable>(
  gitRepo: { spec?: { targets?: GitRepoTarget[] } },
  clusters: C[],
  groups: Array<Targetable & { spec?: { selector?: LabelSelectorLike } }>,
): C[] {
  const targets = gitRepo.spec?.targets ?? [];
  return clusters.filter(cluster =>
    targets.some(t => {
      const labels = cluster.metadata.labels ?? {};
      if (t.clusterName && t.clusterName !== cluster.metadata.name)
        return false;
      if (
        t.clusterSelector &&
        !matchesLabelSelector(labels, t.clusterSelector)
      ) {
        return false;
      }
      if (t.clusterGroup) {
        const group = groups.find(g => g.metadata.name === t.clusterGroup);
        if (!group || !matchesLabelSelector(labels, group.spec?.selector)) {
          return false;
        }
      }
      return Boolean(t.clusterName || t.clusterSelector || t.clusterGroup);
    }),
  );
}

type Custom = FleetRuntime['custom'];

/** What one pass listed. */
interface Listed {
  bundles: Bundle[];
  deployments: BundleDeployment[];
  clusters: FleetCluster[];
  groups: ClusterGroup[];
}

/** One GitRepo in a pass: where it is, and the commit it is at. */
interface RepoPass {
  custom: Custom;
  listed: Listed;
  gitRepo: GitRepo;
  namespace: string;
  repo: string;
  commit: string;
  addon: ScenarioAddon | undefined;
}

/** The path's Bundle at the GitRepo's commit; answers its name. */
async function syncBundle(pass: RepoPass, path: string): Promise<string> {
  const { custom, namespace, repo, commit, gitRepo } = pass;
  const name = bundleName(repo, path);
  const bundleLabels = {
    [FLEET_LABELS.repoName]: repo,
    [FLEET_LABELS.commit]: commit,
  };
  const bundle = pass.listed.bundles.find(
    b => b.metadata.namespace === namespace && b.metadata.name === name,
  );
  const bundleSpec = {
    targets: gitRepo.spec?.targets ?? [],
    resources: [],
  };
  if (!bundle) {
    await custom.createOrLeave(FLEET_TYPES.bundle, {
      apiVersion: 'fleet.cattle.io/v1alpha1',
      kind: 'Bundle',
      metadata: { name, namespace, labels: bundleLabels },
      spec: bundleSpec,
    });
  } else if (bundle.metadata.labels?.[FLEET_LABELS.commit] !== commit) {
    await custom.update<Bundle>(
      FLEET_TYPES.bundle,
      namespace,
      name,
      b => ({
        ...b,
        metadata: {
          ...b.metadata,
          labels: { ...b.metadata.labels, ...bundleLabels },
        },
        spec: bundleSpec,
      }),
      'main',
      bundle,
    );
  }
  return name;
}

/**
 * The Bundle's BundleDeployment in the cluster's namespace; answers its
 * `namespace/name` (undefined while the cluster has no namespace) and
 * whether it was ready at the desired deployment.
 */
async function syncBundleDeployment(
  pass: RepoPass,
  name: string,
  cluster: FleetCluster,
): Promise<{ key?: string; ready: boolean }> {
  const { custom, namespace, repo, commit, addon } = pass;
  const clusterNs: string | undefined = cluster.status?.namespace;
  if (!clusterNs) return { ready: false };
  const member =
    cluster.metadata.labels?.[FLEET_LABELS.rancherDisplayName] ??
    cluster.metadata.name;
  const held = addon?.clusters[member];
  // Held back at an older commit by the scenario, else the GitRepo's.
  const bdCommit =
    held?.state === 'drifted' && held.revision && held.revision !== commit
      ? held.revision
      : commit;
  const labels = {
    [FLEET_LABELS.bundleName]: name,
    [FLEET_LABELS.bundleNamespace]: namespace,
    [FLEET_LABELS.repoName]: repo,
    [FLEET_LABELS.commit]: bdCommit,
    [FLEET_LABELS.cluster]: cluster.metadata.name,
    [FLEET_LABELS.clusterNamespace]: namespace,
  };
  const spec = {
    deploymentID: deploymentId(bdCommit, name),
    options: {},
  };
  const key = `${clusterNs}/${name}`;
  const current = pass.listed.deployments.find(
    d => d.metadata.namespace === clusterNs && d.metadata.name === name,
  );
  if (!current) {
    await custom.createOrLeave(FLEET_TYPES.bundleDeployment, {
      apiVersion: 'fleet.cattle.io/v1alpha1',
      kind: 'BundleDeployment',
      metadata: { name, namespace: clusterNs, labels },
      spec,
    });
    return { key, ready: false };
  }
  const ready = Boolean(
    current.status?.ready &&
      current.status?.appliedDeploymentID === current.spec?.deploymentID,
  );
  if (
    !deepEqual(current.spec, spec) ||
    Object.entries(labels).some(([k, v]) => current.metadata.labels?.[k] !== v)
  ) {
    await custom.update<BundleDeployment>(
      FLEET_TYPES.bundleDeployment,
      clusterNs,
      name,
      d => ({
        ...d,
        metadata: {
          ...d.metadata,
          labels: { ...d.metadata.labels, ...labels },
        },
        spec,
      }),
      'main',
      current,
    );
  }
  return { key, ready };
}

/** Deletes the GitRepo's BundleDeployments of clusters no longer targeted. */
async function deleteUntargeted(pass: RepoPass, wanted: Set<string>) {
  for (const d of pass.listed.deployments) {
    const labels = d.metadata.labels ?? {};
    if (
      labels[FLEET_LABELS.repoName] === pass.repo &&
      labels[FLEET_LABELS.bundleNamespace] === pass.namespace &&
      !wanted.has(`${d.metadata.namespace}/${d.metadata.name}`)
    ) {
      await pass.custom.delete(
        FLEET_TYPES.bundleDeployment,
        d.metadata.namespace!,
        d.metadata.name,
      );
    }
  }
}

/** The GitRepo's status: its commit and its ready clusters. */
async function writeGitRepoStatus(
  pass: RepoPass,
  ready: number,
  targeted: number,
) {
  const desiredReady = targeted * (pass.gitRepo.spec?.paths ?? ['.']).length;
  await pass.custom.update<GitRepo>(
    FLEET_TYPES.gitRepo,
    pass.namespace,
    pass.repo,
    current => {
      const status = {
        ...(current.status ?? {}),
        commit: pass.commit,
        observedGeneration: current.metadata.generation,
        readyClusters: Math.min(ready, targeted),
        desiredReadyClusters: targeted,
        display: {
          ...(current.status?.display ?? {}),
          readyBundleDeployments: `${ready}/${desiredReady}`,
          state: ready === desiredReady ? 'Active' : 'NotReady',
        },
      };
      return deepEqual(current.status, status)
        ? undefined
        : { ...current, status };
    },
    'status',
    pass.gitRepo,
  );
}

async function reconcileGitRepo(pass: RepoPass) {
  const { gitRepo, namespace, listed } = pass;
  const targeted = targetedFleetClusters(
    gitRepo,
    listed.clusters.filter(c => c.metadata.namespace === namespace),
    listed.groups.filter(g => g.metadata.namespace === namespace),
  );
  const wanted = new Set<string>();
  let ready = 0;
  for (const path of gitRepo.spec?.paths ?? ['.']) {
    const name = await syncBundle(pass, path);
    for (const cluster of targeted) {
      const deployed = await syncBundleDeployment(pass, name, cluster);
      if (deployed.key) wanted.add(deployed.key);
      if (deployed.ready) ready++;
    }
  }
  await deleteUntargeted(pass, wanted);
  await writeGitRepoStatus(pass, ready, targeted.length);
}

export async function reconcileGitRepos(rt: FleetRuntime, now = new Date()) {
  const { custom } = rt;
  const addons = fleetAddons(rt.ctx.scenario.addons);
  const [gitRepos, bundles, deployments, clusters, groups] = await Promise.all([
    custom.list<GitRepo>(FLEET_TYPES.gitRepo),
    custom.list<Bundle>(FLEET_TYPES.bundle),
    custom.list<BundleDeployment>(FLEET_TYPES.bundleDeployment),
    custom.list<FleetCluster>(FLEET_TYPES.cluster),
    custom.list<ClusterGroup>(FLEET_TYPES.clusterGroup),
  ]);
  const listed = { bundles, deployments, clusters, groups };
  for (const gitRepo of gitRepos) {
    const namespace = gitRepo.metadata.namespace!;
    const repo: string = gitRepo.metadata.name;
    const addon = addons.find(a => {
      const ref = gitRepoRef(a);
      return ref.name === repo && ref.namespace === namespace;
    });
    const commit: string =
      gitRepo.spec?.revision ??
      addon?.desiredRevision ??
      gitRepo.status?.commit ??
      'HEAD';
    await reconcileGitRepo({
      custom,
      listed,
      gitRepo,
      namespace,
      repo,
      commit,
      addon,
    });
  }
  void now;
}

export function startGitRepoController(rt: FleetRuntime): Stoppable {
  return runReconcileLoop({
    name: 'fleet gitrepos',
    kc: rt.custom.kc,
    watchPaths: [
      '/apis/fleet.cattle.io/v1alpha1/gitrepos',
      '/apis/fleet.cattle.io/v1alpha1/clusters',
      '/apis/fleet.cattle.io/v1alpha1/clustergroups',
      '/apis/fleet.cattle.io/v1alpha1/bundledeployments',
    ],
    reconcile: async () => {
      await reconcileGitRepos(rt);
      return undefined;
    },
    log: rt.ctx.log,
    signal: rt.ctx.signal,
  });
}
