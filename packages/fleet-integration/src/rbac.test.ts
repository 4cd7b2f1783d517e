/**
 * Least privilege, proven on the real API servers with the roles shipped in
 * deploy/rbac (the fleet binds them to the backend's identity):
 *
 * 1. Nothing the backend asked for during the whole suite was forbidden:
 *    every request in the API servers' audit logs made as the backend's
 *    identity (directly, or impersonated by Karmada's cluster proxy) was
 *    allowed. (This file runs last: see testSequencer.js.)
 * 2. Every rule is needed: with any one rule removed, the feature that
 *    needs it reports a clear "forbidden" finding naming the resource (not
 *    a crash, not a silent empty list), and recovers when it is restored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { KubernetesObjectApi } from '@kubernetes/client-node';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from './harness/backend';
import { BACKEND_USER } from './harness/concurrentWriter';
import { auditEvents, finishedRun } from './harness/failover';
import { eventually, PermanentError } from '@flotilla/test-kit';
import { adminClients, clusterNamed } from './harness/fleet';
import { useBackend } from './harness/suite';

jest.setTimeout(1_800_000);

const RBAC_DIR = path.join(REPO_ROOT, 'deploy', 'rbac');
/** Which clusters each file's roles are bound on. */
const FILES: Record<string, string[]> = {
  'member-cluster.yaml': ['member'],
  'karmada-control-plane.yaml': ['karmada'],
  'cluster-api-management.yaml': ['capi'],
};

// Signed in as a member of team-checkout, which may fail over its services.
const { fleet, backend } = useBackend({
  name: 'rbac',
  port: 7137,
  guestUser: 'user:default/guest',
  config: {
    // Findings follow a rule change within seconds.
    multiCluster: {
      refresh: { frequency: { seconds: 3 } },
      // A revoked read of a kubeconfig Secret shows within seconds.
      timeouts: { kubeconfigMaxAge: { seconds: 2 } },
      failover: { timeScale: 0.05 },
    },
  },
});

// Signed in as a member of the platform team, which may scale, upgrade and
// delete clusters (with the permission policy, before any Kubernetes call).
const { backend: platformBackend } = useBackend({
  name: 'rbac-platform',
  port: 7138,
});

interface Rule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
}
interface Role {
  file: string;
  kind: 'ClusterRole' | 'Role';
  metadata: { name: string; namespace?: string };
  rules: Rule[];
}

function shippedRoles(): Role[] {
  return Object.keys(FILES).flatMap(file =>
    parseAllDocuments(fs.readFileSync(path.join(RBAC_DIR, file), 'utf8'))
      .map(doc => doc.toJSON())
      .filter(o => o?.kind === 'ClusterRole' || o?.kind === 'Role')
      .map(o => ({ ...o, file })),
  );
}

const ruleId = (role: Role, rule: Rule) =>
  `${role.metadata.name} ${rule.apiGroups
    .map(g => g || 'core')
    .join(',')}/${rule.resources.join(',')}`;

/** Replaces a role on a cluster, as the fleet's operator. */
async function putRole(cluster: string, role: Role, rules: Rule[]) {
  const api = KubernetesObjectApi.makeApiClient(
    adminClients(clusterNamed(fleet, cluster)).kubeConfig,
  );
  const { file: _file, ...object } = role;
  await api.replace({
    ...object,
    apiVersion: 'rbac.authorization.k8s.io/v1',
    rules,
  } as any);
}

