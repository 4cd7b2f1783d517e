import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInTestApp } from '@backstage/test-utils';
import type { FleetCluster } from '@flotilla/plugin-multi-cluster-common';
import {
  ClusterHealthStatus,
  healthEvidenceLines,
} from './ClusterHealthStatus';

const unreachable: Pick<FleetCluster, 'health' | 'stale' | 'lastError'> = {
  stale: true,
  lastError: 'prod-1: readyz: connection refused (ECONNREFUSED)',
  health: {
    status: 'unhealthy',
    via: 'readyz',
    checkedAt: '2026-12-02T10:00:00.000Z',
    message: 'probe: prod-1: readyz: connection refused (ECONNREFUSED)',
    evidence: [
      {
        source: 'probe',
        status: 'unhealthy',
        reason: 'prod-1: readyz: connection refused (ECONNREFUSED)',
        checkedAt: '2026-12-02T10:00:00.000Z',
      },
      {
        source: 'karmada',
        sourceId: 'karmada:global',
        status: 'unhealthy',
        reason: 'Ready=False: cluster is not reachable',
        since: '2026-12-02T09:50:00Z',
      },
      {
        source: 'ocm',
        sourceId: 'ocm:hub',
        status: 'healthy',
        reason: 'Available=True',
      },
    ],
  },
};

describe('ClusterHealthStatus', () => {
  it('shows unhealthy, with every observer’s evidence on hover', async () => {
    await renderInTestApp(<ClusterHealthStatus cluster={unreachable} />);
    await userEvent.hover(screen.getByText('unhealthy (stale)'));
    expect(
      await screen.findByText(
        'readiness probe says unhealthy: prod-1: readyz: connection refused (ECONNREFUSED)',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'karmada:global says unhealthy: Ready=False: cluster is not reachable (since 2026-12-02T09:50:00Z)',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('ocm:hub says healthy: Available=True'),
    ).toBeInTheDocument();
  });

  it('falls back to the message of a snapshot stored without evidence', () => {
    expect(
      healthEvidenceLines({
        stale: false,
        health: { status: 'unknown', via: 'none', message: 'No access' },
      }),
    ).toEqual(['No access']);
  });
});
