import { setupServer } from 'msw/node';
import { ConfigReader } from '@backstage/config';
import { mockServices } from '@backstage/backend-test-utils';
import { XMLParser } from 'fast-xml-parser';
import { trafficServes } from '@flotilla/plugin-multi-cluster-node';
import { StepError } from '../../../failover/steps/types';
import { route53TrafficProviderFactory } from './provider';
import { FakeRoute53, type FakeSet } from './__testUtils__/fakeRoute53';
import { TEST_ACCESS_KEY, useTestCredentials } from './__testUtils__/sigv4';

const ZONE = 'Z0FLOTILLA123';
const NAME = 'api.example.com.';
const zone = new FakeRoute53(ZONE);
const server = setupServer(...zone.handlers());
useTestCredentials();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const signal = new AbortController().signal;
const alias = (dns: string) => ({
  HostedZoneId: 'Z35SXDOTRQ7X7K',
  DNSName: dns,
  EvaluateTargetHealth: true,
});
const failoverSets = (): FakeSet[] => [
  {
    Name: NAME,
    Type: 'A',
    SetIdentifier: 'eu-1',
    Failover: 'PRIMARY',
    AliasTarget: alias('eu.elb.amazonaws.com.'),
    HealthCheckId: 'hc-eu',
  },
  {
    Name: NAME,
    Type: 'A',
    SetIdentifier: 'us-east',
    Failover: 'SECONDARY',
    AliasTarget: alias('us.elb.amazonaws.com.'),
    HealthCheckId: 'hc-us',
  },
  // Neighbours of the name in the zone's order: never read nor written.
  {
    Name: 'api.example.com.',
    Type: 'TXT',
    SetIdentifier: 'eu-1',
    TTL: 300,
    ResourceRecords: [{ Value: '"heritage=external-dns"' }],
  },
  {
    Name: 'web.example.com.',
    Type: 'A',
    TTL: 60,
    ResourceRecords: [{ Value: '192.0.2.9' }],
  },
];

function provider(settings: Record<string, unknown>) {
  return route53TrafficProviderFactory({
    config: new ConfigReader({
      name: 'dns',
      type: 'route53',
      hostedZoneId: ZONE,
      syncPollInterval: { milliseconds: 1 },
      ...settings,
    }),
    logger: mockServices.logger.mock(),
    clients: {} as never,
  });
}

const changeBatches = () =>
  zone.seen
    .filter(r => r.method === 'POST')
    .map(
      r =>
        new XMLParser({ isArray: n => n === 'Change' }).parse(r.body)
          .ChangeResourceRecordSetsRequest.ChangeBatch,
    );

beforeEach(() => zone.reset(failoverSets()));

describe('route53 failover records', () => {
  const dns = provider({ mode: 'failover', clusters: { 'eu-west': 'eu-1' } });

  const shiftEuToUs = () =>
    dns.shift({
      runId: 'r1',
      entityRef: 'component:default/api',
      record: NAME,
      from: 'eu-west',
      to: ['us-east'],
      signal,
    });
  const upsert = (set: FakeSet) => ({
    Action: 'UPSERT',
    ResourceRecordSet: set,
  });

  // The first call loads the SDK's lazily imported credential chain.
  it('reads the sets of the name, signed with the default chain', async () => {
    const state = await dns.read({ record: 'API.example.com', signal });
    expect(state.endpoints).toEqual([
      {
        cluster: 'eu-west',
        target: 'eu.elb.amazonaws.com.',
        role: 'primary',
        enabled: true,
      },
      {
        cluster: 'us-east',
        target: 'us.elb.amazonaws.com.',
        role: 'secondary',
        enabled: true,
      },
    ]);
    expect(zone.seen[0].credential).toMatch(
      new RegExp(`^${TEST_ACCESS_KEY}/\\d{8}/us-east-1/route53/aws4_request$`),
    );
    expect(zone.seen[0].url.searchParams.get('name')).toBe(NAME);
  }, 30_000);

  it('swaps PRIMARY in one UPSERT batch, waits for INSYNC; a retry writes nothing', async () => {
    const [eu, us, txt] = failoverSets();
    const after = await shiftEuToUs();
    expect(trafficServes(after, { from: 'eu-west', to: ['us-east'] })).toEqual({
      ok: true,
    });
    const [batch] = changeBatches();
    expect(batch.Comment).toBe('flotilla r1: shift');
    expect(batch.Changes.Change).toEqual([
      upsert({ ...eu, Failover: 'SECONDARY' }),
      upsert({ ...us, Failover: 'PRIMARY' }),
    ]);
    // PENDING in the answer, PENDING once more, then INSYNC.
    expect(
      zone.seen.filter(r => r.url.pathname === '/2013-04-01/change/C0001'),
    ).toHaveLength(2);
    expect(zone.sets.find(s => s.Type === 'TXT')).toEqual(txt);

    zone.seen = [];
    expect(await shiftEuToUs()).toEqual(after);
    expect(zone.seen.map(r => r.method)).toEqual(['GET']);
  });

  it('restores exactly the sets read before the shift', async () => {
    const before = await dns.read({ record: NAME, signal });
    await shiftEuToUs();
    zone.seen = [];
    expect(await dns.restore({ record: NAME, state: before, signal })).toEqual(
      before,
    );
    const [eu, us] = failoverSets();
    expect(changeBatches()[0].Changes.Change).toEqual([upsert(eu), upsert(us)]);
    expect(zone.sets.filter(s => s.Failover)).toEqual([eu, us]);
  });

  it('follows truncated pages and stops at the next name', async () => {
    zone.pageSize = 1;
    const state = await dns.read({ record: NAME, signal });
    expect(state.endpoints.map(e => e.cluster)).toEqual(['eu-west', 'us-east']);
    expect(zone.seen.map(r => r.url.searchParams.get('identifier'))).toEqual([
      null,
      'us-east',
      'eu-1',
    ]);
  });

  it('refuses a saved state of another record', async () => {
    const state = await dns.read({ record: NAME, signal });
    await expect(
      dns.restore({ record: 'web.example.com', state, signal }),
    ).rejects.toMatchObject({
      message:
        "route53: the saved state is not dns's state of web.example.com.",
      retryable: false,
    });
  });
});

