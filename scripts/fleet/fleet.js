#!/usr/bin/env node
// The local fleet: one etcd and one real kube-apiserver per simulated
// cluster, each with its own CA and serving certificate, client-certificate
// and token authentication and RBAC authorization, the upstream CRDs that
// cluster needs, and `.fleet/kubeconfig` with one context per cluster.
//
// Usage (through scripts/fleet.sh, which finds the binaries):
//   node scripts/fleet/fleet.js up|down|status <assets-dir>
'use strict';

const { execFileSync, spawn } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const https = require('https');
const path = require('path');
const { parseAllDocuments, stringify } = require('yaml');
const { FLEET } = require('./clusters');

const ROOT = path.resolve(__dirname, '../..');
const STATE = process.env.FLOTILLA_FLEET_DIR ?? path.join(ROOT, '.fleet');
const CRDS = path.join(ROOT, 'packages/upstream-crds/crds');
const PORT_BASE = Number(process.env.FLOTILLA_FLEET_PORT_BASE ?? 36440);
const ETCD_CLIENT_PORT = PORT_BASE;
const ETCD_PEER_PORT = PORT_BASE + 1;
const READY_DEADLINE_MS = 120_000;

const say = message => process.stderr.write(`[fleet] ${message}\n`);
const file = (...parts) => path.join(STATE, ...parts);
const pidFile = name => file('pids', `${name}.pid`);

function apiPort(index) {
  return PORT_BASE + 3 + index;
}

function openssl(...args) {
  execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A CA, a serving certificate for 127.0.0.1 and an admin client certificate. */
function writeCertificates(cluster) {
  const dir = file('pki', cluster.name);
  if (fs.existsSync(path.join(dir, 'admin.crt'))) return;
  fs.mkdirSync(dir, { recursive: true });
  const at = name => path.join(dir, name);
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '365',
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.crt'),
    '-subj',
    `/CN=${cluster.name}-ca`,
  );
  const sign = (name, subject, extensions) => {
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
      at('ca.crt'),
      '-CAkey',
      at('ca.key'),
      '-CAcreateserial',
      '-days',
      '365',
      '-out',
      at(`${name}.crt`),
      '-extfile',
      at(`${name}.ext`),
    );
  };
  sign(
    'serving',
    `/CN=${cluster.name}`,
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
  );
  sign(
    'admin',
    '/O=system:masters/CN=flotilla-admin',
    'extendedKeyUsage=clientAuth\n',
  );
  openssl('genrsa', '-out', at('service-account.key'), '2048');
}

function token(cluster, user) {
  return crypto
    .createHash('sha256')
    .update(`${fs.readFileSync(file('pki', cluster.name, 'ca.key'))}${user}`)
    .digest('hex')
    .slice(0, 40);
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

function startProcess(name, binary, args) {
  if (isRunning(name)) return;
  fs.mkdirSync(file('logs'), { recursive: true });
  fs.mkdirSync(file('pids'), { recursive: true });
  const log = fs.openSync(file('logs', `${name}.log`), 'a');
  const child = spawn(binary, args, {
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

function request(cluster, index, method, urlPath, body) {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: apiPort(index),
        method,
        path: urlPath,
        ...tlsOf(cluster),
        headers: body ? { 'content-type': 'application/json' } : {},
        timeout: 10_000,
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
    const answer = await request(cluster, index, 'GET', '/readyz').catch(
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

function writeKubeconfig() {
  const entries = FLEET.map((cluster, index) => {
    const dir = file('pki', cluster.name);
    const read = name =>
      fs.readFileSync(path.join(dir, name)).toString('base64');
    return {
      cluster: {
        name: cluster.name,
        cluster: {
          server: `https://127.0.0.1:${apiPort(index)}`,
          'certificate-authority-data': read('ca.crt'),
        },
      },
      user: {
        name: `${cluster.name}-admin`,
        user: {
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
    'current-context': FLEET[0].name,
    clusters: entries.map(e => e.cluster),
    users: entries.map(e => e.user),
    contexts: entries.map(e => e.context),
  };
  fs.writeFileSync(file('kubeconfig'), stringify(kubeconfig), { mode: 0o600 });
}

async function up(assets) {
  fs.mkdirSync(STATE, { recursive: true });
  const started = Date.now();
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
  FLEET.forEach((cluster, index) => {
    writeCertificates(cluster);
    const dir = file('pki', cluster.name);
    const tokens = path.join(dir, 'tokens.csv');
    fs.writeFileSync(
      tokens,
      `${token(
        cluster,
        'admin',
      )},flotilla-admin-token,admin-token-uid,system:masters\n`,
    );
    startProcess(cluster.name, path.join(assets, 'kube-apiserver'), [
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
      tokens,
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
    ]);
  });
  say(
    `started etcd and ${FLEET.length} API servers; waiting until they answer`,
  );
  for (const [index, cluster] of FLEET.entries()) {
    await waitReady(cluster, index);
    const count = await installCrds(cluster, index);
    say(
      `${cluster.name} ready on https://127.0.0.1:${apiPort(
        index,
      )} with ${count} CRDs`,
    );
  }
  writeKubeconfig();
  say(
    `fleet up in ${((Date.now() - started) / 1000).toFixed(
      1,
    )}s; contexts in ${file('kubeconfig')}`,
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

/** Stops the API servers, then etcd: by pid, waiting for each to exit. */
async function down() {
  const stop = async names => {
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
  };
  await stop(FLEET.map(cluster => cluster.name));
  await stop(['etcd']);
}

async function status() {
  let ready = 0;
  for (const [index, cluster] of FLEET.entries()) {
    const pid = isRunning(cluster.name);
    const answer = pid
      ? await request(cluster, index, 'GET', '/readyz').catch(e => ({
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
      } https://127.0.0.1:${apiPort(index)} ${cluster.role}${rss}`,
    );
  }
  console.log(
    `${ready}/${FLEET.length} ready; etcd ${
      isRunning('etcd') ? 'running' : 'stopped'
    }`,
  );
  return ready === FLEET.length;
}

async function main() {
  const [command, assets] = process.argv.slice(2);
  if (command === 'up') await up(assets);
  else if (command === 'down') await down();
  else if (command === 'status') process.exitCode = (await status()) ? 0 : 1;
  else throw new Error('usage: fleet.js up <assets-dir> | down | status');
}

main().catch(error => {
  say(error.message);
  process.exitCode = 1;
});
