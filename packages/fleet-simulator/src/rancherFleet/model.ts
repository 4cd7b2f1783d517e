/**
 * Rancher Fleet on the `capi` management cluster, as Rancher runs it: the
 * members registered as Fleet Clusters in the `fleet-default` workspace
 * (named `c-xxxxx`, with Rancher's display-name label), each with its own
 * cluster namespace; one GitRepo per `fleet-gitrepo` add-on targeting a
 * ClusterGroup; its Bundle and one BundleDeployment per targeted cluster.
 * Pure builders and the agent's status for a scenario state.
 */
import type { FleetClusterDescription } from '../fleet';
import type { AddonState, ScenarioAddon } from '../scenario';
import type { ResourceType } from '../capi/kube';
import { stableId } from '../capi/builders';
import { addonLabel, sourceRef, targetedClusters } from '../argocd/model';
import type { AddonClusterState } from '../argocd/applications';
import type { BundleDeploymentStatus } from './fleetObjects';

export const FLEET_WORKSPACE = 'fleet-default';

export const FLEET_LABELS = {
  repoName: 'fleet.cattle.io/repo-name',
  commit: 'fleet.cattle.io/commit',
  bundleName: 'fleet.cattle.io/bundle-name',
  bundleNamespace: 'fleet.cattle.io/bundle-namespace',
  cluster: 'fleet.cattle.io/cluster',
  clusterNamespace: 'fleet.cattle.io/cluster-namespace',
  rancherDisplayName: 'management.cattle.io/cluster-display-name',
} as const;

const fleet = (plural: string, kind: string): ResourceType => ({
  group: 'fleet.cattle.io',
  version: 'v1alpha1',
  plural,
  kind,
});

export const FLEET_TYPES = {
  gitRepo: fleet('gitrepos', 'GitRepo'),
  bundle: fleet('bundles', 'Bundle'),
  bundleDeployment: fleet('bundledeployments', 'BundleDeployment'),
  cluster: fleet('clusters', 'Cluster'),
  clusterGroup: fleet('clustergroups', 'ClusterGroup'),
};

export const FLEET_REPO = 'https://github.com/flotilla-demo/fleet-addons.git';

/** Rancher names downstream clusters `c-xxxxx`. */
export const fleetClusterName = (member: string) => `c-${stableId(member, 5)}`;

/** Fleet's per-cluster namespace, where that cluster's BundleDeployments live. */
export const clusterNamespace = (workspace: string, name: string) =>
  `cluster-${workspace}-${name}-${stableId(`${workspace}/${name}`, 12)}`;

export function fleetAddons(addons: ScenarioAddon[]) {
  return addons.filter(a => a.delivery === 'fleet-gitrepo');
}

export const gitRepoRef = (addon: ScenarioAddon) =>
  sourceRef(addon, FLEET_WORKSPACE);

export function fleetClusterObject(
  member: FleetClusterDescription,
  workspace: string,
  addons: ScenarioAddon[],
) {
  const labels: Record<string, string> = {
    [FLEET_LABELS.rancherDisplayName]: member.name,
    'flotilla.io/environment': member.name.split('-')[0],
    ...(member.region ? { 'flotilla.io/region': member.region } : {}),
    ...(member.provider ? { 'flotilla.io/provider': member.provider } : {}),
  };
  for (const addon of addons) {
    if (
      gitRepoRef(addon).namespace === workspace &&
      targetedClusters(addon).includes(member.name)
    ) {
      labels[addonLabel(addon.name)] = 'enabled';
    }
  }
  const name = fleetClusterName(member.name);
  return {
    apiVersion: 'fleet.cattle.io/v1alpha1',
    kind: 'Cluster',
    metadata: { name, namespace: workspace, labels },
    spec: {
      kubeConfigSecret: `${name}-kubeconfig`,
      kubeConfigSecretNamespace: workspace,
      agentNamespace: 'cattle-fleet-system',
    },
  };
}