describe('route53 weighted records', () => {
  const dns = provider({ mode: 'weighted' });

  it('sets from to 0 and splits its weight evenly over to', async () => {
    zone.sets = ['eu-west', 'us-east', 'ap-south'].map((id, i) => ({
      Name: NAME,
      Type: 'AAAA',
      SetIdentifier: id,
      Weight: [100, 50, 50][i],
      TTL: 60,
      ResourceRecords: [{ Value: `2001:db8::${i + 1}` }],
    }));
    const before = await dns.read({ record: NAME, signal });
    const after = await dns.shift({
      runId: 'r2',
      entityRef: 'component:default/api',
      record: NAME,
      from: 'eu-west',
      to: ['us-east', 'ap-south'],
      signal,
    });
    expect(
      changeBatches()[0].Changes.Change.map((c: any) => [
        c.ResourceRecordSet.SetIdentifier,
        c.ResourceRecordSet.Weight,
      ]),
    ).toEqual([
      ['eu-west', 0],
      ['us-east', 100],
      ['ap-south', 100],
    ]);
    expect(after.endpoints.map(e => [e.cluster, e.weight, e.enabled])).toEqual([
      ['ap-south', 100, true],
      ['eu-west', 0, false],
      ['us-east', 100, true],
    ]);
    zone.seen = [];
    await dns.shift({
      runId: 'r2',
      entityRef: 'component:default/api',
      record: NAME,
      from: 'eu-west',
      to: ['us-east', 'ap-south'],
      signal,
    });
    expect(changeBatches()).toEqual([]);
    await dns.restore({ record: NAME, state: before, signal });
    expect(zone.sets.map(s => [s.SetIdentifier, s.Weight]).sort()).toEqual([
      ['ap-south', 50],
      ['eu-west', 100],
      ['us-east', 50],
    ]);
  });
});

describe('route53 failures', () => {
  const dns = provider({ mode: 'failover', clusters: { 'eu-west': 'eu-1' } });
  const shift = (s = signal) =>
    dns.shift({
      runId: 'r3',
      entityRef: 'component:default/api',
      record: NAME,
      from: 'eu-west',
      to: ['us-east'],
      signal: s,
    });

  it.each([
    [400, 'Throttling', 'Rate exceeded', true],
    [
      400,
      'PriorRequestNotComplete',
      'The request was rejected because Route 53 was still processing a prior request.',
      true,
    ],
    [
      403,
      'AccessDenied',
      'User: arn:aws:iam::123456789012:user/ci is not authorized to perform: route53:ListResourceRecordSets',
      false,
    ],
    [
      400,
      'NoSuchHostedZone',
      'No hosted zone found with ID: Z0FLOTILLA123',
      false,
    ],
  ])(
    'HTTP %i %s is a short StepError',
    async (status, code, message, retryable) => {
      zone.failNext = { status, code, message };
      const error = await shift().catch(e => e);
      expect(error).toBeInstanceOf(StepError);
      expect(error.message).toBe(
        `route53: ${code} (HTTP ${status}): ${message}`,
      );
      expect(error.retryable).toBe(retryable);
    },
  );

  it('stops waiting for INSYNC when the step is aborted', async () => {
    const controller = new AbortController();
    zone.onGetChange = () => controller.abort(new Error('step timed out'));
    await expect(shift(controller.signal)).rejects.toThrow('step timed out');
  });

  it('says which change is still PENDING after syncTimeout', async () => {
    const impatient = provider({
      mode: 'failover',
      syncTimeout: { milliseconds: 0 },
    });
    await expect(
      impatient.shift({
        runId: 'r4',
        entityRef: 'component:default/api',
        record: NAME,
        from: 'eu-1',
        to: ['us-east'],
        signal,
      }),
    ).rejects.toMatchObject({
      message: 'route53: change /change/C0001 still PENDING after 0 s',
      retryable: true,
    });
  });

  it('refuses a target cluster without a record set', async () => {
    await expect(
      dns.shift({
        runId: 'r5',
        entityRef: 'component:default/api',
        record: NAME,
        from: 'eu-west',
        to: ['ap-south'],
        signal,
      }),
    ).rejects.toMatchObject({
      message: 'route53: no A record set of ap-south to send users to',
      retryable: false,
    });
  });
});
