import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createCa, signCertificate } from '@flotilla/test-kit';
import { AggregatedApiServer, clusterTable } from './aggregatedApiServer';
import { ClusterStorage } from './clusterStorage';
import type { Attributes, Authorizer, UserInfo } from './requestAuth';

/** Certificates as the fleet has them (fleetUp/certificates.ts): a serving CA, a front-proxy CA and its client. */
function writePki(dir: string) {
  const at = (name: string) => path.join(dir, name);
  const ca = (name: string) => createCa(dir, name);
  const sign = (name: string, caName: string, subject: string, ext: string) =>
    signCertificate(dir, caName, name, subject, ext);
  ca('karmada-ca');
  ca('front-proxy-ca');
  ca('other-ca');
  sign(
    'serving',
    'karmada-ca',
    '/CN=karmada-aggregated-apiserver',
    'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n',
  );
  sign(
    'front-proxy-client',
    'front-proxy-ca',
    '/CN=front-proxy-client',
    'extendedKeyUsage=clientAuth\n',
  );
  sign(
    'wrong-cn',
    'front-proxy-ca',
    '/CN=someone',
    'extendedKeyUsage=clientAuth\n',
  );
  sign(
    'other-client',
    'other-ca',
    '/CN=front-proxy-client',
    'extendedKeyUsage=clientAuth\n',
  );
  return (name: string) => fs.readFileSync(at(name));
}

/** RBAC in miniature: masters may do anything, `viewer` may read, nobody else anything. */
class RecordingAuthorizer implements Authorizer {
  readonly asked: Array<{ user: string; attributes: Attributes }> = [];
  async authorize(user: UserInfo, attributes: Attributes) {
    this.asked.push({ user: user.name, attributes });
    if (user.groups.includes('system:masters'))
      return { allowed: true, reason: '' };
    const reads = ['get', 'list', 'watch'];
    return user.name === 'viewer' && reads.includes(attributes.verb)
      ? { allowed: true, reason: '' }
      : { allowed: false, reason: '' };
  }
}

