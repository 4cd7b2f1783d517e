#!/usr/bin/env node
// The local fleet: one etcd and one real kube-apiserver per simulated
// cluster, each with its own CA and serving certificate, client-certificate
// and token authentication and RBAC authorization, the upstream CRDs that
// cluster needs, and `.fleet/kubeconfig` with one context per cluster.
//
// Usage (through scripts/fleet.sh, which finds the binaries):
//   node scripts/fleet/fleet.js up|snapshot|reset|down|status <assets-dir>
'use strict';

const { execFileSync, spawn } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const http = require('http');
const https = require('https');
const path = require('path');
const { parseAllDocuments, stringify } = require('yaml');
const { FLEET } = require('./clusters');

const ROOT = path.resolve(__dirname, '../..');
const STATE = process.env.FLOTILLA_FLEET_DIR ?? path.join(ROOT, '.fleet');
const CRDS = path.join(ROOT, 'packages/upstream-crds/crds');
// Below 32768: Linux picks the local ports of outgoing connections from
// 32768-60999, and an API server's connection to etcd once took a port the
// fleet meant to listen on.
const PORT_BASE = Number(process.env.FLOTILLA_FLEET_PORT_BASE ?? 26440);
const ETCD_CLIENT_PORT = PORT_BASE;
const ETCD_PEER_PORT = PORT_BASE + 1;
// The Karmada aggregated API server and the simulator's control API (both
// served by packages/fleet-simulator).
const AGGREGATED_API_PORT = PORT_BASE + 2;
const SIMULATOR_PORT = PORT_BASE + 59;
const SIMULATOR_DIR = path.join(ROOT, 'packages/fleet-simulator');
const READY_DEADLINE_MS = 120_000;

const say = message => process.stderr.write(`[fleet] ${message}\n`);
const file = (...parts) => path.join(STATE, ...parts);
const pidFile = name => file('pids', `${name}.pid`);

// Ports follow a cluster's place in the whole FLEET list, so a subset
// (FLOTILLA_FLEET_ONLY) keeps every cluster's address.
function apiPort(index) {
  return PORT_BASE + 3 + index;
}

/** A member's fault proxy (the simulator's), where everyone else reaches it. */
function proxyPort(index) {
  return PORT_BASE + 60 + index;
}

/** The clusters this fleet runs: all, or those FLOTILLA_FLEET_ONLY names. */
function selected() {
  const only = (process.env.FLOTILLA_FLEET_ONLY ?? '')
    .split(',')
    .map(name => name.trim())
    .filter(Boolean);
  const unknown = only.filter(name => !FLEET.some(c => c.name === name));
  if (unknown.length) {
    throw new Error(`FLOTILLA_FLEET_ONLY names unknown clusters: ${unknown}`);
  }
  return FLEET.map((cluster, index) => ({ cluster, index })).filter(
    ({ cluster }) => only.length === 0 || only.includes(cluster.name),
  );
}

function publicUrl(cluster, index) {
  return `https://127.0.0.1:${
    cluster.kind === 'member' ? proxyPort(index) : apiPort(index)
  }`;
}

function openssl(...args) {
  execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Signs a key pair with a CA of `dir` (`<ca>.crt`/`<ca>.key`). */
function sign(dir, ca, name, subject, extensions) {
  const at = file => path.join(dir, file);
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    at(`${name}.key`),
    '-out',
    at(`${name}.csr`),
    '-subj',
    subject,
  );
  fs.writeFileSync(at(`${name}.ext`), extensions);
  openssl(
    'x509',
    '-req',
    '-in',
    at(`${name}.csr`),
    '-CA',
    at(`${ca}.crt`),
    '-CAkey',
    at(`${ca}.key`),
    '-CAcreateserial',
    '-days',
    '365',
    '-out',
    at(`${name}.crt`),
    '-extfile',
    at(`${name}.ext`),
  );
}

function newCa(dir, name, subject) {
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '365',
    '-keyout',
    path.join(dir, `${name}.key`),
    '-out',
    path.join(dir, `${name}.crt`),
    '-subj',
    subject,
  );
}

/**
 * A CA, a serving certificate for 127.0.0.1 and an admin client certificate.
 * The Karmada control plane also gets what the aggregation layer needs, as
 * Karmada's installer sets it up: a front-proxy CA and the client certificate
 * the kube-apiserver presents to the aggregated API server, and that server's
 * own serving certificate.
 */