/** What the backend reports, as one text to search for a finding. */
const report = {
  cluster: async (name: string) =>
    JSON.stringify(
      await backend().ok('GET', `/api/multi-cluster/clusters/${name}`),
    ),
  placement: async (entity: string) =>
    JSON.stringify(
      (
        await backend().ok(
          'GET',
          `/api/multi-cluster/entities/component/default/${entity}/placement`,
        )
      ).errors,
    ),
  addons: async () =>
    JSON.stringify(await backend().ok('GET', '/api/multi-cluster/addons')),
  /**
   * A planned failover's outcome: its error, or nothing when it succeeded
   * (then rolled back). With `rollBackFailed`, a failed run is rolled back
   * too (a step after the shift failed: the replicas go back).
   */
  failover: async (
    entity: string,
    from: string,
    to: string,
    options: { rollBackFailed?: boolean } = {},
  ) => {
    const res = await backend().request<{ id: string }>(
      'POST',
      '/api/multi-cluster/failovers',
      {
        entityRef: `component:default/${entity}`,
        from,
        to,
        reason: 'integration: least privilege',
        force: true,
      },
    );
    if (res.status !== 202) return JSON.stringify(res.body);
    const run = await finishedRun(backend(), res.body.id);
    if (run.status === 'succeeded') {
      const rollback = await backend().ok<{ id: string }>(
        'POST',
        `/api/multi-cluster/failovers/${run.id}/rollback`,
        { reason: 'integration: least privilege' },
      );
      await finishedRun(backend(), rollback.id);
      return '';
    }
    if (options.rollBackFailed) {
      const rollback = await backend().request<{ id: string }>(
        'POST',
        `/api/multi-cluster/failovers/${run.id}/rollback`,
        { reason: 'integration: least privilege' },
      );
      if (rollback.status === 202) {
        await finishedRun(backend(), rollback.body.id);
      }
    }
    return JSON.stringify({ error: run.error, steps: run.steps });
  },
  /** A lifecycle request's answer (refused ones change nothing). */
  lifecycle: async (method: string, urlPath: string, body: unknown) => {
    const res = await platformBackend().request(method, urlPath, body);
    return `${res.status} ${JSON.stringify(res.body)}`;
  },
};

/** The workload cluster the lifecycle cases act on. */
const LIFECYCLE_CLUSTER = 'staging-us-east-gcp-1';

async function firstMachineDeployment(): Promise<string> {
  const { items } = (await adminClients(
    clusterNamed(fleet, 'capi'),
  ).custom.listNamespacedCustomObject({
    group: 'cluster.x-k8s.io',
    version: 'v1beta2',
    namespace: 'fleet-system',
    plural: 'machinedeployments',
    labelSelector: `cluster.x-k8s.io/cluster-name=${LIFECYCLE_CLUSTER}`,
  })) as { items: any[] };
  return items[0].metadata.name;
}

/** A valid upgrade of the lifecycle cluster: its control plane's next patch version. */
async function nextPatchVersion(): Promise<string> {
  const { items } = (await adminClients(
    clusterNamed(fleet, 'capi'),
  ).custom.listNamespacedCustomObject({
    group: 'controlplane.cluster.x-k8s.io',
    version: 'v1beta2',
    namespace: 'fleet-system',
    plural: 'kubeadmcontrolplanes',
    labelSelector: `cluster.x-k8s.io/cluster-name=${LIFECYCLE_CLUSTER}`,
  })) as { items: any[] };
  const [major, minor, patch] = String(items[0].spec.version)
    .replace(/^v/, '')
    .split('.')
    .map(Number);
  return `v${major}.${minor}.${patch + 1}`;
}

interface RuleCase {
  /** The feature that needs the rule, named as the README names it. */
  feature: string;
  /** The cluster whose role loses the rule. */
  cluster: string;
  /** The backend's report of that feature. */
  observe: () => Promise<string>;
  /** What the finding must name, besides "forbidden". */
  names: RegExp;
  /** A write the case cannot repeat safely when allowed: no baseline check. */
  noBaseline?: boolean;
}

