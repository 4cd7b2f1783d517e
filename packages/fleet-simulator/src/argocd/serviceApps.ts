/**
 * The demo services' own Argo CD objects (what the failover runbook's
 * GitOps pause acts on; their names are the catalog's
 * `flotilla.io/argocd-app`): a standalone Application for payments-ledger,
 * and an ApplicationSet that generates checkout-admin's Application for the
 * staging cluster and leaves its syncPolicy to the live Application
 * (`ignoreApplicationDifferences`), so a paused sync stays paused. Both sync
 * automatically. Pure builders.
 */
import { ADDONS_REPO, ARGOCD_NAMESPACE } from './model';

const SERVICES_REPO = ADDONS_REPO.replace('cluster-addons', 'services');

const automatedSync = {
  automated: { prune: true, selfHeal: true },
  syncOptions: ['CreateNamespace=true', 'ApplyOutOfSyncOnly=true'],
  retry: { limit: 5 },
};

export function serviceApplications() {
  return [
    {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: { name: 'payments-ledger', namespace: ARGOCD_NAMESPACE },
      spec: {
        project: 'default',
        source: {
          repoURL: SERVICES_REPO,
          path: 'payments-ledger/overlays/prod-eu',
          targetRevision: 'main',
        },
        destination: { name: 'prod-eu-west-aws-1', namespace: 'shop' },
        syncPolicy: automatedSync,
      },
    },
  ];
}

export function serviceApplicationSets() {
  return [
    {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'ApplicationSet',
      metadata: { name: 'checkout-admin', namespace: ARGOCD_NAMESPACE },
      spec: {
        goTemplate: true,
        goTemplateOptions: ['missingkey=error'],
        generators: [
          {
            clusters: {
              selector: {
                matchLabels: {
                  'flotilla.io/environment': 'staging',
                  'flotilla.io/region': 'eu-west',
                },
              },
            },
          },
        ],
        // The failover runbook pauses the automated sync: keep it paused.
        ignoreApplicationDifferences: [{ jsonPointers: ['/spec/syncPolicy'] }],
        template: {
          metadata: { name: 'checkout-admin' },
          spec: {
            project: 'default',
            source: {
              repoURL: SERVICES_REPO,
              path: 'checkout-admin/overlays/staging',
              targetRevision: 'main',
            },
            destination: { name: '{{.name}}', namespace: 'shop' },
            syncPolicy: automatedSync,
          },
        },
      },
    },
  ];
}
