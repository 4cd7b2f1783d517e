/**
 * The runbook's traffic step through external-dns on real API servers:
 * payments-ledger (flotilla.io/traffic-provider: dns) fails over from
 * prod-eu-west-aws-1 to prod-eu-west-azure-1, and its weighted DNSEndpoint
 * on prod-us-east-aws-1 (where external-dns runs; the provider `dns` of
 * app-config.yaml) moves the weight to the standby; the step records the
 * endpoints before and after. The rollback puts back exactly the endpoints
 * recorded before the shift.
 */
import { eventually } from '@flotilla/test-kit';
import { adminClients, clusterNamed, mergePatch } from './harness/fleet';
import {
  finishedRun,
  resetKarmadaService,
  RunView,
  startFailover,
} from './harness/failover';
import { useBackend } from './harness/suite';

jest.setTimeout(600_000);

const { fleet, backend } = useBackend({
  name: 'trafficDns',
  port: 7150,
  // A member of team-checkout, which owns payments-ledger.
  guestUser: 'user:default/guest',
  config: { multiCluster: { failover: { timeScale: 0.25 } } },
});

const ENTITY = 'component:default/payments-ledger';
const PRIMARY = 'prod-eu-west-aws-1';
const STANDBY = 'prod-eu-west-azure-1';
const DNS_CLUSTER = 'prod-us-east-aws-1';
const RECORD = { namespace: 'shop', name: 'payments-ledger' };
const DNS_ENDPOINTS = {
  group: 'externaldns.k8s.io',
  version: 'v1alpha1',
  plural: 'dnsendpoints',
};
const HOST = 'payments-ledger.shop.flotilla.example';

/** As the scenario seeds it (packages/fleet-simulator/scenario/fleet.yaml). */
const SEEDED = [PRIMARY, STANDBY].map((cluster, i) => ({
  dnsName: HOST,
  recordType: 'CNAME',
  setIdentifier: cluster,
  targets: [`ingress.${cluster}.flotilla.example`],
  providerSpecific: [{ name: 'aws/weight', value: i === 0 ? '100' : '0' }],
}));

const dnsCluster = () => adminClients(clusterNamed(fleet, DNS_CLUSTER));

/** The DNSEndpoint as the API server holds it. */
async function dnsEndpoint(): Promise<any> {
  return dnsCluster().custom.getNamespacedCustomObject({
    ...DNS_ENDPOINTS,
    ...RECORD,
  });
}

const weights = (endpoints: any[]) =>
  Object.fromEntries(
    endpoints.map(e => [
      e.setIdentifier,
      e.providerSpecific.find((p: any) => p.name === 'aws/weight').value,
    ]),
  );

const trafficStep = (run: RunView) =>
  run.steps.find(s => s.kind === 'traffic-shift')!;

describe('traffic through external-dns on real API servers', () => {
  beforeAll(async () => {
    await resetKarmadaService(fleet, {
      ...RECORD,
      baseline: { [PRIMARY]: 4, [STANDBY]: 1 },
    });
    // As seeded, whatever an earlier test left.
    await mergePatch(dnsCluster().kubeConfig, {
      apiVersion: 'externaldns.k8s.io/v1alpha1',
      kind: 'DNSEndpoint',
      metadata: RECORD,
      spec: { endpoints: SEEDED },
    });
  });

  it('moves the weight to the standby, records before and after, and the rollback restores the endpoints exactly', async () => {
    const original = await dnsEndpoint();
    expect(original.spec.endpoints).toEqual(SEEDED);

    const started = await eventually(
      () =>
        startFailover(backend(), {
          entityRef: ENTITY,
          from: PRIMARY,
          to: STANDBY,
          reason: 'integration: traffic through external-dns',
          force: true,
        }),
      180_000,
      2000,
    );
    const run = await finishedRun(backend(), started.id);
    expect(run.status).toBe('succeeded');

    // The API server holds the shifted record: all users on the standby.
    const shifted = await dnsEndpoint();
    expect(weights(shifted.spec.endpoints)).toEqual({
      [PRIMARY]: '0',
      [STANDBY]: '100',
    });
    expect(shifted.metadata.resourceVersion).not.toBe(
      original.metadata.resourceVersion,
    );
    const step = trafficStep(run);
    expect(step.status).toBe('succeeded');
    expect(step.output).toMatchObject({
      provider: 'dns',
      type: 'external-dns',
      record: 'shop/payments-ledger',
      before: { raw: original.spec.endpoints },
      after: { raw: shifted.spec.endpoints },
      serves: { ok: true },
    });
    expect(step.output.after.endpoints).toEqual([
      expect.objectContaining({ cluster: PRIMARY, weight: 0, enabled: false }),
      expect.objectContaining({ cluster: STANDBY, weight: 100, enabled: true }),
    ]);

    const res = await backend().request<{ id: string }>(
      'POST',
      `/api/multi-cluster/failovers/${run.id}/rollback`,
      { reason: 'integration: back to the primary' },
    );
    expect(res.status).toBe(202);
    const rollback = await finishedRun(backend(), res.body.id);
    expect(rollback.status).toBe('succeeded');

    // Exactly the endpoints recorded before the shift.
    const restored = await dnsEndpoint();
    expect(restored.spec.endpoints).toEqual(original.spec.endpoints);
    expect(trafficStep(rollback).output).toMatchObject({
      rollbackOf: run.id,
      before: { raw: shifted.spec.endpoints },
      after: { raw: original.spec.endpoints },
    });
  });
});
