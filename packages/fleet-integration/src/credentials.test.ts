/**
 * Credentials against real API servers: the Kubernetes plugin's cluster
 * vocabulary (`authProvider`, `serviceAccountToken`, client certificates,
 * `caData`/`caFile`, `oidcTokenProvider`) reaching members of the local
 * fleet, including clusters whose credentials are wrong (a finding on that
 * cluster, the rest of the fleet unaffected) and a cluster read with the
 * signed-in user's own token (`Backstage-Kubernetes-Authorization-oidc-*`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { RbacAuthorizationV1Api } from '@kubernetes/client-node';
import type {
  EntityPlacement,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import type { FleetClusterDescription } from '@flotilla/fleet-simulator';
import {
  dropDatabases,
  RunningBackend,
  uniqueDatabasePrefix,
} from './harness/backend';
import { auditEvents } from './harness/failover';
import { deploymentsIn } from './harness/deployments';
import { eventually } from '@flotilla/test-kit';
import {
  adminClients,
  clusterNamed,
  fleetConfigClusters,
  requireFleet,
} from './harness/fleet';
import { useBackend } from './harness/suite';

jest.setTimeout(300_000);

const fleet = requireFleet();
const members = fleet.clusters.filter(c => c.kind === 'member');

/**
 * The member's API server itself (its fault proxy terminates TLS, so a
 * client certificate would not reach it), under another host name its
 * certificate also names, so no other source's record merges with the test's.
 */
const viaLocalhost = (member: FleetClusterDescription) =>
  member.url.replace('127.0.0.1', 'localhost');
const pki = (member: FleetClusterDescription, file: string) =>
  path.join(member.pkiDir, file);
const b64File = (file: string) => fs.readFileSync(file).toString('base64');

// The service the OIDC test reads: the first one running on a member.
const SERVICE = 'checkout';

const [tokenMember, certMember, wrongTokenMember] = members;
const untrustedCertMember = members[3];
const wrongCaMember = members[4];
let oidcMember: FleetClusterDescription;

const { backend } = useBackend({
  name: 'credentials',
  port: 7141,
  config: {
    kubernetes: {
      clusterLocatorMethods: [
        {
          type: 'config',
          clusters: [
            ...fleetConfigClusters(fleet),
            {
              name: 'creds-token',
              url: viaLocalhost(tokenMember),
              authProvider: 'serviceAccount',
              serviceAccountToken: tokenMember.tokens.flotilla,
              caFile: pki(tokenMember, 'ca.crt'),
            },
            {
              name: 'creds-client-cert',
              url: viaLocalhost(certMember),
              authProvider: 'clientCertificate',
              // In authMetadata, which the kubernetes plugin reads too.
              authMetadata: {
                clientCertFile: pki(certMember, 'flotilla.crt'),
                clientKeyFile: pki(certMember, 'flotilla.key'),
              },
              caData: b64File(pki(certMember, 'ca.crt')),
            },
            {
              name: 'creds-wrong-token',
              url: viaLocalhost(wrongTokenMember),
              authProvider: 'serviceAccount',
              serviceAccountToken: 'not-a-token-this-server-knows',
              caFile: pki(wrongTokenMember, 'ca.crt'),
            },
            {
              // A client certificate signed by another cluster's CA: the API
              // server cannot verify it and refuses the request (401).
              name: 'creds-untrusted-cert',
              url: viaLocalhost(untrustedCertMember),
              authProvider: 'clientCertificate',
              authMetadata: {
                clientCertFile: pki(certMember, 'flotilla.crt'),
                clientKeyFile: pki(certMember, 'flotilla.key'),
              },
              caFile: pki(untrustedCertMember, 'ca.crt'),
            },
            {
              // Another cluster's CA: the server cannot prove who it is.
              name: 'creds-wrong-ca',
              url: viaLocalhost(wrongCaMember),
              authProvider: 'serviceAccount',
              serviceAccountToken: wrongCaMember.tokens.flotilla,
              caFile: pki(tokenMember, 'ca.crt'),
            },
          ],
        },
      ],
    },
  },
});