function writeCertificates(cluster) {
  const dir = file('pki', cluster.name);
  if (fs.existsSync(path.join(dir, 'done'))) return;
  fs.mkdirSync(dir, { recursive: true });
  newCa(dir, 'ca', `/CN=${cluster.name}-ca`);
  sign(
    dir,
    'ca',
    'serving',
    `/CN=${cluster.name}`,
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
  );
  sign(
    dir,
    'ca',
    'admin',
    '/O=system:masters/CN=flotilla-admin',
    'extendedKeyUsage=clientAuth\n',
  );
  // The backend's identity as a client certificate, for clusters configured
  // with `authProvider: clientCertificate` (same user and group as its token).
  sign(
    dir,
    'ca',
    'flotilla',
    '/O=flotilla:backstage/CN=flotilla-backstage',
    'extendedKeyUsage=clientAuth\n',
  );
  openssl('genrsa', '-out', path.join(dir, 'service-account.key'), '2048');
  if (cluster.kind === 'karmada') {
    newCa(dir, 'front-proxy-ca', '/CN=front-proxy-ca');
    sign(
      dir,
      'front-proxy-ca',
      'front-proxy-client',
      '/CN=front-proxy-client',
      'extendedKeyUsage=clientAuth\n',
    );
    sign(
      dir,
      'ca',
      'aggregated-apiserver',
      '/CN=karmada-aggregated-apiserver',
      'subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:karmada-aggregated-apiserver.karmada-system.svc\nextendedKeyUsage=serverAuth\n',
    );
  }
  fs.writeFileSync(path.join(dir, 'done'), '');
}

/**
 * Static bearer tokens (kube-apiserver --token-auth-file): the fleet
 * operator (`admin`), the Backstage backend (`flotilla`, bound to the
 * least-privileged roles of deploy/rbac), and on members the identity Karmada's
 * controllers use (`karmada-controller`, what a member's Karmada Cluster
 * secretRef holds).
 */
const TOKEN_USERS = [
  { user: 'admin', name: 'flotilla-admin', groups: ['system:masters'] },
  {
    user: 'flotilla',
    name: 'flotilla-backstage',
    groups: ['flotilla:backstage'],
  },
  {
    user: 'karmada-controller',
    name: 'karmada-controller',
    groups: ['system:masters'],
    members: true,
  },
  // Two signed-in Backstage users whose own tokens the backend forwards on
  // clusters configured for user-delegated reads (`authProvider: oidc`). An
  // OIDC ID token is a bearer token the API server verifies before RBAC;
  // here the server knows them from its token file.
  {
    user: 'alice',
    name: 'alice@flotilla.example',
    groups: ['fleet:developers'],
    members: true,
  },
  {
    user: 'bob',
    name: 'bob@flotilla.example',
    groups: ['fleet:contractors'],
    members: true,
  },
];

function token(cluster, user) {
  return crypto
    .createHash('sha256')
    .update(`${fs.readFileSync(file('pki', cluster.name, 'ca.key'))}${user}`)
    .digest('hex')
    .slice(0, 40);
}

function tokensOf(cluster) {
  return Object.fromEntries(
    TOKEN_USERS.filter(u => !u.members || cluster.kind === 'member').map(u => [
      u.user,
      token(cluster, u.user),
    ]),
  );
}

function writeTokenFile(cluster) {
  const lines = TOKEN_USERS.filter(
    u => !u.members || cluster.kind === 'member',
  ).map(
    u =>
      `${token(cluster, u.user)},${u.name},${u.name}-uid,"${u.groups.join(
        ',',
      )}"`,
  );
  fs.writeFileSync(
    file('pki', cluster.name, 'tokens.csv'),
    `${lines.join('\n')}\n`,
  );
}

/**
 * Audit at Metadata level (who, what, the answer's code) for the backend's
 * identity, the signed-in users it reads for, and the identity Karmada's
 * cluster proxy impersonates it with on members; nothing for the fleet's
 * operator and the controllers.
 */