describe('AggregatedApiServer', () => {
  let dir: string;
  let read: (name: string) => Buffer;
  let server: AggregatedApiServer;
  let port: number;
  let member: http.Server;
  const authorizer = new RecordingAuthorizer();
  const memberRequests: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aggregated-'));
    read = writePki(dir);
    member = http.createServer((req, res) => {
      memberRequests.push({ ...req.headers, path: req.url });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"kind":"NamespaceList","items":[]}');
    });
    await new Promise<void>(r => member.listen(0, '127.0.0.1', () => r()));
    server = new AggregatedApiServer({
      port: 0,
      tls: {
        cert: read('serving.crt'),
        key: read('serving.key'),
        frontProxyCa: read('front-proxy-ca.crt'),
      },
      storage: new ClusterStorage(),
      authorizer,
      readSecret: async (namespace, name) => {
        expect(`${namespace}/${name}`).toBe('karmada-cluster/m-1');
        // The member here speaks plain HTTP: the CA is read but not used.
        return {
          token: 'member-token',
          caBundle: read('karmada-ca.crt').toString(),
        };
      },
      log: () => undefined,
    });
    port = await server.start();
  }, 60_000);

  afterAll(async () => {
    await server.stop();
    await new Promise<void>(r => member.close(() => r()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function call(
    method: string,
    urlPath: string,
    options: {
      user?: string;
      groups?: string[];
      client?: string;
      body?: unknown;
      contentType?: string;
      accept?: string;
    } = {},
  ): Promise<{ code: number; body: any }> {
    const client = options.client ?? 'front-proxy-client';
    const headers: Record<string, string | string[]> = {};
    if (options.user) headers['x-remote-user'] = options.user;
    if (options.groups) headers['x-remote-group'] = options.groups;
    if (options.body !== undefined)
      headers['content-type'] = options.contentType ?? 'application/json';
    if (options.accept) headers.accept = options.accept;
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: urlPath,
          headers,
          ca: read('karmada-ca.crt'),
          ...(client === 'none'
            ? {}
            : { cert: read(`${client}.crt`), key: read(`${client}.key`) }),
        },
        res => {
          let text = '';
          res.on('data', c => (text += c));
          res.on('end', () =>
            resolve({
              code: res.statusCode ?? 0,
              body: text ? JSON.parse(text) : undefined,
            }),
          );
        },
      );
      req.on('error', reject);
      if (options.body !== undefined) req.write(JSON.stringify(options.body));
      req.end();
    });
  }

  const admin = {
    user: 'flotilla-admin',
    groups: ['system:masters', 'system:authenticated'],
  };
  const base = '/apis/cluster.karmada.io/v1alpha1/clusters';
  const cluster = (name: string) => ({
    apiVersion: 'cluster.karmada.io/v1alpha1',
    kind: 'Cluster',
    metadata: { name },
    spec: {
      syncMode: 'Push',
      apiEndpoint: `http://127.0.0.1:${(member.address() as AddressInfo).port}`,
      secretRef: { namespace: 'karmada-cluster', name },
    },
  });

  it('serves discovery for cluster.karmada.io/v1alpha1', async () => {
    const { code, body } = await call(
      'GET',
      '/apis/cluster.karmada.io/v1alpha1',
      admin,
    );
    expect(code).toBe(200);
    expect(body.resources.map((r: any) => r.name)).toEqual([
      'clusters',
      'clusters/proxy',
      'clusters/status',
    ]);
  });

  it('refuses callers that are not the front proxy (401) and users RBAC denies (403)', async () => {
    expect(
      (await call('GET', base, { ...admin, client: 'none' })).body,
    ).toMatchObject({ kind: 'Status', code: 401 });
    expect(
      (await call('GET', base, { ...admin, client: 'wrong-cn' })).code,
    ).toBe(401);
    expect(
      (await call('GET', base, { ...admin, client: 'other-client' })).code,
    ).toBe(401);
    expect((await call('GET', base, { user: 'viewer' })).code).toBe(200);
    const denied = await call('POST', base, {
      user: 'viewer',
      body: cluster('m-9'),
    });
    expect(denied.code).toBe(403);
    expect(denied.body.message).toBe(
      'clusters.cluster.karmada.io is forbidden: User "viewer" cannot create resource "clusters" in API group "cluster.karmada.io" at the cluster scope',
    );
  });

  it('creates, patches and updates with optimistic concurrency, status apart', async () => {
    const created = await call('POST', base, {
      ...admin,
      body: cluster('m-1'),
    });
    expect(created.code).toBe(201);
    const patched = await call('PATCH', `${base}/m-1`, {
      ...admin,
      body: { metadata: { labels: { 'flotilla.io/environment': 'prod' } } },
      contentType: 'application/merge-patch+json',
    });
    expect(patched.body.metadata.labels).toEqual({
      'flotilla.io/environment': 'prod',
    });
    const stale = await call('PUT', `${base}/m-1`, {
      ...admin,
      body: created.body,
    });
    expect(stale.code).toBe(409);
    expect(stale.body).toMatchObject({ kind: 'Status', reason: 'Conflict' });
    const status = await call('PUT', `${base}/m-1/status`, {
      ...admin,
      body: { ...patched.body, status: { kubernetesVersion: 'v1.20.2' } },
    });
    expect(status.body.status).toEqual({ kubernetesVersion: 'v1.20.2' });
    const jsonPatched = await call('PATCH', `${base}/m-1`, {
      ...admin,
      body: [{ op: 'add', path: '/spec/region', value: 'eu-west' }],
      contentType: 'application/json-patch+json',
    });
    expect(jsonPatched.body.spec.region).toBe('eu-west');
    expect(jsonPatched.body.status.kubernetesVersion).toBe('v1.20.2');
    const table = await call('GET', base, {
      ...admin,
      accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json',
    });
    expect(table.body.rows.map((r: any) => r.cells.slice(0, 4))).toEqual([
      ['m-1', 'v1.20.2', 'Push', 'Unknown'],
    ]);
    expect(
      authorizer.asked.find(
        a =>
          a.attributes.kind === 'resource' &&
          a.attributes.subresource === 'status',
      )?.attributes,
    ).toMatchObject({
      verb: 'update',
      name: 'm-1',
    });
  });

  it('streams changes to a watch from a resourceVersion', async () => {
    const current = (await call('GET', `${base}/m-1`, admin)).body;
    const events: any[] = [];
    const watching = new Promise<void>((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port,
          path: `${base}?watch=true&resourceVersion=${current.metadata.resourceVersion}&timeoutSeconds=5`,
          headers: { 'x-remote-user': 'viewer' },
          ca: read('karmada-ca.crt'),
          cert: read('front-proxy-client.crt'),
          key: read('front-proxy-client.key'),
        },
        res => {
          let buffered = '';
          res.on('data', chunk => {
            buffered += chunk;
            const lines = buffered.split('\n');
            buffered = lines.pop() ?? '';
            events.push(...lines.filter(Boolean).map(l => JSON.parse(l)));
            if (events.length >= 2) {
              req.destroy();
              resolve();
            }
          });
        },
      );
      req.on('error', error =>
        events.length >= 2 ? resolve() : reject(error),
      );
      req.end();
    });
    // No race: the watch starts at the version read above, so changes made
    // before the server registers it are replayed from its history.
    await call('PATCH', `${base}/m-1`, {
      ...admin,
      body: { spec: { provider: 'aws' } },
      contentType: 'application/merge-patch+json',
    });
    await call('POST', base, { ...admin, body: cluster('m-2') });
    await watching;
    expect(events.map(e => [e.type, e.object.metadata.name])).toEqual([
      ['MODIFIED', 'm-1'],
      ['ADDED', 'm-2'],
    ]);
  });

  it('proxies to the member as the caller, with the cluster token', async () => {
    const answer = await call(
      'GET',
      `${base}/m-1/proxy/api/v1/namespaces?limit=1`,
      {
        user: 'flotilla-backstage',
        groups: ['flotilla:backstage', 'system:authenticated'],
      },
    );
    expect(answer.code).toBe(403);
    authorizer.asked.length = 0;
    const allowed = await call(
      'GET',
      `${base}/m-1/proxy/api/v1/namespaces?limit=1`,
      admin,
    );
    expect(allowed.body).toEqual({ kind: 'NamespaceList', items: [] });
    expect(authorizer.asked[0].attributes).toMatchObject({
      verb: 'get',
      resource: 'clusters',
      subresource: 'proxy',
      name: 'm-1',
    });
    expect(memberRequests.at(-1)).toMatchObject({
      path: '/api/v1/namespaces?limit=1',
      authorization: 'Bearer member-token',
      'impersonate-user': 'flotilla-admin',
      'impersonate-group': 'system:masters',
    });
  });

  it('answers over HTTP/2 on one connection, as the aggregation layer calls it', async () => {
    const session = http2.connect(`https://127.0.0.1:${port}`, {
      ca: read('karmada-ca.crt'),
      cert: read('front-proxy-client.crt'),
      key: read('front-proxy-client.key'),
    });
    const get = (urlPath: string) =>
      new Promise<{ code: number; body: any }>((resolve, reject) => {
        const stream = session.request({
          ':path': urlPath,
          // Repeated, as Go's HTTP/2 client sends several groups.
          'x-remote-user': admin.user,
          'x-remote-group': admin.groups,
        });
        let code = 0;
        let text = '';
        stream.on('response', headers => (code = Number(headers[':status'])));
        stream.on('data', chunk => (text += chunk));
        stream.on('end', () => resolve({ code, body: JSON.parse(text) }));
        stream.on('error', reject);
        stream.end();
      });
    try {
      const [discovery, list, proxied] = await Promise.all([
        get('/apis/cluster.karmada.io/v1alpha1'),
        get(base),
        get(`${base}/m-1/proxy/api/v1/namespaces?limit=2`),
      ]);
      expect(discovery).toMatchObject({
        code: 200,
        body: { groupVersion: 'cluster.karmada.io/v1alpha1' },
      });
      expect(list.code).toBe(200);
      expect(list.body.items.map((c: any) => c.metadata.name)).toContain('m-1');
      expect(proxied.body).toEqual({ kind: 'NamespaceList', items: [] });
      // No HTTP/2 pseudo-header reached the member as a header.
      expect(memberRequests.at(-1)).toMatchObject({
        path: '/api/v1/namespaces?limit=2',
        'impersonate-group': 'system:masters',
      });
      expect(
        Object.keys(memberRequests.at(-1)!).filter(h => h.startsWith(':')),
      ).toEqual([]);
    } finally {
      session.close();
    }
  });

  it('prints Karmada’s columns', () => {
    const table = clusterTable([], '7');
    expect(table.columnDefinitions.map(c => c.name)).toEqual([
      'Name',
      'Version',
      'Mode',
      'Ready',
      'Age',
    ]);
  });
});