const CASES: Record<string, RuleCase> = {
  'flotilla:fleet-reader core/nodes,pods': {
    feature:
      'cluster topology and virtual nodes (and placement advice capacity)',
    cluster: 'dev-eu-west-aws-1',
    observe: () => report.cluster('dev-eu-west-aws-1'),
    names: /nodes/,
  },
  'flotilla:fleet-reader apps/deployments,statefulsets': {
    feature: 'entity placement (through the Karmada proxy)',
    cluster: 'prod-eu-west-aws-1',
    observe: () => report.placement('checkout'),
    names: /deployments|statefulsets/,
  },
  'flotilla:fleet-reader core/services': {
    feature: 'connectivity: mesh gateways',
    cluster: 'prod-eu-west-aws-1',
    observe: () => report.cluster('prod-eu-west-aws-1'),
    names: /services/,
  },
  'flotilla:fleet-reader core/configmaps': {
    feature: 'connectivity: networks',
    cluster: 'dev-eu-west-aws-1',
    observe: () => report.cluster('dev-eu-west-aws-1'),
    names: /configmaps/,
  },
  'flotilla:fleet-reader core/namespaces': {
    feature: 'connectivity: Istio network',
    cluster: 'prod-eu-west-aws-1',
    observe: () => report.cluster('prod-eu-west-aws-1'),
    names: /namespaces/,
  },
  'flotilla:fleet-reader core/secrets': {
    feature: 'connectivity: Istio remote secrets',
    cluster: 'prod-eu-west-aws-1',
    observe: () => report.cluster('prod-eu-west-aws-1'),
    names: /secrets/,
  },
  'flotilla:fleet-reader apiextensions.k8s.io/customresourcedefinitions': {
    feature: 'connectivity: MCS API detection',
    cluster: 'dev-eu-west-aws-1',
    observe: () => report.cluster('dev-eu-west-aws-1'),
    names: /customresourcedefinitions/,
  },
  'flotilla:fleet-reader multicluster.x-k8s.io,about.k8s.io/serviceexports,clusterproperties':
    {
      feature: 'connectivity: MCS ServiceExports',
      cluster: 'dev-eu-west-aws-1',
      observe: () => report.cluster('dev-eu-west-aws-1'),
      names: /serviceexports/,
    },
  'flotilla:fleet-reader submariner.io/gateways,endpoints,submariners': {
    feature: 'connectivity: Submariner',
    cluster: 'dev-eu-west-aws-1',
    observe: () => report.cluster('dev-eu-west-aws-1'),
    names: /submariner/,
  },
  'flotilla:workload-mover apps/deployments/scale,statefulsets/scale': {
    feature: 'failover on directly reached clusters',
    cluster: 'dev-eu-west-aws-1',
    observe: () =>
      report.failover(
        'checkout-admin',
        'staging-eu-west-aws-1',
        'dev-eu-west-aws-1',
      ),
    names: /deployments\/scale|deployments/,
  },
  'flotilla:traffic-shifter externaldns.k8s.io/dnsendpoints': {
    feature: "failover's traffic step through external-dns",
    cluster: 'prod-us-east-aws-1',
    observe: () =>
      report.failover(
        'payments-ledger',
        'prod-eu-west-aws-1',
        'prod-eu-west-azure-1',
        { rollBackFailed: true },
      ),
    names: /dnsendpoints/,
  },
  'flotilla:state-restorer velero.io/backups,restores': {
    feature: "the runbook's state restore (Velero)",
    cluster: 'prod-eu-west-azure-1',
    observe: () =>
      report.failover(
        'payments-ledger',
        'prod-eu-west-aws-1',
        'prod-eu-west-azure-1',
      ),
    names: /backups|restores/,
  },
  'flotilla:karmada-writer cluster.karmada.io/clusters': {
    feature: 'inventory from Karmada',
    cluster: 'karmada',
    observe: () => report.cluster('prod-eu-west-aws-1'),
    names: /clusters/,
  },
  'flotilla:karmada-writer cluster.karmada.io/clusters/proxy': {
    feature: 'reading members through the Karmada proxy',
    cluster: 'karmada',
    observe: () => report.cluster('prod-eu-west-aws-1'),
    names: /proxy/,
  },
  'flotilla:karmada-writer cluster.karmada.io/clusters/proxy#write': {
    feature: "failover's traffic step on a member behind the Karmada proxy",
    cluster: 'karmada',
    observe: () =>
      report.failover(
        'payments-ledger',
        'prod-eu-west-aws-1',
        'prod-eu-west-azure-1',
        { rollBackFailed: true },
      ),
    names: /proxy/,
  },
  'flotilla:karmada-writer work.karmada.io/resourcebindings': {
    feature: 'placed workloads',
    cluster: 'karmada',
    observe: () => report.cluster('prod-eu-west-aws-1'),
    names: /resourcebindings/,
  },
  'flotilla:karmada-writer apps/deployments,statefulsets': {
    feature: 'entity placement: resource templates',
    cluster: 'karmada',
    observe: () => report.placement('checkout'),
    names: /deployments|statefulsets/,
  },
  'flotilla:karmada-writer policy.karmada.io/propagationpolicies': {
    feature: 'entity placement: PropagationPolicies',
    cluster: 'karmada',
    observe: () => report.placement('checkout'),
    names: /propagationpolicies/,
  },
  'flotilla:karmada-writer policy.karmada.io/clusterpropagationpolicies': {
    feature: 'add-on coverage (Karmada)',
    cluster: 'karmada',
    observe: () => report.addons(),
    names: /clusterpropagationpolicies/,
  },
  'flotilla:karmada-writer work.karmada.io/clusterresourcebindings': {
    feature: 'add-on coverage (Karmada): where add-ons were scheduled',
    cluster: 'karmada',
    observe: () => report.addons(),
    names: /clusterresourcebindings/,
  },
  'flotilla:karmada-writer policy.karmada.io/overridepolicies': {
    feature: 'failover through Karmada',
    cluster: 'karmada',
    observe: () =>
      report.failover(
        'payments-ledger',
        'prod-eu-west-aws-1',
        'prod-eu-west-azure-1',
      ),
    names: /overridepolicies/,
  },
  'flotilla:capi-lifecycle cluster.x-k8s.io/clusters,machinedeployments': {
    feature: 'inventory from Cluster API',
    cluster: 'capi',
    observe: () => report.cluster(LIFECYCLE_CLUSTER),
    names: /clusters|machinedeployments/,
  },
  'flotilla:capi-lifecycle controlplane.cluster.x-k8s.io/kubeadmcontrolplanes':
    {
      feature: 'inventory from Cluster API: control planes',
      cluster: 'capi',
      observe: () => report.cluster(LIFECYCLE_CLUSTER),
      names: /kubeadmcontrolplanes/,
    },
  'flotilla:capi-lifecycle cluster.x-k8s.io/machinedeployments': {
    feature: 'scale a cluster',
    cluster: 'capi',
    observe: async () =>
      report.lifecycle(
        'POST',
        `/api/multi-cluster/clusters/${LIFECYCLE_CLUSTER}/scale`,
        { machineDeployment: await firstMachineDeployment(), replicas: 3 },
      ),
    names: /machinedeployments/,
    noBaseline: true,
  },
  'flotilla:capi-lifecycle controlplane.cluster.x-k8s.io/kubeadmcontrolplanes#write':
    {
      feature: 'upgrade a cluster',
      cluster: 'capi',
      observe: async () =>
        report.lifecycle(
          'POST',
          `/api/multi-cluster/clusters/${LIFECYCLE_CLUSTER}/upgrade`,
          { version: await nextPatchVersion() },
        ),
      names: /kubeadmcontrolplanes/,
      noBaseline: true,
    },
  'flotilla:capi-lifecycle cluster.x-k8s.io/clusters': {
    feature: 'delete a cluster',
    cluster: 'capi',
    observe: () =>
      report.lifecycle(
        'DELETE',
        `/api/multi-cluster/clusters/${LIFECYCLE_CLUSTER}`,
        { confirm: LIFECYCLE_CLUSTER },
      ),
    names: /clusters/,
    noBaseline: true,
  },
  'flotilla:capi-lifecycle argoproj.io/applicationsets,applications': {
    feature: 'add-on coverage (Argo CD)',
    cluster: 'capi',
    observe: () => report.addons(),
    names: /applicationsets|applications/,
  },
  'flotilla:capi-lifecycle fleet.cattle.io/gitrepos,bundledeployments,clusters':
    {
      feature: 'add-on coverage (Rancher Fleet)',
      cluster: 'capi',
      observe: () => report.addons(),
      names: /gitrepos|bundledeployments|clusters/,
    },
  'flotilla:capi-kubeconfig-reader core/secrets': {
    feature: 'workload clusters through their CAPI kubeconfig Secrets',
    cluster: 'capi',
    observe: () => report.cluster('prod-us-east-azure-1'),
    names: /secrets/,
  },
};

