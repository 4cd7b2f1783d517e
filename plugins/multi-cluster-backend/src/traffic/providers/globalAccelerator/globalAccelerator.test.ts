import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { ConfigReader } from '@backstage/config';
import { mockServices } from '@backstage/backend-test-utils';
import { trafficServes } from '@flotilla/plugin-multi-cluster-node';
import { StepError } from '../../../failover/steps/types';
import { globalAcceleratorTrafficProviderFactory } from './provider';
import {
  TEST_ACCESS_KEY,
  useTestCredentials,
  verifySigV4,
} from '../route53/__testUtils__/sigv4';

const ARN =
  'arn:aws:globalaccelerator::123456789012:accelerator/1234abcd-abcd-1234-abcd-1234abcdefgh/listener/0123vxyz/endpoint-group/098765zyxwvu';
const ALB_EU =
  'arn:aws:elasticloadbalancing:eu-west-1:123456789012:loadbalancer/app/eu/50dc6c495c0c9188';
const ALB_US =
  'arn:aws:elasticloadbalancing:us-east-1:123456789012:loadbalancer/app/us/8e4497da625e2d8a';
const EIP_AP = 'eipalloc-0abcdef1234567890';
const TARGET_PREFIX = 'GlobalAccelerator_V20180706.';

interface Seen {
  target: string;
  body: Record<string, any>;
  credential: string;
  contentType: string | null;
}

/**
 * One endpoint group answering as Global Accelerator's JSON 1.1 API does
 * (POST / with X-Amz-Target; DescribeEndpointGroup, UpdateEndpointGroup
 * replacing the whole endpoint list; errors as `{__type, message}`).
 */
let group: Record<string, any>;
let seen: Seen[] = [];
let failNext: { status: number; type: string; message: string } | undefined;

const amzJson = (status: number, body: Record<string, unknown>) =>
  HttpResponse.json(body, {
    status,
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'x-amzn-RequestId': 'req-1',
    },
  });

const server = setupServer(
  http.post(
    'https://globalaccelerator.us-west-2.amazonaws.com/',
    async ({ request }) => {
      const text = await request.text();
      const credential = verifySigV4(request, text);
      const body = JSON.parse(text);
      const target = (request.headers.get('x-amz-target') ?? '').replace(
        TARGET_PREFIX,
        '',
      );
      seen.push({
        target,
        body,
        credential,
        contentType: request.headers.get('content-type'),
      });
      const fail = failNext;
      failNext = undefined;
      if (fail)
        return amzJson(fail.status, {
          __type: fail.type,
          message: fail.message,
        });
      if (body.EndpointGroupArn !== ARN) {
        return amzJson(400, {
          __type: 'EndpointGroupNotFoundException',
          message: 'Endpoint group not found',
        });
      }
      if (target === 'UpdateEndpointGroup') {
        group = {
          ...group,
          EndpointDescriptions: body.EndpointConfigurations.map((c: any) => ({
            EndpointId: c.EndpointId,
            Weight: c.Weight ?? 128,
            HealthState: 'HEALTHY',
            ClientIPPreservationEnabled: c.ClientIPPreservationEnabled ?? false,
          })),
          TrafficDialPercentage:
            body.TrafficDialPercentage ?? group.TrafficDialPercentage,
        };
      } else if (target !== 'DescribeEndpointGroup') {
        return amzJson(400, { __type: 'UnknownOperationException' });
      }
      return amzJson(200, { EndpointGroup: group });
    },
  ),
);
useTestCredentials();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  seen = [];
  group = {
    EndpointGroupArn: ARN,
    EndpointGroupRegion: 'eu-west-1',
    EndpointDescriptions: [
      {
        EndpointId: ALB_EU,
        Weight: 200,
        HealthState: 'UNHEALTHY',
        HealthReason: 'Failed health check',
        ClientIPPreservationEnabled: true,
      },
      {
        EndpointId: ALB_US,
        Weight: 20,
        HealthState: 'HEALTHY',
        ClientIPPreservationEnabled: true,
      },
      {
        EndpointId: EIP_AP,
        Weight: 20,
        HealthState: 'HEALTHY',
        ClientIPPreservationEnabled: false,
      },
    ],
    TrafficDialPercentage: 0,
    HealthCheckPort: 443,
    HealthCheckProtocol: 'HTTPS',
    HealthCheckPath: '/healthz',
    HealthCheckIntervalSeconds: 30,
    ThresholdCount: 3,
  };
});