function writeAuditPolicy() {
  fs.mkdirSync(STATE, { recursive: true });
  fs.writeFileSync(
    file('audit-policy.yaml'),
    stringify({
      apiVersion: 'audit.k8s.io/v1',
      kind: 'Policy',
      omitStages: ['RequestReceived'],
      rules: [
        {
          level: 'Metadata',
          users: [
            'flotilla-backstage',
            'alice@flotilla.example',
            'bob@flotilla.example',
          ],
        },
        {
          level: 'Metadata',
          users: ['karmada-controller'],
          // Only reads: Karmada's own controllers write with this identity.
          verbs: ['get', 'list'],
        },
        { level: 'None' },
      ],
    }),
  );
}

function isRunning(name) {
  try {
    const pid = Number(fs.readFileSync(pidFile(name), 'utf8'));
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

function startProcess(name, binary, args, options = {}) {
  if (isRunning(name)) return;
  fs.mkdirSync(file('logs'), { recursive: true });
  fs.mkdirSync(file('pids'), { recursive: true });
  const log = fs.openSync(file('logs', `${name}.log`), 'a');
  const child = spawn(binary, args, {
    ...options,
    detached: true,
    stdio: ['ignore', log, log],
  });
  fs.writeFileSync(pidFile(name), String(child.pid));
  child.unref();
}

const clientTls = new Map();

/** The cluster's CA and admin client certificate, read once. */
function tlsOf(cluster) {
  if (!clientTls.has(cluster.name)) {
    const dir = file('pki', cluster.name);
    clientTls.set(cluster.name, {
      ca: fs.readFileSync(path.join(dir, 'ca.crt')),
      cert: fs.readFileSync(path.join(dir, 'admin.crt')),
      key: fs.readFileSync(path.join(dir, 'admin.key')),
    });
  }
  return clientTls.get(cluster.name);
}

/**
 * One request to a cluster's API server, retried when it times out or the
 * connection fails: 13 API servers starting on 2 cores can take longer than
 * one timeout to answer. Every caller's write is idempotent (a create that
 * meets 409 is taken as done, a replace or a delete may be repeated).
 */
async function request(cluster, index, method, urlPath, body) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await requestOnce(cluster, index, method, urlPath, body);
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise(resolve => setTimeout(resolve, 1000 * attempt));
    }
  }
}

function requestOnce(cluster, index, method, urlPath, body) {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: apiPort(index),
        method,
        path: urlPath,
        ...tlsOf(cluster),
        headers: body ? { 'content-type': 'application/json' } : {},
        timeout: 30_000,
      },
      res => {
        let text = '';
        res.on('data', chunk => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    if (body) req.write(JSON.stringify(body));
    req.end();
  });
}

async function waitReady(cluster, index) {
  const deadline = Date.now() + READY_DEADLINE_MS;
  for (;;) {
    const answer = await requestOnce(cluster, index, 'GET', '/readyz').catch(
      () => undefined,
    );
    if (answer?.status === 200) return;
    if (Date.now() > deadline) {
      throw new Error(
        `${cluster.name} is not ready after ${
          READY_DEADLINE_MS / 1000
        }s; see ${file('logs', `${cluster.name}.log`)}`,
      );
    }
    await new Promise(resolve => setTimeout(resolve, 300));
  }
}

/** Creates each CRD of the cluster's folders and waits until it is established. */
async function installCrds(cluster, index) {
  const crds = [];
  for (const folder of cluster.crds) {
    for (const name of fs.readdirSync(path.join(CRDS, folder)).sort()) {
      if (!/\.ya?ml$/.test(name)) continue;
      const text = fs.readFileSync(path.join(CRDS, folder, name), 'utf8');
      for (const doc of parseAllDocuments(text)) {
        const crd = doc.toJS({ maxAliasCount: -1 });
        if (crd?.kind === 'CustomResourceDefinition') crds.push(crd);
      }
    }
  }
  const base = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
  for (const crd of crds) {
    const created = await request(cluster, index, 'POST', base, crd);
    if (created.status !== 201 && created.status !== 409) {
      throw new Error(
        `${cluster.name}: CRD ${crd.metadata.name} refused (${
          created.status
        }): ${created.text.slice(0, 300)}`,
      );
    }
  }
  for (const crd of crds) {
    const deadline = Date.now() + READY_DEADLINE_MS;
    for (;;) {
      const answer = await request(
        cluster,
        index,
        'GET',
        `${base}/${crd.metadata.name}`,
      );
      const conditions = JSON.parse(answer.text).status?.conditions ?? [];
      if (conditions.some(c => c.type === 'Established' && c.status === 'True'))
        break;
      if (Date.now() > deadline) {
        throw new Error(
          `${cluster.name}: CRD ${crd.metadata.name} never established`,
        );
      }
      await new Promise(resolve => setTimeout(resolve, 200));
    }
  }
  return crds.length;
}