/** A role's rules may repeat a group/resource pair (read vs. write): the second is `#write`. */
function caseKeys(
  roles: Role[],
): Array<{ key: string; role: Role; index: number }> {
  const seen = new Set<string>();
  return roles.flatMap(role =>
    role.rules.map((rule, index) => {
      let key = ruleId(role, rule);
      if (seen.has(key)) key = `${key}#write`;
      seen.add(key);
      return { key, role, index };
    }),
  );
}

const FORBIDDEN = /forbidden/i;

/** Waits until the feature reports no "forbidden" (with every rule in place). */
async function untilNoFinding(ruleCase: RuleCase) {
  await eventually(async () => {
    const seen = await ruleCase.observe();
    if (FORBIDDEN.test(seen)) {
      throw new Error(
        `${ruleCase.feature} still reports: ${seen.slice(0, 500)}`,
      );
    }
  }, 180_000);
}

describe('least privilege on the real API servers', () => {
  const roles = shippedRoles();
  const keys = caseKeys(roles);

  afterAll(async () => {
    // Whatever happened, the shipped roles are back on every cluster.
    for (const role of roles) {
      for (const cluster of clustersOf(role)) {
        await putRole(cluster, role, role.rules).catch(() => undefined);
      }
    }
  });

  it('never forbade a request the backend made during the whole suite', async () => {
    // Let the backend of this file refresh once with every feature.
    await eventually(async () => {
      expect(await report.cluster('prod-eu-west-aws-1')).toMatch(/"healthy"/);
    }, 180_000);
    const forbidden: string[] = [];
    let requests = 0;
    for (const cluster of fleet.clusters) {
      for (const event of auditEvents(fleet, cluster.name)) {
        const user = event.impersonatedUser?.username ?? event.user.username;
        if (user !== BACKEND_USER) continue;
        requests += 1;
        if (event.responseStatus?.code === 403) {
          forbidden.push(`${cluster.name}: ${event.verb} ${event.requestURI}`);
        }
      }
    }
    expect(requests).toBeGreaterThan(100);
    expect(forbidden).toEqual([]);
  });

  it('has a feature test for every shipped rule', () => {
    expect(keys.map(k => k.key).filter(key => !CASES[key])).toEqual([]);
    expect(
      Object.keys(CASES).filter(key => !keys.some(k => k.key === key)),
    ).toEqual([]);
  });

  // One case per shipped rule (the list comes from the files, the names
  // from CASES; the test above fails when they differ).
  it.each(caseKeys(shippedRoles()).map(k => [k.key, k] as const))(
    'without %s, the feature that needs it reports forbidden',
    async (key, { role, index }) => {
      const ruleCase = CASES[key];
      if (!ruleCase) throw new PermanentError(`no feature test for ${key}`);
      if (!ruleCase.noBaseline) await untilNoFinding(ruleCase);
      const without = role.rules.filter((_, i) => i !== index);
      await putRole(ruleCase.cluster, role, without);
      try {
        const finding = await eventually(async () => {
          const seen = await ruleCase.observe();
          expect(seen).toMatch(FORBIDDEN);
          expect(seen).toMatch(ruleCase.names);
          return seen;
        }, 180_000);
        // The finding names the refusal in the API server's words.
        expect(finding).toMatch(/is forbidden|forbidden/);
      } finally {
        await putRole(ruleCase.cluster, role, role.rules);
      }
      if (!ruleCase.noBaseline) await untilNoFinding(ruleCase);
    },
  );
});

function clustersOf(role: Role): string[] {
  const kinds = FILES[role.file];
  return fleet.clusters.filter(c => kinds.includes(c.kind)).map(c => c.name);
}
