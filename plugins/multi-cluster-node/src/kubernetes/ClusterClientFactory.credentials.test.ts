import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { ConfigReader } from '@backstage/config';
import { listenOnLoopback } from '@flotilla/test-kit';
import { readMultiClusterConfig } from '../config';
import { ClusterClientFactory } from './ClusterClientFactory';
import { CredentialsUnavailableError } from './client/errors';
import {
  CA_CERT,
  CLIENT_CERT,
  CLIENT_KEY,
  SERVER_CERT,
  SERVER_KEY,
} from './__testUtils__/tls';

/**
 * A local HTTPS server that authenticates like kube-apiserver: a client
 * certificate signed by its client CA, or a bearer token; it answers the
 * identity it saw.
 */
async function apiServer() {
  const seen: string[] = [];
  const server = https.createServer(
    {
      key: SERVER_KEY,
      cert: SERVER_CERT,
      ca: CA_CERT,
      requestCert: true,
      rejectUnauthorized: false,
    },
    (req, res) => {
      const socket = req.socket as import('node:tls').TLSSocket;
      const peer = socket.getPeerCertificate();
      const identity = socket.authorized
        ? `cert:${peer.subject.CN}`
        : req.headers.authorization ?? 'anonymous';
      seen.push(identity);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          kind: 'NodeList',
          apiVersion: 'v1',
          metadata: {},
          items: [],
        }),
      );
    },
  );
  const { url, close } = await listenOnLoopback(server);
  return { url, seen, close };
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('ClusterClientFactory credentials from the Kubernetes plugin vocabulary', () => {
  let server: Awaited<ReturnType<typeof apiServer>>;
  let dir: string;
  beforeAll(async () => {
    server = await apiServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flotilla-factory-'));
    fs.writeFileSync(path.join(dir, 'ca.crt'), CA_CERT);
    fs.writeFileSync(path.join(dir, 'tls.crt'), CLIENT_CERT);
    fs.writeFileSync(path.join(dir, 'tls.key'), CLIENT_KEY);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function factoryFor(clusters: object[]) {
    return new ClusterClientFactory(
      readMultiClusterConfig(
        new ConfigReader({
          kubernetes: {
            clusterLocatorMethods: [{ type: 'config', clusters }],
          },
          multiCluster: { catalog: { enabled: false } },
        }),
      ),
    );
  }
  const direct = (name: string) => ({
    kind: 'direct' as const,
    url: server.url,
    credentialRef: `config:${name}`,
  });

  it('authenticates with a client certificate from files or data, trusting a CA file', async () => {
    const factory = factoryFor([
      {
        name: 'files',
        url: server.url,
        authProvider: 'clientCertificate',
        clientCertFile: path.join(dir, 'tls.crt'),
        clientKeyFile: path.join(dir, 'tls.key'),
        caFile: path.join(dir, 'ca.crt'),
      },
      {
        name: 'data',
        url: server.url,
        clientCertData: b64(CLIENT_CERT),
        clientKeyData: b64(CLIENT_KEY),
        caData: b64(CA_CERT),
      },
    ]);
    await factory.forCluster('files', direct('files'))!.listNodes();
    await factory.forCluster('data', direct('data'))!.listNodes();
    expect(server.seen.splice(0)).toEqual([
      'cert:capi-admin',
      'cert:capi-admin',
    ]);
  });

  it('refuses a server its CA bundle does not vouch for, saying so', async () => {
    const factory = factoryFor([
      { name: 'untrusted', url: server.url, serviceAccountToken: 't' },
    ]);
    await expect(
      factory.forCluster('untrusted', direct('untrusted'))!.listNodes(),
    ).rejects.toThrow(
      "untrusted: list nodes: the server's certificate is not signed by a trusted CA (check caData/caFile) (SELF_SIGNED_CERT_IN_CHAIN)",
    );
    expect(server.seen.splice(0)).toEqual([]);
  });

  it('reads an OIDC cluster as the signed-in user, and as the service only with a service identity', async () => {
    const factory = factoryFor([
      {
        name: 'users-only',
        url: server.url,
        caData: b64(CA_CERT),
        authProvider: 'oidc',
        oidcTokenProvider: 'okta',
      },
      {
        name: 'with-service',
        url: server.url,
        caData: b64(CA_CERT),
        authProvider: 'oidc',
        oidcTokenProvider: 'okta',
        serviceAccountToken: 'svc-token',
      },
    ]);
    const alice = { oidc: { okta: 'alice-id-token' } };
    await factory
      .forCluster('users-only', direct('users-only'), { userAuth: alice })!
      .listNodes();
    expect(server.seen.splice(0)).toEqual(['Bearer alice-id-token']);

    // Without the user's token there is nothing to send, and the error says why.
    expect(factory.canReach(direct('users-only'))).toBe(false);
    const error = await factory
      .forCluster('users-only', direct('users-only'))!
      .listNodes()
      .catch(e => e);
    expect(error).toBeInstanceOf(CredentialsUnavailableError);
    expect(error.message).toContain(
      "users-only is read with the signed-in user's oidc credentials, and this request carried none",
    );
    expect(server.seen).toEqual([]);

    expect(factory.canReach(direct('with-service'))).toBe(true);
    await factory
      .forCluster('with-service', direct('with-service'))!
      .listNodes();
    await factory
      .forCluster('with-service', direct('with-service'), { userAuth: alice })!
      .listNodes();
    // A token for another provider is not this cluster's user credential.
    await factory
      .forCluster('with-service', direct('with-service'), {
        userAuth: { oidc: { github: 'x' } },
      })!
      .listNodes();
    expect(server.seen.splice(0)).toEqual([
      'Bearer svc-token',
      'Bearer alice-id-token',
      'Bearer svc-token',
    ]);
  });

  it('stops at start-up on an entry its auth strategy refuses, naming it', () => {
    expect(() =>
      factoryFor([
        { name: 'typo', url: server.url, authProvider: 'serviceAcount' },
      ]),
    ).toThrow(
      `Invalid cluster configuration: 'typo': authProvider "serviceAcount" has no config associated with it`,
    );
    expect(() =>
      factoryFor([{ name: 'oidc', url: server.url, authProvider: 'oidc' }]),
    ).toThrow("'oidc': Must specify a token provider for 'oidc' strategy");
  });
});