/**
 * The operator's kubeconfig: one context per cluster. Karmada and Cluster API
 * with the admin client certificate; members through their fault proxy with
 * the admin token (the proxy terminates TLS with the member's own serving
 * certificate, so a client certificate could not pass through it).
 */
function writeKubeconfig(clusters) {
  const entries = clusters.map(({ cluster, index }) => {
    const dir = file('pki', cluster.name);
    const read = name =>
      fs.readFileSync(path.join(dir, name)).toString('base64');
    return {
      cluster: {
        name: cluster.name,
        cluster: {
          server: publicUrl(cluster, index),
          'certificate-authority-data': read('ca.crt'),
        },
      },
      user: {
        name: `${cluster.name}-admin`,
        user:
          cluster.kind === 'member'
            ? { token: token(cluster, 'admin') }
            : {
                'client-certificate-data': read('admin.crt'),
                'client-key-data': read('admin.key'),
              },
      },
      context: {
        name: cluster.name,
        context: { cluster: cluster.name, user: `${cluster.name}-admin` },
      },
    };
  });
  const kubeconfig = {
    apiVersion: 'v1',
    kind: 'Config',
    'current-context': clusters[0].cluster.name,
    clusters: entries.map(e => e.cluster),
    users: entries.map(e => e.user),
    contexts: entries.map(e => e.context),
  };
  fs.writeFileSync(file('kubeconfig'), stringify(kubeconfig), { mode: 0o600 });
}

/**
 * How Backstage reaches the fleet, written as a platform team configures
 * real clusters: the Karmada control plane, the Cluster API management
 * cluster and the OCM hub under `multiCluster`, the directly reached members under the
 * kubernetes plugin's `clusterLocatorMethods`, each with its URL, CA and the
 * backend's own token. Members behind Karmada or Cluster API are not listed:
 * Flotilla finds them there.
 */
function writeAppConfig(clusters) {
  const endpoint = ({ cluster, index }) => ({
    name: cluster.name,
    url: publicUrl(cluster, index),
    caData: fs
      .readFileSync(file('pki', cluster.name, 'ca.crt'))
      .toString('base64'),
  });
  const of = kind => clusters.filter(({ cluster }) => cluster.kind === kind);
  const config = {
    multiCluster: {
      karmada: of('karmada').map(c => ({
        ...endpoint(c),
        token: token(c.cluster, 'flotilla'),
      })),
      clusterApi: of('capi').map(c => ({
        ...endpoint(c),
        token: token(c.cluster, 'flotilla'),
        namespaces: ['fleet-system'],
      })),
      // The OCM hub: its ManagedClusters and the Placements of entities.
      ocm: of('ocm').map(c => ({
        ...endpoint(c),
        token: token(c.cluster, 'flotilla'),
      })),
      // Fleet-wide add-ons and where their deliveries are read: Argo CD and
      // Rancher Fleet on the management cluster, a ClusterPropagationPolicy
      // on the Karmada control plane (as the simulator's scenario has them).
      addons: [
        of('capi').length > 0 && {
          name: 'kyverno-baseline',
          category: 'policy',
          delivery: {
            type: 'argocd-applicationset',
            cluster: 'capi',
            namespace: 'argocd',
            name: 'cluster-addons-kyverno',
          },
        },
        of('capi').length > 0 && {
          name: 'monitoring',
          category: 'monitoring',
          delivery: {
            type: 'fleet-gitrepo',
            cluster: 'capi',
            namespace: 'fleet-default',
            name: 'kube-prometheus-stack',
          },
        },
        of('karmada').length > 0 && {
          name: 'gatekeeper-network-policies',
          category: 'policy',
          requiredOn: { matchLabels: 'flotilla.io/environment=prod' },
          delivery: {
            type: 'karmada-clusterpropagationpolicy',
            controlPlane: 'karmada',
            name: 'gatekeeper-network-policies',
          },
        },
      ].filter(Boolean),
    },
    kubernetes: {
      clusterLocatorMethods: [
        {
          type: 'config',
          clusters: of('member')
            .filter(({ cluster }) => cluster.access === 'direct')
            .map(c => ({
              ...endpoint(c),
              authProvider: 'serviceAccount',
              serviceAccountToken: token(c.cluster, 'flotilla'),
              skipMetricsLookup: true,
            })),
        },
      ],
    },
  };
  fs.writeFileSync(
    file('app-config.yaml'),
    `# Written by scripts/fleet.sh up: Backstage's configuration for the local fleet.\n${stringify(
      config,
    )}`,
    { mode: 0o600 },
  );
}

