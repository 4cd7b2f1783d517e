import https from 'node:https';
import { http, HttpResponse } from 'msw';
import { listenOnLoopback } from '@flotilla/test-kit';
import { k8sStatus, setupKubernetesMocks } from '../testUtils/msw';
import { ClusterClientFactory } from './ClusterClientFactory';
import { CredentialsUnavailableError } from './client/errors';
import {
  CA_CERT,
  CLIENT_CERT,
  CLIENT_KEY,
  SERVER_CERT,
  SERVER_KEY,
} from './__testUtils__/tls';

const server = setupKubernetesMocks();
const b64 = (text: string) => Buffer.from(text).toString('base64');
const MGMT = 'https://mgmt.example.com:6443';
const SECRET_PATH = `${MGMT}/api/v1/namespaces/fleet-system/secrets/wc-1-kubeconfig`;

/** A kubeconfig as Cluster API writes it into `<cluster>-kubeconfig`. */
function capiKubeconfig(
  apiServer: string,
  user: Record<string, string>,
  cluster: Record<string, unknown> = {},
): string {
  return `apiVersion: v1
kind: Config
clusters:
- name: wc-1
  cluster:
    server: ${apiServer}
${Object.entries(cluster)
  .map(([k, v]) => `    ${k}: ${JSON.stringify(v)}\n`)
  .join('')}contexts:
- name: wc-1-admin@wc-1
  context:
    cluster: wc-1
    user: wc-1-admin
current-context: wc-1-admin@wc-1
users:
- name: wc-1-admin
  user:
${Object.entries(user)
  .map(([k, v]) => `    ${k}: ${JSON.stringify(v)}\n`)
  .join('')}`;
}

function capiSecret(kubeconfig: string, type = 'cluster.x-k8s.io/secret') {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'wc-1-kubeconfig', namespace: 'fleet-system' },
    type,
    data: { value: b64(kubeconfig) },
  };
}

const capiAccess = {
  kind: 'capi-kubeconfig' as const,
  managementCluster: 'mgmt',
  namespace: 'fleet-system',
  secretName: 'wc-1-kubeconfig',
};

function capiFactory(kubeconfigMaxAgeMs?: number) {
  return new ClusterClientFactory({
    configClusters: [],
    karmada: [],
    clusterApi: [{ name: 'mgmt', url: MGMT, token: 'mgmt-token' }],
    catalog: { enabled: false },
    clusterTimeoutMs: 5000,
    kubeconfigMaxAgeMs,
  });
}

const nodeList = {
  kind: 'NodeList',
  apiVersion: 'v1',
  metadata: {},
  items: [{ metadata: { name: 'wc-1-md-0-abc' } }],
};

describe('ClusterClientFactory', () => {
  const factory = new ClusterClientFactory({
    configClusters: [
      { name: 'a', url: 'https://a', token: 'ta' },
      { name: 'no-token', url: 'https://n' },
    ],
    karmada: [{ name: 'k', url: 'https://karmada:5443/', token: 'tk' }],
    clusterApi: [{ name: 'm', url: 'https://mgmt', token: 'tm' }],
    catalog: { enabled: true, serviceAccountToken: 'sa' },
    clusterTimeoutMs: 1000,
  });

  it('builds one KubeConfig per cluster and caches the client', async () => {
    const access = {
      kind: 'direct' as const,
      url: 'https://a',
      credentialRef: 'config:a',
    };
    const client = factory.forCluster('a', access)!;
    const kubeConfig = await client.resolveKubeConfig();
    expect(kubeConfig.getCurrentCluster()?.server).toBe('https://a');
    expect(kubeConfig.getCurrentUser()?.token).toBe('ta');
    expect(factory.forCluster('a', access)).toBe(client);
  });

  it('routes Karmada members through the aggregated proxy', async () => {
    const client = factory.forCluster('member', {
      kind: 'karmada-proxy',
      controlPlane: 'k',
      cluster: 'member',
    })!;
    const kubeConfig = await client.resolveKubeConfig();
    expect(kubeConfig.getCurrentCluster()?.server).toBe(
      'https://karmada:5443/apis/cluster.karmada.io/v1alpha1/clusters/member/proxy',
    );
    expect(kubeConfig.getCurrentUser()?.token).toBe('tk');
  });

  it('refuses clusters it cannot authenticate to', async () => {
    expect(
      factory.forCluster('x', {
        kind: 'direct',
        url: 'https://x',
        credentialRef: 'catalog:no-such-provider',
      }),
    ).toBeUndefined();
    expect(
      factory.forCluster('c', {
        kind: 'direct',
        url: 'https://c',
        credentialRef: 'unknown:ref',
      }),
    ).toBeUndefined();
    // A service account without a token, outside a pod: nothing to send.
    expect(
      factory.forCluster('n', {
        kind: 'direct',
        url: 'https://n',
        credentialRef: 'config:no-token',
      }),
    ).toBeUndefined();
    const catalogCluster = factory.forCluster('c', {
      kind: 'direct',
      url: 'https://c',
      credentialRef: 'catalog:serviceAccount',
    })!;
    expect(
      (await catalogCluster.resolveKubeConfig()).getCurrentUser()?.token,
    ).toBe('sa');
    expect(factory.forControlPlane('cluster-api', 'm')?.name).toBe(
      'cluster-api:m',
    );
    expect(factory.forControlPlane('karmada', 'nope')).toBeUndefined();
  });
});

