import { http, HttpResponse } from 'msw';
import {
  KARMADA,
  setupKubernetesMocks,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { stepContext, testRun } from '../__testUtils__/steps';
import { precheckTarget } from './precheckTarget';
import { StepError } from './types';
import { testKarmadaConnector } from '../__testUtils__/karmada';

const BINDINGS = `${KARMADA}/apis/work.karmada.io/v1alpha2/namespaces/shop/resourcebindings`;
const server = setupKubernetesMocks();

const karmada = () => testKarmadaConnector();

/** checkout's ResourceBinding as Karmada's scheduler writes it. */
const binding = (clusters: string[]) => ({
  apiVersion: 'work.karmada.io/v1alpha2',
  kind: 'ResourceBinding',
  metadata: { name: 'checkout-deployment', namespace: 'shop' },
  spec: {
    resource: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'checkout' },
    clusters: clusters.map(name => ({ name, replicas: 2 })),
  },
});

const healthyTarget = {
  getCluster: async (name: string) => ({
    name,
    health: { status: 'healthy' },
    labels: {},
    capacity: { allocatable: { cpu: '100', memory: '100Gi', pods: '100' } },
  }),
};

describe('precheck-target for a service Karmada propagates', () => {
  it('refuses a target Karmada schedules no Work to: an OverridePolicy could never give it replicas', async () => {
    server.use(
      http.get(BINDINGS, () => HttpResponse.json({ items: [binding(['eu'])] })),
    );
    const run = testRun({}, true);
    const result = precheckTarget(
      stepContext(run, 'precheck-target', {
        karmada: [karmada()],
        inventory: healthyTarget as any,
      }),
    );
    await expect(result).rejects.toThrow(StepError);
    await expect(result).rejects.toThrow(
      "Karmada schedules checkout to eu only, so us has no Work an OverridePolicy could give replicas to: add it to the service's placement (a warm standby) first",
    );
  });

  it('passes a target the binding schedules to (a warm standby)', async () => {
    server.use(
      http.get(BINDINGS, () =>
        HttpResponse.json({ items: [binding(['eu', 'us'])] }),
      ),
    );
    const run = testRun({}, true);
    const result = await precheckTarget(
      stepContext(run, 'precheck-target', {
        karmada: [karmada()],
        inventory: healthyTarget as any,
      }),
    );
    expect(result.output).toMatchObject({
      targets: [{ cluster: 'us', health: 'healthy' }],
    });
  });

  it('does not read Karmada for a service it does not propagate', async () => {
    let read = false;
    server.use(
      http.get(BINDINGS, () => {
        read = true;
        return HttpResponse.json({ items: [] });
      }),
    );
    const run = testRun({}, false);
    await precheckTarget(
      stepContext(run, 'precheck-target', {
        karmada: [karmada()],
        inventory: healthyTarget as any,
      }),
    );
    expect(read).toBe(false);
  });
});
