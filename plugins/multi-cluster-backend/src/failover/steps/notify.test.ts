import { http, HttpResponse } from 'msw';
import { setupKubernetesMocks } from '@flotilla/plugin-multi-cluster-node/testUtils';
import { baseConfig, stepContext, testRun } from '../__testUtils__/steps';
import { notify } from './notify';

const SLACK = 'https://hooks.slack.com/services/T000/B000/XXXX';
const server = setupKubernetesMocks();

describe('notify', () => {
  it('notifies the owners through Backstage notifications and Slack', async () => {
    const send = jest.fn(async () => {});
    let slack: any;
    server.use(
      http.post(SLACK, async ({ request }) => {
        slack = await request.json();
        return HttpResponse.text('ok');
      }),
    );
    const result = await notify(
      stepContext(testRun(), 'notify', {
        notifications: { send },
        config: {
          ...baseConfig,
          slack: { webhookUrl: SLACK },
          appBaseUrl: 'https://backstage.example.com',
        },
      }),
    );
    expect(send).toHaveBeenCalledWith({
      recipients: { type: 'entity', entityRef: ['group:default/shop'] },
      payload: {
        title: 'component:default/checkout failed over from eu to us',
        description: 'failover run-1 requested by user:default/owner: test',
        link: 'https://backstage.example.com/catalog/default/component/checkout/multi-cluster?failover=run-1',
        severity: 'high',
        topic: 'multi-cluster-failover',
      },
    });
    expect(slack.text).toContain('failed over from eu to us');
    expect(result.output).toEqual({
      notified: ['group:default/shop'],
      slack: 'sent',
    });
  });

  it('says a drill is a drill, at normal severity', async () => {
    const send = jest.fn(async () => {});
    await notify(
      stepContext(testRun({ kind: 'drill' }), 'notify', {
        notifications: { send },
      }),
    );
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        payload: expect.objectContaining({
          title:
            'DR drill: component:default/checkout moved from eu to us (a rehearsal, not an outage)',
          severity: 'normal',
        }),
      }),
    );
  });

  it('fails the attempt when Slack is down', async () => {
    server.use(http.post(SLACK, () => HttpResponse.json({}, { status: 500 })));
    await expect(
      notify(
        stepContext(testRun(), 'notify', {
          config: { ...baseConfig, slack: { webhookUrl: SLACK } },
        }),
      ),
    ).rejects.toThrow('Slack webhook: HTTP 500');
  });
});