function apiServerCommand(assets, cluster, index) {
  const dir = file('pki', cluster.name);
  const args = [
    '--etcd-servers',
    `http://127.0.0.1:${ETCD_CLIENT_PORT}`,
    // One etcd serves every cluster, each under its own prefix.
    '--etcd-prefix',
    `/fleet/${cluster.name}`,
    '--bind-address',
    '127.0.0.1',
    '--secure-port',
    String(apiPort(index)),
    '--tls-cert-file',
    path.join(dir, 'serving.crt'),
    '--tls-private-key-file',
    path.join(dir, 'serving.key'),
    '--client-ca-file',
    path.join(dir, 'ca.crt'),
    '--token-auth-file',
    path.join(dir, 'tokens.csv'),
    '--authorization-mode',
    'RBAC',
    '--service-account-key-file',
    path.join(dir, 'service-account.key'),
    '--service-account-signing-key-file',
    path.join(dir, 'service-account.key'),
    '--service-account-issuer',
    `https://${cluster.name}.fleet.local`,
    '--service-cluster-ip-range',
    '10.96.0.0/16',
    '--allow-privileged',
    // What the backend and Karmada's proxy ask for, and what they were
    // answered: the integration suite proves least privilege from it.
    '--audit-policy-file',
    file('audit-policy.yaml'),
    '--audit-log-path',
    file('logs', `${cluster.name}.audit.log`),
    '--audit-log-format',
    'json',
    '--audit-log-maxsize',
    '200',
    '--audit-log-maxbackup',
    '1',
  ];
  if (cluster.kind === 'karmada') {
    // The aggregation layer, as Karmada's installer configures it: the
    // kube-apiserver proxies cluster.karmada.io to the aggregated API server
    // with the front-proxy client certificate and the caller in X-Remote-*.
    args.push(
      '--requestheader-client-ca-file',
      path.join(dir, 'front-proxy-ca.crt'),
      '--requestheader-allowed-names',
      'front-proxy-client',
      '--requestheader-username-headers',
      'X-Remote-User',
      '--requestheader-group-headers',
      'X-Remote-Group',
      '--requestheader-extra-headers-prefix',
      'X-Remote-Extra-',
      '--proxy-client-cert-file',
      path.join(dir, 'front-proxy-client.crt'),
      '--proxy-client-key-file',
      path.join(dir, 'front-proxy-client.key'),
    );
  }
  return {
    binary: path.join(assets, 'kube-apiserver'),
    args,
    log: file('logs', `${cluster.name}.log`),
  };
}

/** Creates an object unless it exists (409), failing on anything else. */
async function ensure(cluster, index, urlPath, body) {
  const created = await request(cluster, index, 'POST', urlPath, body);
  if (created.status !== 201 && created.status !== 409) {
    throw new Error(
      `${cluster.name}: ${body.kind} ${body.metadata.name} refused (${
        created.status
      }): ${created.text.slice(0, 300)}`,
    );
  }
}

/** The RBAC Flotilla's backend identity gets, by kind of cluster (deploy/rbac). */
const RBAC_FILES = {
  member: 'member-cluster.yaml',
  karmada: 'karmada-control-plane.yaml',
  capi: 'cluster-api-management.yaml',
  ocm: 'ocm-hub.yaml',
};

/** The RBAC objects of deploy/rbac for that kind of cluster. */
function rbacObjects(kind) {
  const rbacFile = path.join(ROOT, 'deploy/rbac', RBAC_FILES[kind]);
  return parseAllDocuments(fs.readFileSync(rbacFile, 'utf8'))
    .map(doc => doc.toJSON())
    .filter(Boolean);
}

