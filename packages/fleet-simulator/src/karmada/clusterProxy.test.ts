import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Cluster } from './clusterTypes';
import {
  credentialsFor,
  forwardToCluster,
  proxyRequestHeaders,
  proxyTarget,
} from './clusterProxy';

const user = {
  name: 'flotilla-backstage',
  groups: ['flotilla:backstage', 'system:authenticated'],
  extra: {},
};

describe('cluster proxy', () => {
  it('sends the cluster token and the caller as impersonation, never the caller’s own credentials', () => {
    const headers = proxyRequestHeaders(
      {
        accept: 'application/json',
        authorization: 'Bearer caller-token',
        'x-remote-user': 'someone',
        'x-remote-group': 'system:masters',
        'impersonate-user': 'system:admin',
        'impersonate-group': 'system:masters',
        connection: 'keep-alive, x-trace',
        'x-trace': 'abc',
        'keep-alive': 'timeout=5',
        host: '127.0.0.1:36443',
        'user-agent': 'kubectl/v1.20.2',
      },
      user,
      'member-token',
    );
    expect(headers).toEqual({
      accept: 'application/json',
      'user-agent': 'kubectl/v1.20.2',
      'impersonate-user': 'flotilla-backstage',
      // system:authenticated is every user's: Karmada leaves it out.
      'impersonate-group': ['flotilla:backstage'],
      authorization: 'Bearer member-token',
    });
  });

  it('joins the proxied path onto the endpoint and keeps the query', () => {
    expect(
      proxyTarget('https://127.0.0.1:36502', '/api/v1/namespaces', '?limit=2')
        .href,
    ).toBe('https://127.0.0.1:36502/api/v1/namespaces?limit=2');
    expect(
      proxyTarget('https://lb.example:6443/k8s/', 'apis/apps/v1', '').href,
    ).toBe('https://lb.example:6443/k8s/apis/apps/v1');
  });

  it('takes the token from the impersonator secret and the CA from the secretRef', async () => {
    const secrets: Record<string, Record<string, string>> = {
      'karmada-cluster/m-1': {
        token: 'controller',
        caBundle: '-----BEGIN CERTIFICATE-----',
      },
      'karmada-cluster/m-1-impersonator': { token: 'impersonator' },
    };
    const read = async (ns: string, name: string) => secrets[`${ns}/${name}`];
    const cluster = {
      metadata: { name: 'm-1' },
      spec: {
        syncMode: 'Push',
        secretRef: { namespace: 'karmada-cluster', name: 'm-1' },
        impersonatorSecretRef: {
          namespace: 'karmada-cluster',
          name: 'm-1-impersonator',
        },
      },
    } as Cluster;
    await expect(credentialsFor(cluster, read)).resolves.toEqual({
      token: 'impersonator',
      caBundle: '-----BEGIN CERTIFICATE-----',
    });
    const withoutImpersonator = {
      ...cluster,
      spec: { ...cluster.spec, impersonatorSecretRef: undefined },
    } as Cluster;
    await expect(credentialsFor(withoutImpersonator, read)).resolves.toEqual({
      token: 'controller',
      caBundle: '-----BEGIN CERTIFICATE-----',
    });
  });

  it('forwards method, path, body and headers to the member and streams the answer back', async () => {
    const seen: Array<{
      method?: string;
      url?: string;
      headers: http.IncomingHttpHeaders;
      body: string;
    }> = [];
    const member = http.createServer((req, res) => {
      let body = '';
      req.on('data', c => (body += c));
      req.on('end', () => {
        seen.push({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body,
        });
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end('{"kind":"ConfigMap"}');
      });
    });
    await new Promise<void>(r => member.listen(0, '127.0.0.1', () => r()));
    const memberPort = (member.address() as AddressInfo).port;
    const front = http.createServer((req, res) => {
      forwardToCluster({
        cluster: {
          metadata: { name: 'm-1' },
          spec: {
            syncMode: 'Push',
            apiEndpoint: `http://127.0.0.1:${memberPort}`,
          },
        } as Cluster,
        credentials: { token: 'member-token' },
        user,
        proxyPath: '/api/v1/namespaces/default/configmaps',
        query: '?fieldManager=flotilla',
        request: req,
        response: res,
      });
    });
    await new Promise<void>(r => front.listen(0, '127.0.0.1', () => r()));
    const frontPort = (front.address() as AddressInfo).port;
    const answer = await fetch(`http://127.0.0.1:${frontPort}/anything`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer caller',
      },
      body: '{"metadata":{"name":"x"}}',
    });
    expect(answer.status).toBe(201);
    expect(await answer.text()).toBe('{"kind":"ConfigMap"}');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/namespaces/default/configmaps?fieldManager=flotilla',
      body: '{"metadata":{"name":"x"}}',
    });
    expect(seen[0].headers).toMatchObject({
      authorization: 'Bearer member-token',
      'impersonate-user': 'flotilla-backstage',
      'impersonate-group': 'flotilla:backstage',
    });
    // An unreachable member is a 503 Status, as Karmada's proxy answers.
    await new Promise<void>(r => member.close(() => r()));
    const down = await fetch(`http://127.0.0.1:${frontPort}/x`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({
      kind: 'Status',
      code: 503,
      reason: 'ServiceUnavailable',
    });
    await new Promise<void>(r => front.close(() => r()));
  });

  it('forwards nothing for a caller that left before its request was forwarded', async () => {
    let reached = 0;
    const member = http.createServer((_req, res) => {
      reached++;
      res.end('{}');
    });
    await new Promise<void>(r => member.listen(0, '127.0.0.1', () => r()));
    const memberPort = (member.address() as AddressInfo).port;
    let arrived: () => void = () => undefined;
    const callerArrived = new Promise<void>(r => (arrived = r));
    let forwarded: Promise<void> | undefined;
    const callerLeft = new Promise<void>(done => {
      const front = http.createServer((req, res) => {
        arrived();
        // As a slow authorization would: forwarded after the caller left.
        res.once('close', () => {
          forwarded = forwardToCluster({
            cluster: {
              metadata: { name: 'm-1' },
              spec: {
                syncMode: 'Push',
                apiEndpoint: `http://127.0.0.1:${memberPort}`,
              },
            } as Cluster,
            credentials: { token: 'member-token' },
            user,
            proxyPath: '/api/v1/nodes',
            query: '',
            request: req,
            response: res,
          });
          front.close(() => done());
        });
      });
      front.listen(0, '127.0.0.1', () => {
        const port = (front.address() as AddressInfo).port;
        const caller = new AbortController();
        fetch(`http://127.0.0.1:${port}/x`, { signal: caller.signal }).catch(
          () => undefined,
        );
        callerArrived.then(() => caller.abort());
      });
    });
    await callerLeft;
    await forwarded;
    expect(reached).toBe(0);
    await new Promise<void>(r => member.close(() => r()));
  });
});
