import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigReader } from '@backstage/config';
import { mockServices } from '@backstage/backend-test-utils';
import type {
  AuthenticationStrategy,
  ClusterDetails,
} from '@backstage/plugin-kubernetes-node';
import { http, HttpResponse } from 'msw';
import { setupKubernetesMocks } from '../testUtils/msw';
import { CLIENT_CERT, CLIENT_KEY } from '../kubernetes/__testUtils__/tls';
import { ClusterCredentials } from './ClusterCredentials';

const server = setupKubernetesMocks();
const b64 = (text: string) => Buffer.from(text).toString('base64');

function cluster(authMetadata: Record<string, string>): ClusterDetails {
  return {
    name: 'c1',
    url: 'https://c1.example.com',
    authMetadata: { ...authMetadata },
  };
}

function credentials(
  config: object = {},
  custom?: Map<string, AuthenticationStrategy>,
) {
  return ClusterCredentials.create({
    config: new ConfigReader(config),
    logger: mockServices.logger.mock(),
    custom,
  });
}

describe('ClusterCredentials', () => {
  it("dispatches by the Kubernetes plugin's authProvider names and reports unknown ones", async () => {
    const creds = credentials();
    expect(creds.providers.sort()).toEqual(
      [
        'aks',
        'aws',
        'azure',
        'clientCertificate',
        'google',
        'googleServiceAccount',
        'localKubectlProxy',
        'oidc',
        'serviceAccount',
      ].sort(),
    );
    await expect(
      creds.forService(
        cluster({
          'kubernetes.io/auth-provider': 'serviceAccount',
          serviceAccountToken: 'sa-token',
        }),
      ),
    ).resolves.toEqual({ type: 'bearer token', token: 'sa-token' });
    await expect(
      creds.forService(
        cluster({ 'kubernetes.io/auth-provider': 'localKubectlProxy' }),
      ),
    ).resolves.toEqual({ type: 'anonymous' });
    expect(
      creds
        .validate(cluster({ 'kubernetes.io/auth-provider': 'kerberos' }))
        .map(e => e.message),
    ).toEqual(['authProvider "kerberos" has no config associated with it']);
    expect(
      creds
        .validate(cluster({ 'kubernetes.io/auth-provider': 'oidc' }))
        .map(e => e.message),
    ).toEqual(["Must specify a token provider for 'oidc' strategy"]);
  });

  it('takes strategies added by modules, which may replace a built-in one', async () => {
    const vault: AuthenticationStrategy = {
      getCredential: async () => ({
        type: 'bearer token',
        token: 'from-vault',
      }),
      validateCluster: () => [],
      presentAuthMetadata: () => ({}),
    };
    const creds = credentials({}, new Map([['vault', vault]]));
    await expect(
      creds.forService(cluster({ 'kubernetes.io/auth-provider': 'vault' })),
    ).resolves.toEqual({ type: 'bearer token', token: 'from-vault' });
  });

  it('reads client certificates from base64 data or from PEM files, again on every call', async () => {
    const creds = credentials();
    await expect(
      creds.forService(
        cluster({
          'kubernetes.io/auth-provider': 'clientCertificate',
          clientCertData: b64(CLIENT_CERT),
          clientKeyData: b64(CLIENT_KEY),
        }),
      ),
    ).resolves.toEqual({
      type: 'x509 client certificate',
      cert: CLIENT_CERT,
      key: CLIENT_KEY,
    });

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flotilla-cert-'));
    try {
      const certFile = path.join(dir, 'tls.crt');
      const keyFile = path.join(dir, 'tls.key');
      fs.writeFileSync(certFile, 'old certificate');
      fs.writeFileSync(keyFile, CLIENT_KEY);
      const details = cluster({
        'kubernetes.io/auth-provider': 'clientCertificate',
        clientCertFile: certFile,
        clientKeyFile: keyFile,
      });
      expect(await creds.forService(details)).toMatchObject({
        cert: 'old certificate',
      });
      fs.writeFileSync(certFile, CLIENT_CERT); // rotated by cert-manager, say
      expect(await creds.forService(details)).toMatchObject({
        cert: CLIENT_CERT,
      });
      // The detail is the error code, never the file's path or contents.
      fs.rmSync(keyFile);
      await expect(creds.forService(details)).rejects.toThrow(
        'clientKeyFile cannot be read (ENOENT)',
      );
      expect(creds.maxAgeMs(details)).toBeGreaterThan(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(
      creds
        .validate(
          cluster({
            'kubernetes.io/auth-provider': 'clientCertificate',
            clientCertData: 'x',
            clientCertFile: '/x',
          }),
        )
        .map(e => e.message),
    ).toEqual([
      "a client certificate needs exactly one of 'clientCertData' and 'clientCertFile' for its certificate",
      "a client certificate needs exactly one of 'clientKeyData' and 'clientKeyFile' for its key",
    ]);
  });

  it("reads user-delegated clusters with the user's token and writes with the service identity", async () => {
    const creds = credentials();
    const oidc = cluster({
      'kubernetes.io/auth-provider': 'oidc',
      'kubernetes.io/oidc-token-provider': 'okta',
    });
    const userAuth = { oidc: { okta: 'alice-id-token' } };
    expect(creds.isUserDelegated(oidc)).toBe(true);
    expect(creds.hasUserCredential(oidc, userAuth)).toBe(true);
    expect(creds.hasUserCredential(oidc, { oidc: { github: 'x' } })).toBe(
      false,
    );
    expect(creds.hasUserCredential(oidc, undefined)).toBe(false);
    await expect(creds.forUser(oidc, userAuth)).resolves.toEqual({
      type: 'bearer token',
      token: 'alice-id-token',
    });
    // No service identity: the backend has nothing of its own to send.
    expect(creds.serviceDetails(oidc)).toBeUndefined();
    await expect(creds.forService(oidc)).rejects.toThrow(
      "c1 authenticates signed-in users only (authProvider 'oidc') and has no service identity",
    );
    // With a token beside it, that token is the service identity.
    const withService = {
      ...oidc,
      authMetadata: { ...oidc.authMetadata, serviceAccountToken: 'svc' },
    };
    await expect(creds.forService(withService)).resolves.toEqual({
      type: 'bearer token',
      token: 'svc',
    });
    const google = cluster({ 'kubernetes.io/auth-provider': 'google' });
    expect(creds.hasUserCredential(google, { google: 'ya29.user' })).toBe(true);
    await expect(
      creds.forUser(google, { google: 'ya29.user' }),
    ).resolves.toEqual({ type: 'bearer token', token: 'ya29.user' });
  });

  describe('cloud token endpoints', () => {
    const saved = { ...process.env };
    afterEach(() => {
      process.env = { ...saved };
    });

    it('signs an EKS token with the role AWS STS hands out for assumeRole', async () => {
      process.env.AWS_ACCESS_KEY_ID = 'AKIAFLOTILLAEXAMPLE';
      process.env.AWS_SECRET_ACCESS_KEY = 'base-secret';
      process.env.AWS_REGION = 'eu-west-1';
      delete process.env.AWS_PROFILE;
      delete process.env.AWS_SESSION_TOKEN;
      const stsCalls: {
        host: string;
        authorization: string;
        body: URLSearchParams;
      }[] = [];
      server.use(
        http.post('https://:host/', async ({ request }) => {
          const body = new URLSearchParams(await request.text());
          stsCalls.push({
            host: new URL(request.url).host,
            authorization: request.headers.get('authorization') ?? '',
            body,
          });
          if (body.get('Action') === 'GetCallerIdentity') {
            // Backstage's AWS credentials manager asks whose keys these are.
            return new HttpResponse(
              `<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
  <GetCallerIdentityResult>
    <Arn>arn:aws:iam::123456789012:user/backstage</Arn>
    <UserId>AIDAFLOTILLABACKSTAGE</UserId>
    <Account>123456789012</Account>
  </GetCallerIdentityResult>
  <ResponseMetadata><RequestId>01234567-89ab-cdef-0123-456789abcdef</RequestId></ResponseMetadata>
</GetCallerIdentityResponse>`,
              { headers: { 'content-type': 'text/xml' } },
            );
          }
          return new HttpResponse(
            `<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
  <AssumeRoleResult>
    <AssumedRoleUser>
      <Arn>arn:aws:sts::123456789012:assumed-role/flotilla-reader/backstage</Arn>
      <AssumedRoleId>AROA3XFRBF535PLBIFPI4:backstage</AssumedRoleId>
    </AssumedRoleUser>
    <Credentials>
      <AccessKeyId>ASIAFLOTILLAASSUMED</AccessKeyId>
      <SecretAccessKey>assumed-secret</SecretAccessKey>
      <SessionToken>FwoGZXIvYXdzEFLOTILLASESSION</SessionToken>
      <Expiration>2099-01-01T00:00:00Z</Expiration>
    </Credentials>
  </AssumeRoleResult>
  <ResponseMetadata><RequestId>c6104cbe-af31-11e0-8154-cbc7ccf896c7</RequestId></ResponseMetadata>
</AssumeRoleResponse>`,
            { headers: { 'content-type': 'text/xml' } },
          );
        }),
      );
      const credential = await credentials().forService({
        ...cluster({
          'kubernetes.io/auth-provider': 'aws',
          'kubernetes.io/aws-assume-role':
            'arn:aws:iam::123456789012:role/flotilla-reader',
          'kubernetes.io/aws-external-id': 'fleet-42',
          'kubernetes.io/x-k8s-aws-id': 'prod-eu-1',
        }),
      });
      const assumeRole = stsCalls.filter(
        c => c.body.get('Action') === 'AssumeRole',
      );
      expect(assumeRole).toHaveLength(1);
      expect(assumeRole[0].host).toBe('sts.eu-west-1.amazonaws.com');
      expect(assumeRole[0].body.get('RoleArn')).toBe(
        'arn:aws:iam::123456789012:role/flotilla-reader',
      );
      expect(assumeRole[0].body.get('ExternalId')).toBe('fleet-42');
      expect(assumeRole[0].authorization).toContain(
        'Credential=AKIAFLOTILLAEXAMPLE/',
      );
      // The EKS token: a presigned GetCallerIdentity URL, signed with the
      // assumed role, naming the cluster in x-k8s-aws-id.
      expect(credential.type).toBe('bearer token');
      const token = (credential as { token: string }).token;
      expect(token.startsWith('k8s-aws-v1.')).toBe(true);
      const url = new URL(
        Buffer.from(token.slice('k8s-aws-v1.'.length), 'base64url').toString(),
      );
      expect(url.host).toBe('sts.eu-west-1.amazonaws.com');
      expect(url.searchParams.get('Action')).toBe('GetCallerIdentity');
      expect(url.searchParams.get('X-Amz-Credential')).toMatch(
        /^ASIAFLOTILLAASSUMED\//,
      );
      expect(url.searchParams.get('X-Amz-Security-Token')).toBe(
        'FwoGZXIvYXdzEFLOTILLASESSION',
      );
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain(
        'x-k8s-aws-id',
      );
    });

    it('exchanges a Google service account key for an access token', async () => {
      const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', {
        modulusLength: 2048,
      });
      const key = {
        type: 'service_account',
        project_id: 'flotilla-fleet',
        private_key_id: 'k1',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
        client_email: 'backstage@flotilla-fleet.iam.gserviceaccount.com',
        client_id: '1234567890',
        token_uri: 'https://oauth2.googleapis.com/token',
      };
      const assertions: string[] = [];
      server.use(
        http.post(
          'https://www.googleapis.com/oauth2/v4/token',
          async ({ request }) => {
            const body = new URLSearchParams(await request.text());
            expect(body.get('grant_type')).toBe(
              'urn:ietf:params:oauth:grant-type:jwt-bearer',
            );
            assertions.push(body.get('assertion') ?? '');
            return HttpResponse.json({
              access_token: 'ya29.c.flotilla-service-account',
              expires_in: 3599,
              token_type: 'Bearer',
            });
          },
        ),
      );
      const credential = await credentials({
        kubernetes: { googleServiceAccountCredentials: JSON.stringify(key) },
      }).forService(
        cluster({ 'kubernetes.io/auth-provider': 'googleServiceAccount' }),
      );
      expect(credential).toEqual({
        type: 'bearer token',
        token: 'ya29.c.flotilla-service-account',
      });
      // The assertion is a JWT signed with the service account's key.
      expect(assertions).toHaveLength(1);
      const [header, payload, signature] = assertions[0].split('.');
      expect(
        crypto.verify(
          'RSA-SHA256',
          Buffer.from(`${header}.${payload}`),
          publicKey,
          Buffer.from(signature, 'base64url'),
        ),
      ).toBe(true);
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      expect(claims.iss).toBe(key.client_email);
      expect(claims.scope).toContain(
        'https://www.googleapis.com/auth/cloud-platform',
      );
    });

    it("gets an AKS token from Microsoft Entra ID with the app registration's client secret", async () => {
      const tenant = '72f988bf-86f1-41af-91ab-2d7cd011db47';
      process.env.AZURE_TENANT_ID = tenant;
      process.env.AZURE_CLIENT_ID = 'a5d0cbd2-flotilla-backstage';
      process.env.AZURE_CLIENT_SECRET = 'entra-client-secret';
      delete process.env.AZURE_AUTHORITY_HOST;
      delete process.env.AZURE_CLIENT_CERTIFICATE_PATH;
      delete process.env.AZURE_FEDERATED_TOKEN_FILE;
      const login = `https://login.microsoftonline.com/${tenant}`;
      const tokenRequests: URLSearchParams[] = [];
      server.use(
        // MSAL's instance discovery and the tenant's OpenID metadata, as Entra ID answers them.
        http.get(
          'https://login.microsoftonline.com/common/discovery/instance',
          () =>
            HttpResponse.json({
              tenant_discovery_endpoint: `${login}/v2.0/.well-known/openid-configuration`,
              'api-version': '1.1',
              metadata: [
                {
                  preferred_network: 'login.microsoftonline.com',
                  preferred_cache: 'login.windows.net',
                  aliases: [
                    'login.microsoftonline.com',
                    'login.windows.net',
                    'login.microsoft.com',
                    'sts.windows.net',
                  ],
                },
              ],
            }),
        ),
        http.get(`${login}/v2.0/.well-known/openid-configuration`, () =>
          HttpResponse.json({
            token_endpoint: `${login}/oauth2/v2.0/token`,
            authorization_endpoint: `${login}/oauth2/v2.0/authorize`,
            end_session_endpoint: `${login}/oauth2/v2.0/logout`,
            issuer: `https://login.microsoftonline.com/${tenant}/v2.0`,
            jwks_uri: `https://login.microsoftonline.com/${tenant}/discovery/v2.0/keys`,
            token_endpoint_auth_methods_supported: [
              'client_secret_post',
              'private_key_jwt',
              'client_secret_basic',
            ],
            response_types_supported: ['code', 'id_token', 'code id_token'],
            scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
            tenant_region_scope: 'EU',
            cloud_instance_name: 'microsoftonline.com',
          }),
        ),
        http.post(`${login}/oauth2/v2.0/token`, async ({ request }) => {
          tokenRequests.push(new URLSearchParams(await request.text()));
          return HttpResponse.json({
            token_type: 'Bearer',
            expires_in: 3599,
            ext_expires_in: 3599,
            access_token: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.aks-reader.sig',
          });
        }),
      );
      const creds = credentials();
      const aks = cluster({ 'kubernetes.io/auth-provider': 'azure' });
      const credential = await creds.forService(aks);
      expect(credential).toEqual({
        type: 'bearer token',
        token: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.aks-reader.sig',
      });
      // Client credentials for the AKS AAD server application's scope.
      expect(tokenRequests).toHaveLength(1);
      expect(tokenRequests[0].get('grant_type')).toBe('client_credentials');
      expect(tokenRequests[0].get('client_id')).toBe(
        'a5d0cbd2-flotilla-backstage',
      );
      expect(tokenRequests[0].get('client_secret')).toBe('entra-client-secret');
      expect(tokenRequests[0].get('scope')).toContain(
        '6dae42f8-4368-4678-94ff-3960e28e3630/.default',
      );
      // The token lives an hour: the next read reuses it.
      await expect(creds.forService(aks)).resolves.toEqual(credential);
      expect(tokenRequests).toHaveLength(1);
    });
  });
});
