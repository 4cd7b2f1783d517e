import type { FailoverRunStep } from '@flotilla/plugin-multi-cluster-common';
import { stepOutcome } from './stepOutcome';

const step = (
  kind: FailoverRunStep['kind'],
  output: unknown,
): FailoverRunStep => ({
  order: 1,
  kind,
  title: kind,
  status: 'succeeded',
  attempts: 1,
  maxAttempts: 3,
  timeoutSeconds: 60,
  output,
});

const endpoint = (cluster: string, enabled: boolean) => ({
  cluster,
  target: `${cluster}.example.com`,
  enabled,
});

describe('stepOutcome', () => {
  it('says where the traffic went, from the read-back before and after', () => {
    const lines = stepOutcome(
      step('traffic-shift', {
        provider: 'dns',
        record: 'payments/ledger',
        before: {
          endpoints: [endpoint('eu-1', true), endpoint('eu-2', false)],
        },
        after: {
          endpoints: [endpoint('eu-1', false), endpoint('eu-2', true)],
        },
      }),
    );
    expect(lines).toEqual(['payments/ledger (dns): eu-1 → eu-2']);
  });

  it('reads failover records by their primary', () => {
    const before = {
      endpoints: [
        { cluster: 'eu-1', target: 'a', enabled: true, role: 'primary' },
        { cluster: 'eu-2', target: 'b', enabled: true, role: 'secondary' },
      ],
    };
    expect(
      stepOutcome(step('traffic-shift', { record: 'r', before, after: {} })),
    ).toEqual(['r: eu-1 → nobody']);
  });

  it('shows the achieved RPO, and says so honestly when there was no backup', () => {
    expect(stepOutcome(step('state-restore', { rpoSeconds: 42 }))).toEqual([
      'RPO achieved: 42 s',
    ]);
    expect(stepOutcome(step('state-restore', { rpoUnknown: true }))).toEqual([
      'no backup: RPO unknown',
    ]);
  });

  it('lists probe results and findings, bounded, ignoring what it cannot read', () => {
    const lines = stepOutcome(
      step('verify', {
        traffic: { provider: 'dns', record: 'payments/ledger', ok: true },
        probes: [
          { cluster: 'eu-2', ok: true, status: 200 },
          { cluster: 'eu-3', ok: false, error: 'ECONNREFUSED' },
          'nonsense',
        ],
        findings: [{ message: 'x'.repeat(1000) }, 7],
      }),
    );
    expect(lines.slice(0, 3)).toEqual([
      'read-back: payments/ledger serves the targets',
      'eu-2: health probe passed (HTTP 200)',
      'eu-3: health probe failed (ECONNREFUSED)',
    ]);
    expect(lines[3]).toHaveLength(300);
    expect(stepOutcome(step('notify', 'not an object'))).toEqual([]);
  });
});
