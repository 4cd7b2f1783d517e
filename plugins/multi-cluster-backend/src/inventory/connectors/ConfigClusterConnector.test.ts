import { ConfigReader } from '@backstage/config';
import { readMultiClusterConfig } from '@flotilla/plugin-multi-cluster-node';
import { ConfigClusterConnector } from './ConfigClusterConnector';

function connectorFor(clusters: object[]) {
  return new ConfigClusterConnector(
    readMultiClusterConfig(
      new ConfigReader({
        kubernetes: { clusterLocatorMethods: [{ type: 'config', clusters }] },
      }),
    ).configClusters,
  );
}

describe('ConfigClusterConnector', () => {
  it('takes labels, region, zones, provider and environment from the cluster entry', async () => {
    const [record] = await connectorFor([
      {
        name: 'onprem-dc1',
        url: 'https://k8s.dc1.example.com:6443',
        authProvider: 'oidc',
        oidcTokenProvider: 'keycloak',
        labels: { 'flotilla.io/tenant': 'payments', team: 'core' },
        environment: 'prod',
        region: 'eu-central',
        provider: 'onprem',
        zones: ['dc1-a', 'dc1-b'],
      },
    ]).listClusters();
    expect(record.fields).toMatchObject({
      environment: 'prod',
      region: 'eu-central',
      provider: 'onprem',
      tenant: 'payments',
      zones: ['dc1-a', 'dc1-b'],
      userAuthProvider: 'oidc.keycloak',
      labels: {
        team: 'core',
        'flotilla.io/region': 'eu-central',
        region: 'eu-central',
        'flotilla.io/zones': 'dc1-a,dc1-b',
        tenant: 'payments',
      },
    });
  });

  it('declares nothing when the entry says nothing (the Nodes tell later)', async () => {
    const [record] = await connectorFor([
      { name: 'plain', url: 'https://plain', serviceAccountToken: 't' },
    ]).listClusters();
    expect(record.fields.region).toBeUndefined();
    expect(record.fields.labels).toEqual({});
    expect(record.access).toMatchObject({
      kind: 'direct',
      credentialRef: 'config:plain',
    });
  });
});
