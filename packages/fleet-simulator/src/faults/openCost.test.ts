import {
  openCostAnswer,
  openCostRequest,
  setOpenCost,
  validateOpenCostFigures,
} from './openCost';

describe("the simulator's OpenCost", () => {
  const path =
    '/api/v1/namespaces/opencost/services/opencost:9003/proxy/allocation/compute?window=1d&aggregate=cluster&accumulate=true';

  it('answers the Allocation API behind the service proxy path, and nothing else', () => {
    expect(openCostRequest(path)).toEqual({
      path: '/allocation/compute',
      query: new URLSearchParams('window=1d&aggregate=cluster&accumulate=true'),
    });
    expect(
      openCostRequest(
        '/api/v1/namespaces/opencost/services/other:9003/proxy/allocation',
      ),
    ).toBeUndefined();
    expect(
      openCostRequest(
        '/api/v1/namespaces/opencost/services/opencost:80/proxy/allocation',
      ),
    ).toBeUndefined();
    expect(openCostRequest('/api/v1/nodes')).toBeUndefined();
  });

  it("answers as OpenCost does, from the member's figures", () => {
    setOpenCost('m1', { cpuCost: 96, cpuCoreHours: 2400, ramCost: 4 });
    const [status, body] = openCostAnswer(
      'm1',
      openCostRequest(path)!,
      new Date('2026-01-02T10:30:00Z'),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      code: 200,
      data: [
        {
          m1: expect.objectContaining({
            name: 'm1',
            start: '2026-01-01T10:00:00.000Z',
            end: '2026-01-02T10:00:00.000Z',
            minutes: 1440,
            // 2400 core-hours over 24 h: 100 cores.
            cpuCores: 100,
            cpuCoreHours: 2400,
            cpuCost: 96,
            ramCost: 4,
            totalCost: 100,
          }),
        },
      ],
    });
    setOpenCost('m1', undefined);
    expect(openCostAnswer('m1', openCostRequest(path)!)[0]).toBe(404);
  });

  it('takes only finite non-negative figures through the control API', () => {
    expect(validateOpenCostFigures({ cpuCost: 1, cpuCoreHours: 2 })).toEqual({
      ok: true,
      value: { cpuCost: 1, cpuCoreHours: 2 },
    });
    expect(
      validateOpenCostFigures({ cpuCost: -1, cpuCoreHours: 2, x: 1 }),
    ).toEqual({
      ok: false,
      errors: ['x: unknown field', 'cpuCost: expected a number from 0 to 1e12'],
    });
  });
});
