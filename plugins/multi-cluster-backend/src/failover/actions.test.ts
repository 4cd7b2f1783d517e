import { mockCredentials, TestDatabases } from '@backstage/backend-test-utils';
import { actionsRegistryServiceMock } from '@backstage/backend-test-utils/alpha';
import {
  createHarness,
  OWNER,
  STRANGER,
  waitFor,
} from './__testUtils__/harness';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

describe('failover actions and signals', () => {
  it('registers start (destructive), get (read-only) and cancel (destructive), and publishes progress', async () => {
    const publish = jest.fn(async () => {});
    const send = jest.fn(async () => {});
    const h = await createHarness(await databases.init('SQLITE_3'), {
      signals: { publish },
      notifications: { send },
    });
    const actions = actionsRegistryServiceMock();
    h.registerActions(actions);
    const { actions: list } = await actions.list();
    expect(Object.fromEntries(list.map(a => [a.name, a.attributes]))).toEqual({
      'start-failover': {
        destructive: true,
        readOnly: false,
        idempotent: false,
      },
      'get-failover': { destructive: false, readOnly: true, idempotent: true },
      'cancel-failover': {
        destructive: true,
        readOnly: false,
        idempotent: true,
      },
    });

    const owner = mockCredentials.user(OWNER);
    await expect(
      actions.invoke({
        id: 'test:start-failover',
        input: {
          entityRef: 'component:default/checkout',
          from: 'eu-west',
          to: 'us-east',
          reason: 'x',
          force: true,
        },
        credentials: mockCredentials.user(STRANGER),
      }),
    ).rejects.toThrow("Permission 'multi-cluster.failover.execute' denied");
    await expect(
      actions.invoke({
        id: 'test:start-failover',
        input: {
          entityRef: 'component:default/checkout',
          from: 'eu-west',
          reason: 'x',
        },
        credentials: mockCredentials.service(),
      }),
    ).rejects.toThrow('This action requires user credentials');

    // The route's schema and the plan's refusals, as input errors.
    await expect(
      actions.invoke({
        id: 'test:start-failover',
        input: {
          entityRef: 'component:default/checkout',
          from: 'nowhere-1',
          reason: 'x',
          dryRun: true,
        },
        credentials: owner,
      }),
    ).rejects.toMatchObject({
      name: 'InputError',
      message:
        "FailoverPlanError: source cluster 'nowhere-1' is not in the fleet",
    });
    await expect(
      actions.invoke({
        id: 'test:start-failover',
        input: {
          entityRef: 'component:default/checkout',
          from: 'eu-west',
          reason: 'r'.repeat(2_001),
          url: 'https://evil',
        },
        credentials: owner,
      }),
    ).rejects.toMatchObject({
      name: 'InputError',
      cause: {
        issues: [
          expect.objectContaining({
            message: "Unrecognized key(s) in object: 'url'",
          }),
        ],
      },
    });

    const dry = await actions.invoke({
      id: 'test:start-failover',
      input: {
        entityRef: 'component:default/checkout',
        from: 'eu-west',
        to: 'us-east',
        reason: 'x',
        dryRun: true,
      },
      credentials: owner,
    });
    expect((dry.output as any).plan.moves).toHaveLength(2);

    const started = await actions.invoke({
      id: 'test:start-failover',
      input: {
        entityRef: 'component:default/checkout',
        from: 'eu-west',
        to: 'us-east',
        reason: 'x',
        force: true,
        idempotencyKey: 'a-1',
      },
      credentials: owner,
    });
    const runId = (started.output as any).run.id;
    expect((started.output as any).run).toMatchObject({
      status: 'pending',
      created: true,
    });

    h.worker.start();
    await waitFor(
      async () => (await h.store.getRun(runId))?.status === 'succeeded',
    );
    await h.worker.stop();
    const status = await actions.invoke({
      id: 'test:get-failover',
      input: { id: runId },
      credentials: owner,
    });
    expect((status.output as any).status).toBe('succeeded');
    expect((status.output as any).steps).toHaveLength(10);
    await expect(
      actions.invoke({
        id: 'test:cancel-failover',
        input: { id: runId },
        credentials: owner,
      }),
    ).rejects.toThrow(/has already succeeded/);

    // live progress on the signals channel, in order
    const messages = (publish.mock.calls as any[]).map(c => c[0]);
    expect(messages.every(m => m.channel === 'multi-cluster:failover')).toBe(
      true,
    );
    expect(messages.every(m => m.recipients.type === 'broadcast')).toBe(true);
    expect(messages.map(m => m.message.event)).toEqual([
      'run.created',
      'run.started',
      'step.running', // precheck-source
      'step.succeeded',
      'step.running', // precheck-target
      'step.succeeded',
      'step.skipped', // gitops-pause
      'step.skipped', // state-restore
      'step.running', // shift-replicas
      'step.succeeded',
      'step.skipped', // gitops-sync
      'step.skipped', // traffic-shift
      'step.running', // verify
      'step.succeeded',
      'step.skipped', // gitops-resume
      'step.running', // notify
      'step.succeeded',
      'run.succeeded',
    ]);
    expect(messages[2].message).toMatchObject({
      runId,
      entityRef: 'component:default/checkout',
      status: 'running',
      step: {
        order: 1,
        kind: 'precheck-source',
        status: 'running',
        attempt: 1,
      },
    });
    // owners notified
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        recipients: { type: 'entity', entityRef: ['user:default/owner'] },
      }),
    );
  });
});
