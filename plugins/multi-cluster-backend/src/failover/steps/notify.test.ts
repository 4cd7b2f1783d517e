import { baseConfig, stepContext, testRun } from '../__testUtils__/steps';
import { notify } from './notify';

describe('notify', () => {
  it('notifies the owners through Backstage notifications', async () => {
    const send = jest.fn(async () => {});
    const result = await notify(
      stepContext(testRun(), 'notify', {
        notifications: { send },
        config: { ...baseConfig, appBaseUrl: 'https://backstage.example.com' },
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
    expect(result.output).toEqual({ notified: ['group:default/shop'] });
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

  it('sends hostile entity text escaped and bounded', async () => {
    const send = jest.fn(async (_: any) => {});
    const run = testRun({
      reason: `<!channel> ${'r'.repeat(10_000)}`,
    });
    run.context.title = `<script>alert(1)</script>\u0000\u001b[2J<!channel>${'t'.repeat(
      10_000,
    )}`;
    await notify(stepContext(run, 'notify', { notifications: { send } }));
    const { title, description } = send.mock.calls[0][0].payload;
    expect(title).toMatch(/^‹script›alert\(1\)‹\/script›\[2J‹!channel›t+…$/);
    expect(title).toHaveLength(300);
    expect(description).toMatch(/: ‹!channel› r+…$/);
    expect(description.length).toBeLessThanOrEqual(3000);
    // eslint-disable-next-line no-control-regex
    expect(`${title}${description}`).not.toMatch(/[<>\u0000-\u001f]/);
  });

  it('fails the attempt when the notifications service is down', async () => {
    const send = jest.fn(async () => {
      throw new Error('notifications backend unavailable');
    });
    await expect(
      notify(stepContext(testRun(), 'notify', { notifications: { send } })),
    ).rejects.toThrow(
      'Backstage notifications: notifications backend unavailable',
    );
  });
});
