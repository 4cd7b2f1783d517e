import { http, HttpResponse } from 'msw';
import { setupKubernetesMocks } from '@flotilla/plugin-multi-cluster-node/testUtils';
import { stepContext, testRun } from '../__testUtils__/steps';
import { trafficShift, WebhookTrafficShiftProvider } from './trafficShift';

const HOOK = 'https://dns.example.com/hooks/failover';
const server = setupKubernetesMocks();

describe('traffic-shift', () => {
  it('POSTs { entityRef, from, to } to the webhook with its token', async () => {
    let received: any;
    let auth: string | null = null;
    server.use(
      http.post(HOOK, async ({ request }) => {
        received = await request.json();
        auth = request.headers.get('authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const traffic = new WebhookTrafficShiftProvider({
      url: HOOK,
      token: 'hook-token',
    });
    const result = await trafficShift(
      stepContext(testRun(), 'traffic-shift', { traffic }),
    );
    expect(received).toEqual({
      entityRef: 'component:default/checkout',
      from: 'eu',
      to: ['us'],
      runId: 'run-1',
      dryRun: false,
    });
    expect(auth).toBe('Bearer hook-token');
    expect(result.output).toEqual({
      provider: 'webhook',
      from: 'eu',
      to: ['us'],
      status: 204,
    });
  });

  it.each([
    [() => HttpResponse.json({}, { status: 502 }), 'traffic webhook: HTTP 502'],
    [() => HttpResponse.error(), /^traffic webhook: /],
  ])('fails the attempt on faults', async (reply, message) => {
    server.use(http.post(HOOK, reply));
    const traffic = new WebhookTrafficShiftProvider({ url: HOOK });
    await expect(
      trafficShift(stepContext(testRun(), 'traffic-shift', { traffic })),
    ).rejects.toThrow(message);
  });

  it('skips visibly without a provider', async () => {
    expect(await trafficShift(stepContext(testRun(), 'traffic-shift'))).toEqual(
      {
        skipped: 'no traffic provider configured',
      },
    );
  });
});
