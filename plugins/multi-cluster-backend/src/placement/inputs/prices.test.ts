import { priceFromOpenCost, openCostPath } from './openCost';
import { priceFromTable, type PriceEntry } from './priceTable';

describe('priceFromOpenCost', () => {
  it('divides the CPU cost by the CPU core-hours of every allocation, idle included', () => {
    // (10 + 2) / (200 + 40) = 12 / 240 = 0.05 per CPU-hour.
    const answer = {
      code: 200,
      data: [
        {
          'cluster-one': {
            cpuCost: 10,
            cpuCoreHours: 200,
            ramCost: 3,
            totalCost: 13,
          },
          __idle__: { cpuCost: 2, cpuCoreHours: 40 },
        },
      ],
    };
    expect(priceFromOpenCost(answer)).toEqual({
      ok: true,
      costPerCpuHour: 0.05,
      cpuCost: 12,
      cpuCoreHours: 240,
    });
  });

  it('says why an answer gives no price', () => {
    expect(priceFromOpenCost({ code: 500, message: 'boom', data: [] })).toEqual(
      {
        ok: false,
        reason: 'OpenCost answered code 500: boom',
      },
    );
    expect(priceFromOpenCost({ code: 200, data: [{}] })).toEqual({
      ok: false,
      reason: 'OpenCost reports no CPU core-hours in the window',
    });
    expect(priceFromOpenCost('<html>')).toMatchObject({ ok: false });
    expect(
      priceFromOpenCost({
        code: 200,
        data: [{ c: { cpuCost: -1, cpuCoreHours: 1 } }],
      }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining('data.0.c.cpuCost'),
    });
  });

  it("asks OpenCost's Allocation API through the service proxy", () => {
    expect(
      openCostPath({
        namespace: 'opencost',
        service: 'opencost',
        port: '9003',
        window: '1d',
      }),
    ).toBe(
      '/api/v1/namespaces/opencost/services/opencost:9003/proxy/allocation/compute?window=1d&aggregate=cluster&accumulate=true',
    );
  });
});

describe('priceFromTable', () => {
  const table: PriceEntry[] = [
    { provider: 'aws', instanceType: 'm6i.2xlarge', pricePerHour: 0.384 },
    {
      provider: 'aws',
      region: 'eu-west',
      instanceType: 'm6i.2xlarge',
      pricePerHour: 0.428,
    },
    { provider: 'aws', instanceType: 'c6i.4xlarge', pricePerHour: 0.68 },
  ];
  const nodes = [
    ...Array(6).fill({ instanceType: 'm6i.2xlarge', cpu: 8 }),
    ...Array(4).fill({ instanceType: 'c6i.4xlarge', cpu: 16 }),
  ];

  it("weighs the Nodes' prices by their cores", () => {
    // (6 x 0.384 + 4 x 0.68) / (6 x 8 + 4 x 16) = 5.024 / 112.
    const price = priceFromTable(
      table,
      { provider: 'aws', region: 'us-east' },
      nodes,
    );
    expect(price).toMatchObject({
      ok: true,
      nodes: 10,
      instanceTypes: ['c6i.4xlarge', 'm6i.2xlarge'],
    });
    expect(price.ok && price.costPerCpuHour).toBeCloseTo(0.044857, 6);
  });

  it("prefers the region's own row", () => {
    // (6 x 0.428 + 4 x 0.68) / 112 = 5.288 / 112.
    const price = priceFromTable(
      table,
      { provider: 'aws', region: 'eu-west' },
      nodes,
    );
    expect(price.ok && price.costPerCpuHour).toBeCloseTo(0.047214, 6);
  });

  it('is unknown when any Node has no price, naming the instance types', () => {
    expect(
      priceFromTable(table, { provider: 'gcp', region: 'eu-west' }, [
        { instanceType: 'n2-standard-16', cpu: 16 },
        { cpu: 4 },
      ]),
    ).toEqual({
      ok: false,
      reason:
        'no price for (no instance-type label), n2-standard-16 in gcp eu-west',
    });
  });
});
