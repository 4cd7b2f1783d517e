/**
 * Argo CD on the `capi` management cluster: its types, the cluster Secrets it
 * reaches members with, and the ApplicationSets (cluster generator) that
 * deliver the scenario's `argocd-applicationset` add-ons. Pure builders.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FleetClusterDescription } from '../fleet';
import type { ScenarioAddon } from '../scenario';
import type { ResourceType } from '../capi/kube';

export const ARGOCD_NAMESPACE = 'argocd';
export const SECRET_TYPE_LABEL = 'argocd.argoproj.io/secret-type';
/** A cluster Secret carrying this label set to `enabled` is targeted by the add-on's ApplicationSet. */
export const addonLabel = (addon: string) => `addons.flotilla.io/${addon}`;

const argo = (plural: string, kind: string): ResourceType => ({
  group: 'argoproj.io',
  version: 'v1alpha1',
  plural,
  kind,
});

export const ARGO_TYPES = {
  application: argo('applications', 'Application'),
  applicationSet: argo('applicationsets', 'ApplicationSet'),
  appProject: argo('appprojects', 'AppProject'),
};

/** `namespace/name` of an add-on's source, the namespace defaulting to `fallback`. */
export function sourceRef(
  addon: Pick<ScenarioAddon, 'source' | 'name'>,
  fallback: string,
): { namespace: string; name: string } {
  const [a, b] = addon.source.split('/');
  return b
    ? { namespace: a, name: b }
    : { namespace: fallback, name: a || addon.name };
}

/** The Git repository the demo add-ons come from (nothing clones it). */
export const ADDONS_REPO =
  'https://github.com/flotilla-demo/cluster-addons.git';

/** Clusters an add-on is delivered to: every one the scenario lists, except where it is missing. */
export function targetedClusters(addon: ScenarioAddon): string[] {
  return Object.entries(addon.clusters)
    .filter(([, s]) => s.state !== 'missing')
    .map(([name]) => name);
}

/** Argo CD's declarative cluster Secret for a member, reached at its public address. */
export function clusterSecret(
  member: FleetClusterDescription,
  addons: ScenarioAddon[],
) {
  const ca = fs.readFileSync(path.join(member.pkiDir, 'ca.crt'));
  const labels: Record<string, string> = {
    [SECRET_TYPE_LABEL]: 'cluster',
    ...(member.region ? { 'flotilla.io/region': member.region } : {}),
    ...(member.provider ? { 'flotilla.io/provider': member.provider } : {}),
    'flotilla.io/environment': member.name.split('-')[0],
  };
  for (const addon of addons) {
    if (targetedClusters(addon).includes(member.name)) {
      labels[addonLabel(addon.name)] = 'enabled';
    }
  }
  return {
    metadata: {
      name: `cluster-${member.name}`,
      namespace: ARGOCD_NAMESPACE,
      labels,
    },
    type: 'Opaque',
    stringData: {
      name: member.name,
      server: member.publicUrl,
      config: JSON.stringify({
        bearerToken: member.tokens.admin,
        tlsClientConfig: { insecure: false, caData: ca.toString('base64') },
      }),
    },
  };
}

/** An add-on's ApplicationSet: one Application per cluster Secret labelled for it. */
export function applicationSetObject(addon: ScenarioAddon) {
  const { namespace, name } = sourceRef(addon, ARGOCD_NAMESPACE);
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name, namespace },
    spec: {
      goTemplate: true,
      goTemplateOptions: ['missingkey=error'],
      generators: [
        {
          clusters: {
            selector: { matchLabels: { [addonLabel(addon.name)]: 'enabled' } },
          },
        },
      ],
      template: {
        metadata: {
          name: `${addon.name}-{{.name}}`,
          labels: { 'flotilla.io/addon': addon.name },
        },
        spec: {
          project: 'default',
          source: {
            repoURL: ADDONS_REPO,
            path: `addons/${addon.name}`,
            targetRevision: addon.desiredRevision ?? 'HEAD',
          },
          destination: { name: '{{.name}}', namespace: addon.name },
          syncPolicy: {
            automated: { prune: true, selfHeal: true },
            syncOptions: ['CreateNamespace=true'],
          },
        },
      },
    },
  };
}

export function appProjectObject() {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'AppProject',
    metadata: { name: 'default', namespace: ARGOCD_NAMESPACE },
    spec: {
      sourceRepos: ['*'],
      destinations: [{ namespace: '*', server: '*' }],
      clusterResourceWhitelist: [{ group: '*', kind: '*' }],
    },
  };
}
