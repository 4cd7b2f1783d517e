import { http, HttpResponse } from 'msw';
import { setupKubernetesMocks } from '@flotilla/plugin-multi-cluster-node/testUtils';
import { stepContext, testRun } from '../__testUtils__/steps';
import { verify } from './verify';

const HEALTH = 'https://checkout.us.example.com/healthz';
const server = setupKubernetesMocks();

function workloadsReporting(available: number[]) {
  let i = 0;
  return {
    listWorkloads: async (cluster: string) => [
      {
        cluster,
        namespace: 'shop',
        kind: 'Deployment' as const,
        name: 'checkout',
        replicas: 4,
        readyReplicas: available[Math.min(i, available.length - 1)],
        availableReplicas: available[Math.min(i++, available.length - 1)],
      },
    ],
    scaleWorkload: async () => ({} as any),
  };
}

describe('verify', () => {
  it('polls until the target reports the desired available replicas and the health URL answers 2xx', async () => {
    let healthCalls = 0;
    server.use(
      http.get(HEALTH, () => {
        healthCalls++;
        return healthCalls < 2
          ? HttpResponse.json({}, { status: 503 })
          : HttpResponse.json({ ok: true });
      }),
    );
    const run = testRun();
    run.context.healthUrl = HEALTH;
    const result = await verify(
      stepContext(run, 'verify', { workloads: workloadsReporting([1, 3, 4]) }),
    );
    expect(result.output).toMatchObject({
      clusters: [{ cluster: 'us', expected: 4, available: 4, ok: true }],
      health: { ok: true, status: 200 },
    });
    expect(result.output!.polls).toBeGreaterThanOrEqual(3);
  });

  it('fails with what it last saw when the step times out', async () => {
    // The step's deadline passes during its second read: by then it has seen
    // one answer, whatever the machine's speed.
    const controller = new AbortController();
    const workloads = workloadsReporting([2]);
    let reads = 0;
    const timingOut = {
      ...workloads,
      listWorkloads: async (cluster: string) => {
        reads += 1;
        if (reads === 2) controller.abort(new Error('timed out'));
        return workloads.listWorkloads(cluster);
      },
    };
    await expect(
      verify(
        stepContext(
          testRun(),
          'verify',
          { workloads: timingOut },
          controller.signal,
        ),
      ),
    ).rejects.toThrow(/us: 2 of 4 available/);
  });
});
