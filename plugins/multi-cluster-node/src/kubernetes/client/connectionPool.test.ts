import https from 'node:https';
import { listenOnLoopback, makeTestTls } from '@flotilla/test-kit';
import { KubernetesClient } from './KubernetesClient';

const tls = makeTestTls();

/** An HTTPS API server that counts TLS handshakes and the tokens it saw. */
async function countingApiServer() {
  const seen = { handshakes: 0, tokens: new Set<string>() };
  const server = https.createServer(
    { cert: tls.cert, key: tls.key },
    (req, res) => {
      seen.tokens.add(String(req.headers.authorization));
      if (req.url?.startsWith('/readyz')) {
        res.end('ok');
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          kind: 'NodeList',
          apiVersion: 'v1',
          metadata: { resourceVersion: '1' },
          items: [],
        }),
      );
    },
  );
  server.on('secureConnection', () => {
    seen.handshakes++;
  });
  const { url, close } = await listenOnLoopback(server);
  return { url, seen, close };
}

describe('kept-alive connections', () => {
  it('serves many clusters behind one server over a few TLS connections, each with its own token', async () => {
    const api = await countingApiServer();
    try {
      // Twenty clusters behind one control plane (the Karmada proxy's shape).
      const clients = Array.from({ length: 20 }, (_, i) =>
        KubernetesClient.fromEndpoint(
          {
            name: `member-${i}`,
            url: `${api.url}/apis/cluster.karmada.io/v1alpha1/clusters/member-${i}/proxy`,
            caData: tls.caData,
            token: `token-${i % 2}`,
          },
          10_000,
        ),
      );
      // Sequential calls: each can reuse the connection the previous freed.
      for (const client of clients) {
        await client.listNodes({});
        expect(await client.readyz()).toBe(true);
      }
      expect(api.seen.handshakes).toBe(1);
      expect(api.seen.tokens).toEqual(
        new Set(['Bearer token-0', 'Bearer token-1']),
      );
    } finally {
      await api.close();
    }
  });

  it('keeps separate connections for a server trusted differently', async () => {
    const api = await countingApiServer();
    try {
      const verified = KubernetesClient.fromEndpoint(
        {
          name: 'a',
          url: api.url,
          caData: tls.caData,
          token: 't',
        },
        10_000,
      );
      const unverified = KubernetesClient.fromEndpoint(
        { name: 'b', url: api.url, skipTLSVerify: true, token: 't' },
        10_000,
      );
      await verified.listNodes({});
      await unverified.listNodes({});
      await verified.listNodes({});
      expect(api.seen.handshakes).toBe(2);
    } finally {
      await api.close();
    }
  });
});
