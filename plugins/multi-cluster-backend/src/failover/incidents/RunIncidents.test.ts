import { mockServices } from '@backstage/backend-test-utils';
import { http, HttpResponse } from 'msw';
import { setupKubernetesMocks } from '@flotilla/plugin-multi-cluster-node/testUtils';
import { testRun } from '../__testUtils__/steps';
import { FailoverEvents, FailoverTransition } from '../FailoverEvents';
import { FailoverRun } from '../types';
import { createRunIncidents } from '.';
import { IncidentConfig } from './config';

const PD = 'https://events.pagerduty.com/v2/enqueue';
const SP = 'https://api.statuspage.io/v1/pages/kctbh9vrtdwd';
const LINK =
  'https://backstage.example.com/catalog/default/component/checkout/multi-cluster?failover=run-1';
const server = setupKubernetesMocks();

const config: IncidentConfig = {
  pagerDuty: { routingKey: 'R0UT1NGKEY', eventsUrl: PD, severity: 'critical' },
  statusPage: {
    pageId: 'kctbh9vrtdwd',
    apiKey: 'sp-key',
    componentIds: { checkout: 'cmp123' },
    apiUrl: 'https://api.statuspage.io',
  },
};

/** The incidents of `run`, with the transitions they recorded. */
function setup(run: FailoverRun, only?: keyof IncidentConfig) {
  const events = new FailoverEvents({ logger: mockServices.logger.mock() });
  const recorded: FailoverTransition[] = [];
  events.subscribe(t => {
    if (t.event.startsWith('incident.')) recorded.push(t);
  });
  const incidents = createRunIncidents({
    config: only ? { [only]: config[only] } : config,
    events,
    getRun: async id => (id === run.id ? run : undefined),
    logger: mockServices.logger.mock(),
    appBaseUrl: 'https://backstage.example.com',
    http: { sleep: async () => {} },
  });
  const transition = (event: string, extra: Partial<FailoverTransition> = {}) =>
    incidents.onTransition({
      runId: run.id,
      entityRef: run.entityRef,
      actor: run.actor,
      kind: run.kind,
      status: 'running',
      event,
      ...extra,
    });
  return { transition, recorded };
}

/** PagerDuty as it answers: 202 and the dedup key. */
function pagerDuty(answers: ((body: any) => Response)[] = []) {
  const bodies: any[] = [];
  server.use(
    http.post(PD, async ({ request }) => {
      const body = await request.json();
      bodies.push(body);
      const answer = answers.shift();
      if (answer) return answer(body);
      return HttpResponse.json(
        {
          status: 'success',
          message: 'Event processed',
          dedup_key: (body as any).dedup_key,
        },
        { status: 202 },
      );
    }),
  );
  return bodies;
}