/** The REST collection of an RBAC or core object. */
function collectionOf(object) {
  const plural = `${object.kind.toLowerCase()}s`;
  const prefix =
    object.apiVersion === 'v1' ? '/api/v1' : `/apis/${object.apiVersion}`;
  const namespace = object.metadata.namespace
    ? `/namespaces/${object.metadata.namespace}`
    : '';
  return `${prefix}${namespace}/${plural}`;
}

/** Creates an object, or replaces it when it exists (the file is the truth). */
async function apply(cluster, index, object) {
  const collection = collectionOf(object);
  const created = await request(cluster, index, 'POST', collection, object);
  if (created.status === 201) return;
  const replaced =
    created.status === 409 &&
    (await request(
      cluster,
      index,
      'PUT',
      `${collection}/${encodeURIComponent(object.metadata.name)}`,
      object,
    ));
  if (!replaced || replaced.status !== 200) {
    throw new Error(
      `${cluster.name}: ${object.kind} ${object.metadata.name} refused (${
        (replaced || created).status
      }): ${(replaced || created).text.slice(0, 300)}`,
    );
  }
}

/**
 * The least-privileged roles of deploy/rbac, bound to the backend's identity
 * (group flotilla:backstage), as a platform team applies them. Fleets made
 * before the roles existed bound that group to cluster-admin: removed.
 */
async function applyRbac(cluster, index) {
  const legacy = await request(
    cluster,
    index,
    'DELETE',
    '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings/flotilla-backstage',
  );
  if (legacy.status !== 200 && legacy.status !== 404) {
    throw new Error(`${cluster.name}: could not remove the old binding`);
  }
  for (const object of rbacObjects(cluster.kind)) {
    if (object.metadata.namespace) {
      await ensure(cluster, index, '/api/v1/namespaces', {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: object.metadata.namespace },
      });
    }
    await apply(cluster, index, object);
  }
}

/**
 * Objects every cluster starts with: the backend's RBAC, and on Karmada the
 * APIService that routes cluster.karmada.io to the aggregated API server (an
 * ExternalName Service to localhost: no kube-proxy needed).
 */
async function setUpCluster(cluster, index) {
  await applyRbac(cluster, index);
  if (cluster.kind !== 'karmada') return;
  await ensure(cluster, index, '/api/v1/namespaces', {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: 'karmada-system' },
  });
  await ensure(cluster, index, '/api/v1/namespaces/karmada-system/services', {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: 'karmada-aggregated-apiserver',
      namespace: 'karmada-system',
    },
    spec: {
      type: 'ExternalName',
      externalName: 'localhost',
      ports: [{ port: AGGREGATED_API_PORT, protocol: 'TCP' }],
    },
  });
  await ensure(cluster, index, '/apis/apiregistration.k8s.io/v1/apiservices', {
    apiVersion: 'apiregistration.k8s.io/v1',
    kind: 'APIService',
    metadata: { name: 'v1alpha1.cluster.karmada.io' },
    spec: {
      group: 'cluster.karmada.io',
      version: 'v1alpha1',
      groupPriorityMinimum: 2000,
      versionPriority: 10,
      service: {
        namespace: 'karmada-system',
        name: 'karmada-aggregated-apiserver',
        port: AGGREGATED_API_PORT,
      },
      caBundle: fs
        .readFileSync(file('pki', cluster.name, 'ca.crt'))
        .toString('base64'),
    },
  });
}

function writeFleetJson(assets, clusters) {
  const description = {
    dir: path.resolve(STATE),
    karmadaAggregatedApiServer: { port: AGGREGATED_API_PORT },
    simulator: { port: SIMULATOR_PORT },
    clusters: clusters.map(({ cluster, index }) => ({
      name: cluster.name,
      kind: cluster.kind,
      role: cluster.role,
      region: cluster.region,
      provider: cluster.provider,
      access: cluster.access,
      ocmManaged: cluster.ocmManaged,
      url: `https://127.0.0.1:${apiPort(index)}`,
      publicUrl: publicUrl(cluster, index),
      port: apiPort(index),
      proxyPort: cluster.kind === 'member' ? proxyPort(index) : undefined,
      pkiDir: path.resolve(file('pki', cluster.name)),
      tokens: tokensOf(cluster),
      pidFile: path.resolve(pidFile(cluster.name)),
      command: apiServerCommand(assets, cluster, index),
    })),
  };
  fs.writeFileSync(file('fleet.json'), JSON.stringify(description, null, 2), {
    mode: 0o600,
  });
}