async function configClusters(): Promise<Map<string, FleetCluster>> {
  const { items } = await backend().ok<{ items: FleetCluster[] }>(
    'GET',
    '/api/multi-cluster/clusters?limit=1000',
  );
  return new Map(items.map(c => [c.name, c]));
}

describe('cluster credentials against the API servers', () => {
  it('reaches members with a token and with a client certificate, and names wrong credentials on their cluster only', async () => {
    await eventually(async () => {
      const clusters = await configClusters();
      for (const name of ['creds-token', 'creds-client-cert']) {
        expect({ name, health: clusters.get(name)?.health.status }).toEqual({
          name,
          health: 'healthy',
        });
      }
      expect(clusters.get('creds-wrong-token')?.health).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining(
          "The API server refused this backend's credentials (401): check the cluster's authProvider",
        ),
      });
      expect(clusters.get('creds-untrusted-cert')?.health).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining(
          "The API server refused this backend's credentials (401)",
        ),
      });
      // A certificate this backend cannot trust says nothing of the server.
      expect(clusters.get('creds-wrong-ca')?.health).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining(
          "the server's certificate is not signed by a trusted CA (check caData/caFile)",
        ),
      });
      // The members themselves, through their own access paths, are fine.
      for (const member of members) {
        expect({
          name: member.name,
          health: clusters.get(member.name)?.health.status,
        }).toEqual({ name: member.name, health: 'healthy' });
      }
    }, 180_000);
  });

  it('authenticates the client certificate as the backend identity, least privilege included', async () => {
    // Only this cluster entry reaches the member directly (its own access
    // path is Karmada's proxy, which impersonates): the certificate's
    // subject is the backend's user, as RBAC and the audit log see it.
    await eventually(async () => {
      const events = auditEvents(fleet, certMember.name).filter(
        e => e.user.username === 'flotilla-backstage',
      );
      expect(events.length).toBeGreaterThan(0);
      expect(events.every(e => e.responseStatus?.code !== 401)).toBe(true);
    }, 120_000);
  });

  describe("reads as the signed-in user's OIDC identity", () => {
    const READER = 'flotilla-test-oidc-workload-reader';
    let admin: ReturnType<typeof adminClients>;

    beforeAll(async () => {
      const placed = await deploymentsIn(fleet, SERVICE);
      oidcMember = clusterNamed(fleet, placed[0].cluster);
      admin = adminClients(oidcMember);
      // alice may list workloads on that member; bob may not.
      const rbac = admin.kubeConfig.makeApiClient(RbacAuthorizationV1Api);
      await rbac
        .createClusterRole({
          body: {
            metadata: { name: READER },
            rules: [
              {
                apiGroups: ['apps'],
                resources: ['deployments', 'statefulsets'],
                verbs: ['list'],
              },
            ],
          },
        })
        .catch(ignoreConflict);
      await rbac
        .createClusterRoleBinding({
          body: {
            metadata: { name: READER },
            roleRef: {
              apiGroup: 'rbac.authorization.k8s.io',
              kind: 'ClusterRole',
              name: READER,
            },
            subjects: [
              {
                apiGroup: 'rbac.authorization.k8s.io',
                kind: 'User',
                name: 'alice@flotilla.example',
              },
            ],
          },
        })
        .catch(ignoreConflict);
    });

    afterAll(async () => {
      const rbac = admin.kubeConfig.makeApiClient(RbacAuthorizationV1Api);
      await rbac.deleteClusterRoleBinding({ name: READER }).catch(() => {});
      await rbac.deleteClusterRole({ name: READER }).catch(() => {});
    });

    function ignoreConflict(error: { code?: number }) {
      if (error.code !== 409) throw error;
    }

    it('uses the token the user sent, and the API server authorizes the user', async () => {
      // A backend of its own, whose fleet has the member as an OIDC cluster.
      const prefix = uniqueDatabasePrefix('credentials-oidc');
      const oidcBackend = await RunningBackend.start(fleet, {
        name: 'credentials-oidc',
        port: 7142,
        databasePrefix: prefix,
        config: {
          kubernetes: {
            clusterLocatorMethods: [
              {
                type: 'config',
                clusters: [
                  {
                    name: 'creds-oidc',
                    url: viaLocalhost(oidcMember),
                    authProvider: 'oidc',
                    oidcTokenProvider: 'fleet',
                    caFile: pki(oidcMember, 'ca.crt'),
                  },
                ],
              },
            ],
          },
        },
      });
      try {
        const placementPath = `/api/multi-cluster/entities/component/default/${SERVICE}/placement`;
        const expected = (await deploymentsIn(fleet, SERVICE))
          .filter(d => d.cluster === oidcMember.name)
          .map(d => `${d.namespace}/${d.name}`)
          .sort();
        const asUser = (user: 'alice' | 'bob') => ({
          'Backstage-Kubernetes-Authorization-oidc-fleet':
            oidcMember.tokens[user],
        });

        await eventually(async () => {
          const clusters = await oidcBackend.ok<{ items: FleetCluster[] }>(
            'GET',
            '/api/multi-cluster/clusters',
          );
          expect(clusters.items.map(c => c.name)).toContain('creds-oidc');
        }, 120_000);

        const alice = await oidcBackend.ok<EntityPlacement>(
          'GET',
          placementPath,
          undefined,
          asUser('alice'),
        );
        expect(alice.errors).toEqual([]);
        expect(
          alice.actual.clusters
            .filter(c => c.cluster === 'creds-oidc')
            .flatMap(c =>
              c.workloads
                .filter(w => w.kind === 'Deployment')
                .map(w => `${w.namespace}/${w.name}`),
            )
            .sort(),
        ).toEqual(expected);
        const aliceEvents = auditEvents(fleet, oidcMember.name).filter(
          e =>
            e.user.username === 'alice@flotilla.example' &&
            e.objectRef?.resource === 'deployments',
        );
        expect(aliceEvents.length).toBeGreaterThan(0);
        expect(aliceEvents.every(e => e.responseStatus?.code === 200)).toBe(
          true,
        );

        // bob is who the API server says he is, and RBAC refuses him there.
        const bob = await oidcBackend.ok<EntityPlacement>(
          'GET',
          placementPath,
          undefined,
          asUser('bob'),
        );
        // Every other cluster is read with the service identity as before.
        expect(bob.actual.clusters.map(c => c.cluster)).not.toContain(
          'creds-oidc',
        );
        expect(bob.errors).toEqual([
          expect.objectContaining({
            cluster: 'creds-oidc',
            message: expect.stringMatching(
              /User "bob@flotilla\.example" cannot list resource "(deployments|statefulsets)"/,
            ),
          }),
        ]);

        // Without the user's token the backend has nothing of its own to send.
        const none = await oidcBackend.ok<EntityPlacement>(
          'GET',
          placementPath,
        );
        expect(none.errors).toEqual([
          expect.objectContaining({
            cluster: 'creds-oidc',
            message: expect.stringContaining(
              "creds-oidc is read with the signed-in user's oidc credentials, and this request carried none",
            ),
          }),
        ]);

        // A malformed credential header is the caller's mistake: 400, short.
        const malformed = await oidcBackend.request(
          'GET',
          placementPath,
          undefined,
          { 'Backstage-Kubernetes-Authorization-oidc-fleet': 'a b' },
        );
        expect(malformed.status).toBe(400);
      } finally {
        await oidcBackend.stop();
        await dropDatabases(prefix);
      }
    }, 600_000);
  });
});