/** Statuspage as it answers, holding `open` unresolved incidents. */
function statusPage(open: any[] = []) {
  const calls: { method: string; path: string; body?: any; auth: string }[] =
    [];
  const note = async (request: Request, body = true) =>
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname + new URL(request.url).search,
      body: body ? await request.json() : undefined,
      auth: request.headers.get('authorization') ?? '',
    });
  server.use(
    http.get(`${SP}/incidents/unresolved`, async ({ request }) => {
      await note(request, false);
      return HttpResponse.json(open);
    }),
    http.post(`${SP}/incidents`, async ({ request }) => {
      await note(request);
      const { incident } = calls[calls.length - 1].body;
      const created = {
        id: 'p31zjtct2jer',
        name: incident.name,
        status: incident.status,
        incident_updates: [{ id: 'u1', body: incident.body }],
      };
      open.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(`${SP}/incidents/:id`, async ({ request, params }) => {
      await note(request);
      return HttpResponse.json({ id: params.id, status: 'resolved' });
    }),
  );
  return calls;
}

describe('RunIncidents', () => {
  it('triggers PagerDuty on start and resolves it on success, one dedup key per run', async () => {
    const bodies = pagerDuty();
    const { transition, recorded } = setup(testRun(), 'pagerDuty');
    await transition('run.started');
    await transition('run.succeeded', { status: 'succeeded' });
    expect(bodies).toEqual([
      {
        routing_key: 'R0UT1NGKEY',
        event_action: 'trigger',
        dedup_key: 'flotilla-failover-run-1',
        payload: {
          summary:
            'Failover of component:default/checkout from eu to us in progress',
          source: 'eu',
          severity: 'critical',
          component: 'component:default/checkout',
          group: 'flotilla-failover',
          class: 'failover',
          custom_details: {
            run: 'run-1',
            service: 'component:default/checkout',
            from: 'eu',
            to: 'us',
            reason: 'test',
            requestedBy: 'user:default/owner',
            state: 'started',
          },
        },
        links: [{ href: LINK, text: 'The run in Backstage' }],
        client: 'Flotilla',
        client_url: LINK,
      },
      {
        routing_key: 'R0UT1NGKEY',
        event_action: 'resolve',
        dedup_key: 'flotilla-failover-run-1',
      },
    ]);
    expect(recorded.map(t => [t.event, t.detail])).toEqual([
      [
        'incident.opened',
        { channel: 'pagerduty', dedupKey: 'flotilla-failover-run-1' },
      ],
      [
        'incident.resolved',
        { channel: 'pagerduty', dedupKey: 'flotilla-failover-run-1' },
      ],
    ]);
  });

  it('leaves the incident triggered with the failure in its summary', async () => {
    const bodies = pagerDuty();
    const { transition } = setup(testRun(), 'pagerDuty');
    await transition('run.failed', {
      status: 'failed',
      error: 'step 5 (verify) failed after 3 attempt(s): not ready',
    });
    expect(bodies).toHaveLength(1);
    expect(bodies[0].event_action).toBe('trigger');
    expect(bodies[0].payload.summary).toBe(
      'Failover of component:default/checkout from eu to us FAILED: step 5 (verify) failed after 3 attempt(s): not ready',
    );
    expect(bodies[0].payload.custom_details.state).toBe('failed');
  });

  it('retries a 429, records a 400 without retrying it', async () => {
    const limited = () =>
      HttpResponse.json(
        {
          status: 'throttle event',
          message:
            'Requests for this service are arriving too quickly.  Please retry later.',
        },
        { status: 429 },
      );
    const bodies = pagerDuty([limited]);
    const { transition, recorded } = setup(testRun(), 'pagerDuty');
    await transition('run.started');
    expect(bodies).toHaveLength(2);
    expect(recorded.map(t => t.event)).toEqual(['incident.opened']);

    const invalid = pagerDuty([
      () =>
        HttpResponse.json(
          {
            status: 'invalid event',
            message: 'Event object is invalid',
            errors: ["'routing_key' is invalid"],
          },
          { status: 400 },
        ),
    ]);
    await transition('run.succeeded', { status: 'succeeded' });
    expect(invalid).toHaveLength(1);
    expect(recorded[1]).toMatchObject({
      event: 'incident.delivery-failed',
      detail: { channel: 'pagerduty' },
      error: 'PagerDuty: HTTP 400 (Event object is invalid)',
    });
  });

  it('creates one Statuspage incident per run and resolves it', async () => {
    const calls = statusPage();
    const { transition, recorded } = setup(testRun(), 'statusPage');
    await transition('run.started');
    // A resumed run (a crash after creating) finds the incident it has.
    await transition('run.resumed');
    await transition('run.succeeded', { status: 'succeeded' });
    expect(calls.every(c => c.auth === 'OAuth sp-key')).toBe(true);
    expect(calls.map(c => `${c.method} ${c.path}`)).toEqual([
      'GET /v1/pages/kctbh9vrtdwd/incidents/unresolved?per_page=100',
      'POST /v1/pages/kctbh9vrtdwd/incidents',
      'PATCH /v1/pages/kctbh9vrtdwd/incidents/p31zjtct2jer',
    ]);
    expect(calls[1].body).toEqual({
      incident: {
        name: 'component:default/checkout: degraded service, recovery in progress',
        status: 'identified',
        body: 'We are moving component:default/checkout to another region to restore service.\n\nReference: flotilla-failover-run-1',
        deliver_notifications: true,
        component_ids: ['cmp123'],
        components: { cmp123: 'partial_outage' },
      },
    });
    expect(calls[2].body).toEqual({
      incident: {
        status: 'resolved',
        body: 'component:default/checkout runs in another region and is operating normally.',
        component_ids: ['cmp123'],
        components: { cmp123: 'operational' },
      },
    });
    expect(recorded.map(t => t.detail)).toEqual([
      { channel: 'statuspage', incidentId: 'p31zjtct2jer', created: 'true' },
      { channel: 'statuspage', incidentId: 'p31zjtct2jer', created: 'false' },
      { channel: 'statuspage', incidentId: 'p31zjtct2jer' },
    ]);
  });

  it('finds the incident another process created before it crashed', async () => {
    const calls = statusPage([
      { id: 'other', incident_updates: [{ body: 'Database maintenance' }] },
      {
        id: 'p31zjtct2jer',
        incident_updates: [
          { body: 'We are moving...\n\nReference: flotilla-failover-run-1' },
        ],
      },
    ]);
    const { transition, recorded } = setup(testRun(), 'statusPage');
    await transition('run.resumed');
    expect(calls.map(c => c.method)).toEqual(['GET']);
    expect(recorded[0].detail).toEqual({
      channel: 'statuspage',
      incidentId: 'p31zjtct2jer',
      created: 'false',
    });
  });

  it('sends hostile entity text escaped and bounded', async () => {
    const bodies = pagerDuty();
    const calls = statusPage();
    const run = testRun({ reason: `<!channel>\u0000${'r'.repeat(10_000)}` });
    run.context.title = `<script>x</script>\u001b[2J<!channel>${'t'.repeat(
      10_000,
    )}`;
    const { transition } = setup(run);
    await transition('run.started');
    const { summary, custom_details } = bodies[0].payload;
    expect(summary.length).toBeLessThanOrEqual(1024);
    expect(summary).toMatch(
      /^Failover of ‹script›x‹\/script›\[2J‹!channel›t+…/,
    );
    expect(custom_details.service).toHaveLength(200);
    expect(custom_details.reason).toHaveLength(1000);
    expect(JSON.stringify(bodies[0])).not.toMatch(/[<>]|\\u00[01]/);
    const { name, body } = calls[1].body.incident;
    expect(name).toMatch(
      /^‹script›x‹\/script›\[2J‹!channel›t+…: degraded service, recovery in progress$/,
    );
    expect(name.length).toBeLessThanOrEqual(255);
    // Only the body's own paragraph break.
    // eslint-disable-next-line no-control-regex
    expect(`${name}${body}`).not.toMatch(/[<>\u0000-\u0009\u000b-\u001f]/);
  });

  it('pages nobody for a drill or a dry run', async () => {
    const bodies = pagerDuty();
    const calls = statusPage();
    await setup(testRun({ kind: 'drill' })).transition('run.started');
    await setup(testRun({ dry: true })).transition('run.started');
    expect(bodies).toEqual([]);
    expect(calls).toEqual([]);
  });
});