/**
 * The simulator answers on its control API, and has seeded the scenario and
 * started its controllers (it writes `simulator-ready` then).
 */
function simulatorHealthy() {
  if (!fs.existsSync(file('simulator-ready'))) return Promise.resolve(false);
  return new Promise(resolve => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: SIMULATOR_PORT,
        path: '/healthz',
        timeout: 2000,
      },
      res => {
        res.resume();
        resolve(res.statusCode === 200);
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

/**
 * The fleet simulator (packages/fleet-simulator): the controllers that cannot
 * run here, the Karmada aggregated API server and the members' fault proxies.
 */
async function startSimulator() {
  if (!isRunning('simulator'))
    fs.rmSync(file('simulator-ready'), { force: true });
  startProcess(
    'simulator',
    process.execPath,
    [
      '--require',
      require.resolve('@backstage/cli/config/nodeTransform.cjs', {
        paths: [SIMULATOR_DIR],
      }),
      path.join(SIMULATOR_DIR, 'src/main.ts'),
    ],
    {
      cwd: SIMULATOR_DIR,
      env: { ...process.env, FLOTILLA_FLEET_DIR: path.resolve(STATE) },
    },
  );
  // Seeding writes some hundred objects: on a loaded machine that alone can
  // take minutes. The simulator being alive is checked on every poll.
  const deadline = Date.now() + 3 * READY_DEADLINE_MS;
  while (!(await simulatorHealthy())) {
    if (!isRunning('simulator') || Date.now() > deadline) {
      throw new Error(
        `the fleet simulator did not start; see ${file(
          'logs',
          'simulator.log',
        )}`,
      );
    }
    await new Promise(resolve => setTimeout(resolve, 300));
  }
}

/** etcd, holding every cluster's objects under the cluster's own prefix. */
function startEtcd(assets) {
  startProcess('etcd', path.join(assets, 'etcd'), [
    '--data-dir',
    file('etcd'),
    '--listen-client-urls',
    `http://127.0.0.1:${ETCD_CLIENT_PORT}`,
    '--advertise-client-urls',
    `http://127.0.0.1:${ETCD_CLIENT_PORT}`,
    '--listen-peer-urls',
    `http://127.0.0.1:${ETCD_PEER_PORT}`,
    '--initial-advertise-peer-urls',
    `http://127.0.0.1:${ETCD_PEER_PORT}`,
    '--initial-cluster',
    `default=http://127.0.0.1:${ETCD_PEER_PORT}`,
    '--quota-backend-bytes',
    String(2 * 1024 ** 3),
  ]);
}

async function up(assets) {
  const clusters = selected();
  fs.mkdirSync(STATE, { recursive: true });
  const started = Date.now();
  startEtcd(assets);
  writeAuditPolicy();
  for (const { cluster, index } of clusters) {
    writeCertificates(cluster);
    writeTokenFile(cluster);
    const command = apiServerCommand(assets, cluster, index);
    startProcess(cluster.name, command.binary, command.args);
  }
  // Known before any server answers (addresses, CAs, tokens), so Backstage
  // can start beside the fleet (scripts/start.sh does).
  writeFleetJson(assets, clusters);
  writeKubeconfig(clusters);
  writeAppConfig(clusters);
  say(
    `started etcd and ${clusters.length} API servers; waiting until they answer`,
  );
  for (const { cluster, index } of clusters) {
    await waitReady(cluster, index);
    const count = await installCrds(cluster, index);
    await setUpCluster(cluster, index);
    say(
      `${cluster.name} ready on https://127.0.0.1:${apiPort(
        index,
      )} with ${count} CRDs`,
    );
  }
  if (
    process.env.FLOTILLA_FLEET_SIMULATOR !== 'off' &&
    fs.existsSync(path.join(SIMULATOR_DIR, 'src/main.ts'))
  ) {
    say('starting the fleet simulator');
    await startSimulator();
  }
  say(
    `fleet up in ${((Date.now() - started) / 1000).toFixed(
      1,
    )}s; contexts in ${file('kubeconfig')}, Backstage config in ${file(
      'app-config.yaml',
    )}`,
  );
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the named processes by pid (SIGTERM, SIGKILL after 30 s), waiting for each to exit. */
async function stopProcesses(names) {
  const pids = names.map(name => [name, isRunning(name)]);
  for (const [, pid] of pids) if (pid) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  while (pids.some(([, pid]) => pid && alive(pid)) && Date.now() < deadline) {
    await new Promise(resolve => setTimeout(resolve, 200));
  }
  for (const [name, pid] of pids) {
    if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
    if (pid) say(`stopped ${name} (pid ${pid})`);
    fs.rmSync(pidFile(name), { force: true });
  }
}

/** Stops the simulator, the API servers, then etcd. */
async function down() {
  await stopProcesses(['simulator']);
  await stopProcesses(FLEET.map(cluster => cluster.name));
  await stopProcesses(['etcd']);
}

/**
 * Keeps a copy of etcd's data, every cluster's objects as they are now (the
 * seeded scenario, right after `up`), for `reset`. etcd stops for the copy
 * (a consistent one) and starts again; the API servers reconnect to it.
 */
async function snapshot(assets) {
  await stopProcesses(['etcd']);
  fs.rmSync(file('etcd-snapshot'), { recursive: true, force: true });
  fs.cpSync(file('etcd'), file('etcd-snapshot'), { recursive: true });
  startEtcd(assets);
  for (const { cluster, index } of selected()) await waitReady(cluster, index);
  say(`snapshot of the fleet in ${file('etcd-snapshot')}`);
}

/**
 * Back to the snapshot, cheaper than a new fleet (no certificates, CRDs or
 * seeding): etcd's data as it was, and every API server and the simulator
 * restarted on it (their caches must not outlive the data).
 */
async function reset(assets) {
  if (!fs.existsSync(file('etcd-snapshot'))) {
    throw new Error(
      `no snapshot in ${STATE}: run \`fleet.sh snapshot\` after \`up\``,
    );
  }
  const started = Date.now();
  await down();
  fs.rmSync(file('etcd'), { recursive: true, force: true });
  fs.cpSync(file('etcd-snapshot'), file('etcd'), { recursive: true });
  startEtcd(assets);
  const clusters = selected();
  for (const { cluster, index } of clusters) {
    const command = apiServerCommand(assets, cluster, index);
    startProcess(cluster.name, command.binary, command.args);
  }
  for (const { cluster, index } of clusters) await waitReady(cluster, index);
  await startSimulator();
  say(
    `fleet reset to its snapshot in ${((Date.now() - started) / 1000).toFixed(
      1,
    )}s`,
  );
}

async function status() {
  const clusters = selected();
  let ready = 0;
  for (const { cluster, index } of clusters) {
    const pid = isRunning(cluster.name);
    const answer = pid
      ? await requestOnce(cluster, index, 'GET', '/readyz').catch(e => ({
          text: e.message,
        }))
      : undefined;
    const ok = answer?.status === 200;
    if (ok) ready += 1;
    let rss = '';
    if (pid) {
      const statusText = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      rss = ` rss=${Math.round(
        Number(/VmRSS:\s+(\d+)/.exec(statusText)[1]) / 1024,
      )}MB`;
    }
    console.log(
      `${cluster.name.padEnd(28)} ${
        ok ? 'ready' : pid ? 'not ready' : 'stopped'
      } ${publicUrl(cluster, index)} ${cluster.role}${rss}`,
    );
  }
  const simulator = isRunning('simulator');
  console.log(
    `${ready}/${clusters.length} ready; etcd ${
      isRunning('etcd') ? 'running' : 'stopped'
    }; simulator ${
      simulator
        ? (await simulatorHealthy())
          ? 'running'
          : 'not answering'
        : 'stopped'
    }`,
  );
  return ready === clusters.length;
}

async function main() {
  const [command, assets] = process.argv.slice(2);
  if (command === 'up') await up(assets);
  else if (command === 'snapshot') await snapshot(assets);
  else if (command === 'reset') await reset(assets);
  else if (command === 'down') await down();
  else if (command === 'status') process.exitCode = (await status()) ? 0 : 1;
  else
    throw new Error(
      'usage: fleet.js up|snapshot|reset <assets-dir> | down | status',
    );
}

main().catch(error => {
  say(error.message);
  process.exitCode = 1;
});