const signal = new AbortController().signal;
const ga = globalAcceleratorTrafficProviderFactory({
  config: new ConfigReader({
    name: 'accel',
    type: 'global-accelerator',
    clusters: { 'eu-west': ALB_EU, 'us-east': ALB_US, 'ap-south': EIP_AP },
  }),
  logger: mockServices.logger.mock(),
  clients: {} as never,
});
const shift = () =>
  ga.shift({
    runId: 'r1',
    entityRef: 'component:default/api',
    record: ARN,
    from: 'eu-west',
    to: ['us-east', 'ap-south'],
    signal,
  });

describe('global-accelerator', () => {
  // The first call loads the SDK's lazily imported credential chain.
  it('moves the weights, opens the dial, and restores the exact group', async () => {
    const before = await ga.read({ record: ARN, signal });
    expect(before.endpoints).toEqual([
      { cluster: 'eu-west', target: ALB_EU, weight: 200, enabled: false },
      { cluster: 'us-east', target: ALB_US, weight: 20, enabled: false },
      { cluster: 'ap-south', target: EIP_AP, weight: 20, enabled: false },
    ]);
    expect(seen[0]).toMatchObject({
      target: 'DescribeEndpointGroup',
      body: { EndpointGroupArn: ARN },
      contentType: 'application/x-amz-json-1.1',
    });
    expect(seen[0].credential).toMatch(
      new RegExp(
        `^${TEST_ACCESS_KEY}/\\d{8}/us-west-2/globalaccelerator/aws4_request$`,
      ),
    );

    seen = [];
    const after = await shift();
    expect(seen.map(s => s.target)).toEqual([
      'DescribeEndpointGroup',
      'UpdateEndpointGroup',
      'DescribeEndpointGroup',
    ]);
    expect(seen[1].body).toEqual({
      EndpointGroupArn: ARN,
      EndpointConfigurations: [
        { EndpointId: ALB_EU, Weight: 0, ClientIPPreservationEnabled: true },
        { EndpointId: ALB_US, Weight: 120, ClientIPPreservationEnabled: true },
        { EndpointId: EIP_AP, Weight: 120, ClientIPPreservationEnabled: false },
      ],
      TrafficDialPercentage: 100,
    });
    expect(
      trafficServes(after, { from: 'eu-west', to: ['us-east', 'ap-south'] }),
    ).toEqual({ ok: true });

    seen = [];
    expect(await shift()).toEqual(after);
    expect(seen.map(s => s.target)).toEqual(['DescribeEndpointGroup']);

    seen = [];
    expect(await ga.restore({ record: ARN, state: before, signal })).toEqual(
      before,
    );
    expect(seen[1].body).toEqual({
      EndpointGroupArn: ARN,
      EndpointConfigurations: [
        { EndpointId: ALB_EU, Weight: 200, ClientIPPreservationEnabled: true },
        { EndpointId: ALB_US, Weight: 20, ClientIPPreservationEnabled: true },
        { EndpointId: EIP_AP, Weight: 20, ClientIPPreservationEnabled: false },
      ],
      TrafficDialPercentage: 0,
    });
  }, 30_000);

  it.each([
    [400, 'ThrottlingException', 'Rate exceeded', true],
    [429, 'TooManyRequestsException', 'Too many requests', true],
    [
      400,
      'AccessDeniedException',
      'User is not authorized to perform: globalaccelerator:UpdateEndpointGroup',
      false,
    ],
    [
      403,
      'UnrecognizedClientException',
      'The security token included in the request is invalid.',
      false,
    ],
  ])(
    'HTTP %i %s is a short StepError',
    async (status, type, message, retryable) => {
      failNext = { status, type, message };
      const error = await shift().catch(e => e);
      expect(error).toBeInstanceOf(StepError);
      expect(error.message).toBe(
        `global-accelerator: ${type} (HTTP ${status}): ${message}`,
      );
      expect(error.retryable).toBe(retryable);
    },
  );

  it("refuses a record that is not an endpoint group ARN, and another group's state", async () => {
    await expect(
      ga.read({ record: 'https://evil.example', signal }),
    ).rejects.toMatchObject({ retryable: false });
    const before = await ga.read({ record: ARN, signal });
    await expect(
      ga.restore({
        record: ARN,
        state: { ...before, record: `${ARN}x` },
        signal,
      }),
    ).rejects.toThrow(
      "global-accelerator: the saved state is not accel's state of this endpoint group",
    );
    expect(seen.map(s => s.target)).toEqual(['DescribeEndpointGroup']);
  });
});