describe('ClusterClientFactory with Cluster API kubeconfig Secrets', () => {
  const WC = 'https://wc-1.example.com:6443';

  it('reads the kubeconfig Secret through the management cluster and calls the workload cluster with it', async () => {
    const secretReads: (string | null)[] = [];
    const memberAuth: (string | null)[] = [];
    server.use(
      http.get(SECRET_PATH, ({ request }) => {
        secretReads.push(request.headers.get('authorization'));
        return HttpResponse.json(
          capiSecret(
            capiKubeconfig(
              WC,
              { token: 'wc-token-1' },
              {
                'certificate-authority-data': b64(CA_CERT),
              },
            ),
          ),
        );
      }),
      http.get(`${WC}/api/v1/nodes`, ({ request }) => {
        memberAuth.push(request.headers.get('authorization'));
        return HttpResponse.json(nodeList);
      }),
    );
    const factory = capiFactory();
    expect(factory.canReach(capiAccess)).toBe(true);
    const client = factory.forCluster('wc-1', capiAccess)!;
    expect(factory.forCluster('wc-1', capiAccess)).toBe(client);

    const [nodes] = await Promise.all([client.listNodes(), client.listNodes()]);
    expect(nodes.map(n => n.metadata?.name)).toEqual(['wc-1-md-0-abc']);
    await client.listNodes();
    // One Secret read for three calls, with the management cluster's token.
    expect(secretReads).toEqual(['Bearer mgmt-token']);
    expect(memberAuth).toEqual(Array(3).fill('Bearer wc-token-1'));
    const kc = await client.resolveKubeConfig();
    expect(kc.getCurrentCluster()).toMatchObject({
      server: WC,
      caData: b64(CA_CERT),
    });
  });

  it('re-reads the Secret when the workload cluster answers 401 (rotated credentials)', async () => {
    let token = 'wc-token-old';
    let secretReads = 0;
    const memberAuth: (string | null)[] = [];
    server.use(
      http.get(SECRET_PATH, () => {
        secretReads++;
        return HttpResponse.json(capiSecret(capiKubeconfig(WC, { token })));
      }),
      http.get(`${WC}/api/v1/nodes`, ({ request }) => {
        const auth = request.headers.get('authorization');
        memberAuth.push(auth);
        return auth === 'Bearer wc-token-new'
          ? HttpResponse.json(nodeList)
          : HttpResponse.json(k8sStatus(401, 'Unauthorized', 'Unauthorized'), {
              status: 401,
            });
      }),
    );
    const client = capiFactory().forCluster('wc-1', capiAccess)!;
    // The Secret still holds the old token: one re-read, then the 401 stands.
    const error = await client.listNodes().catch(e => e);
    expect(error).toMatchObject({ statusCode: 401 });
    expect(String(error.message)).not.toMatch(/wc-token/);
    expect(secretReads).toBe(2);

    token = 'wc-token-new'; // CAPI rotated the kubeconfig
    await expect(client.listNodes()).resolves.toHaveLength(1);
    expect(secretReads).toBe(3);
    expect(memberAuth).toEqual([
      'Bearer wc-token-old',
      'Bearer wc-token-old',
      'Bearer wc-token-old',
      'Bearer wc-token-new',
    ]);
    await client.listNodes();
    expect(secretReads).toBe(3);
  });

  it('re-reads the Secret once its credentials are older than the maximum age, and reports a refused read', async () => {
    let secretAnswer: 'ok' | 'forbidden' = 'ok';
    let secretReads = 0;
    server.use(
      http.get(SECRET_PATH, () => {
        secretReads++;
        return secretAnswer === 'ok'
          ? HttpResponse.json(
              capiSecret(capiKubeconfig(WC, { token: 'wc-token' })),
            )
          : HttpResponse.json(
              k8sStatus(
                403,
                'Forbidden',
                'secrets "wc-1-kubeconfig" is forbidden: User "flotilla" cannot get resource "secrets"',
              ),
              { status: 403 },
            );
      }),
      http.get(`${WC}/api/v1/nodes`, () => HttpResponse.json(nodeList)),
    );
    // A maximum age of 0: every use after the first load re-reads it.
    const client = capiFactory(0).forCluster('wc-1', capiAccess)!;
    await client.listNodes();
    expect(secretReads).toBe(1);
    await new Promise(resolve => setTimeout(resolve, 5));
    await client.listNodes();
    expect(secretReads).toBe(2);

    secretAnswer = 'forbidden'; // the right to read the Secret was revoked
    await new Promise(resolve => setTimeout(resolve, 5));
    const error = await client.listNodes().catch(e => e);
    expect(String(error.message)).toMatch(
      /wc-1: cannot load credentials: .*secrets "wc-1-kubeconfig" is forbidden/,
    );
  });

  it('reports a missing Secret, a wrong Secret type and unsupported kubeconfig fields without their contents', async () => {
    const cases: [object | undefined, RegExp][] = [
      [
        undefined,
        /secret fleet-system\/wc-1-kubeconfig on mgmt or its 'value' key does not exist/,
      ],
      [
        capiSecret(capiKubeconfig(WC, { token: 'wc-token-x' }), 'Opaque'),
        /has type Opaque, expected cluster\.x-k8s\.io\/secret/,
      ],
      [
        capiSecret(capiKubeconfig(WC, { 'token-file': '/etc/passwd' })),
        /user field 'token-file' is not supported/,
      ],
      [
        capiSecret(
          capiKubeconfig(
            WC,
            { token: 'wc-token-x' },
            { 'certificate-authority': '/etc/ssl/ca.pem' },
          ),
        ),
        /cluster field 'certificate-authority' is not supported/,
      ],
    ];
    for (const [secret, message] of cases) {
      server.use(
        http.get(SECRET_PATH, () =>
          secret
            ? HttpResponse.json(secret)
            : HttpResponse.json(
                k8sStatus(
                  404,
                  'NotFound',
                  'secrets "wc-1-kubeconfig" not found',
                ),
                { status: 404 },
              ),
        ),
      );
      const client = capiFactory().forCluster('wc-1', capiAccess)!;
      const error = await client.listNodes().catch(e => e);
      expect(error.message).toMatch(/^wc-1: cannot load credentials: /);
      // Not the cluster's own 404 (detectors read that as "not installed").
      expect(error).toBeInstanceOf(CredentialsUnavailableError);
      expect(error.statusCode).toBeUndefined();
      expect(error.message).toMatch(message);
      expect(error.message).not.toMatch(/wc-token|passwd|ssl/);
    }
  });

  it('is refused without a configured management cluster', () => {
    const factory = capiFactory();
    const access = { ...capiAccess, managementCluster: 'other' };
    expect(factory.canReach(access)).toBe(false);
    expect(factory.forCluster('wc-1', access)).toBeUndefined();
  });

  it('authenticates with the client certificate of the kubeconfig against a real TLS server', async () => {
    // A local HTTPS server that, like kube-apiserver, verifies client
    // certificates against its client CA.
    const seenSubjects: string[] = [];
    const tlsServer = https.createServer(
      {
        key: SERVER_KEY,
        cert: SERVER_CERT,
        ca: CA_CERT,
        requestCert: true,
        rejectUnauthorized: true,
      },
      (req, res) => {
        const peer = (req.socket as any).getPeerCertificate();
        seenSubjects.push(`${peer.subject.O}/${peer.subject.CN}`);
        res.setHeader('content-type', 'application/json');
        res.end(req.url === '/api/v1/nodes' ? JSON.stringify(nodeList) : 'ok');
      },
    );
    const { url, close } = await listenOnLoopback(tlsServer);
    try {
      server.use(
        http.get(SECRET_PATH, () =>
          HttpResponse.json(
            capiSecret(
              capiKubeconfig(
                url,
                {
                  'client-certificate-data': b64(CLIENT_CERT),
                  'client-key-data': b64(CLIENT_KEY),
                },
                { 'certificate-authority-data': b64(CA_CERT) },
              ),
            ),
          ),
        ),
      );
      const client = capiFactory().forCluster('wc-1', capiAccess)!;
      await expect(client.listNodes()).resolves.toHaveLength(1);
      await expect(client.readyz()).resolves.toBe(true);
      expect(seenSubjects).toEqual([
        'system:masters/capi-admin',
        'system:masters/capi-admin',
      ]);
    } finally {
      await close();
    }
  });
});
