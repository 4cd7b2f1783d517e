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
    const targeted = targetedFleetClusters(
      gitRepo,
      clusters.filter(c => c.metadata.namespace === namespace),
      groups.filter(g => g.metadata.namespace === namespace),
    );
    const wanted = new Set<string>();
    let ready = 0;
    for (const path of gitRepo.spec?.paths ?? ['.']) {
      const name = bundleName(repo, path);
      const bundleLabels = {
        [FLEET_LABELS.repoName]: repo,
        [FLEET_LABELS.commit]: commit,
      };
      const bundle = bundles.find(
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
      for (const cluster of targeted) {
        const clusterNs: string | undefined = cluster.status?.namespace;
        if (!clusterNs) continue;
        const member =
          cluster.metadata.labels?.[FLEET_LABELS.rancherDisplayName] ??
          cluster.metadata.name;
        const held = addon?.clusters[member];
        // Held back at an older commit by the scenario, else the GitRepo's.
        const bdCommit =
          held?.state === 'drifted' && held.revision && held.revision !== commit
            ? held.revision
            : commit;
        wanted.add(`${clusterNs}/${name}`);
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
        const current = deployments.find(
          d => d.metadata.namespace === clusterNs && d.metadata.name === name,
        );
        if (!current) {
          await custom.createOrLeave(FLEET_TYPES.bundleDeployment, {
            apiVersion: 'fleet.cattle.io/v1alpha1',
            kind: 'BundleDeployment',
            metadata: { name, namespace: clusterNs, labels },
            spec,
          });
        } else {
          if (
            current.status?.ready &&
            current.status?.appliedDeploymentID === current.spec?.deploymentID
          )
            ready++;
          if (
            !deepEqual(current.spec, spec) ||
            Object.entries(labels).some(
              ([k, v]) => current.metadata.labels?.[k] !== v,
            )
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
        }
      }
    }
    for (const d of deployments) {
      const labels = d.metadata.labels ?? {};
      if (
        labels[FLEET_LABELS.repoName] === repo &&
        labels[FLEET_LABELS.bundleNamespace] === namespace &&
        !wanted.has(`${d.metadata.namespace}/${d.metadata.name}`)
      ) {
        await custom.delete(
          FLEET_TYPES.bundleDeployment,
          d.metadata.namespace!,
          d.metadata.name,
        );
      }
    }
    const desiredReady =
      targeted.length * (gitRepo.spec?.paths ?? ['.']).length;
    await custom.update<GitRepo>(
      FLEET_TYPES.gitRepo,
      namespace,
      repo,
      current => {
        const status = {
          ...(current.status ?? {}),
          commit,
          observedGeneration: current.metadata.generation,
          readyClusters: Math.min(ready, targeted.length),
          desiredReadyClusters: targeted.length,
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
      gitRepo,
    );
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