export function clusterGroupObject(addon: ScenarioAddon) {
  const { namespace, name } = gitRepoRef(addon);
  return {
    apiVersion: 'fleet.cattle.io/v1alpha1',
    kind: 'ClusterGroup',
    metadata: { name, namespace },
    spec: {
      selector: { matchLabels: { [addonLabel(addon.name)]: 'enabled' } },
    },
  };
}

export function gitRepoObject(addon: ScenarioAddon) {
  const { namespace, name } = gitRepoRef(addon);
  return {
    apiVersion: 'fleet.cattle.io/v1alpha1',
    kind: 'GitRepo',
    metadata: { name, namespace },
    spec: {
      repo: FLEET_REPO,
      branch: 'main',
      paths: [`addons/${addon.name}`],
      targets: [{ name: 'targeted', clusterGroup: name }],
    },
  };
}

/** Fleet names a bundle after its GitRepo and path. */
export const bundleName = (gitRepo: string, path: string) =>
  `${gitRepo}-${path
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')}`.toLowerCase();

export const deploymentId = (commit: string, bundle: string) =>
  `s-${stableId(`${bundle}@${commit}`, 40)}:${stableId(bundle, 64)}`;

/** A Kubernetes object named in a scenario message, e.g. `Deployment monitoring/prometheus-operator`. */
export function objectInMessage(message: string | undefined) {
  const m =
    /\b([A-Z][A-Za-z]+) ([a-z0-9][a-z0-9.-]*)\/([a-z0-9][a-z0-9.-]*)/.exec(
      message ?? '',
    );
  return m ? { kind: m[1], namespace: m[2], name: m[3] } : undefined;
}

/** The BundleDeployment fields the agent's status names. */
interface AgentStatusInput {
  metadata: { name: string; labels?: Record<string, string> };
  spec?: { deploymentID?: string };
}

/**
 * What the Fleet agent reports for a BundleDeployment, for the scenario's
 * state of the add-on on that cluster: undefined when the agent has not
 * reported (unknown), modified resources when drifted at the desired commit
 * (a drift held at an older commit shows in the commit label instead),
 * otherwise applied and ready.
 */
export function agentStatus(
  bd: AgentStatusInput,
  state: AddonClusterState & { state: Exclude<AddonState, 'unknown'> },
  desiredCommit: string | undefined,
  now: Date,
): BundleDeploymentStatus;
export function agentStatus(
  bd: AgentStatusInput,
  state: AddonClusterState | undefined,
  desiredCommit: string | undefined,
  now: Date,
): BundleDeploymentStatus | undefined;
export function agentStatus(
  bd: AgentStatusInput,
  state: AddonClusterState | undefined,
  desiredCommit: string | undefined,
  now: Date,
): BundleDeploymentStatus | undefined {
  if (state?.state === 'unknown') return undefined;
  const at = `${now.toISOString().slice(0, 19)}Z`;
  const condition = (type: string, ok: boolean, message = '') => ({
    type,
    status: ok ? 'True' : 'False',
    lastUpdateTime: at,
    ...(message ? { message } : {}),
  });
  const modified =
    state?.state === 'drifted' &&
    (!state.revision || !desiredCommit || state.revision === desiredCommit);
  const object = objectInMessage(state?.message);
  return {
    appliedDeploymentID: bd.spec!.deploymentID,
    ready: true,
    nonModified: !modified,
    ...(modified
      ? {
          modifiedStatus: [
            {
              apiVersion: object?.kind === 'Deployment' ? 'apps/v1' : 'v1',
              kind: object?.kind ?? 'ConfigMap',
              namespace: object?.namespace ?? 'default',
              name: object?.name ?? bd.metadata.name,
              patch: '{"spec":{"replicas":3}}',
            },
          ],
        }
      : {}),
    display: {
      deployed: 'True',
      monitored: 'True',
      state: modified ? 'Modified' : 'Ready',
    },
    conditions: [
      condition('Installed', true),
      condition('Deployed', true),
      condition('Ready', true),
      condition('Monitored', true),
    ],
    release: `${bd.metadata.labels?.[FLEET_LABELS.bundleNamespace]}/${
      bd.metadata.name
    }`,
  };
}
