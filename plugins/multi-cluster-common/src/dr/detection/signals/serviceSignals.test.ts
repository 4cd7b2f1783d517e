import type { WorkloadStatus } from '../../../api/fleet';
import { serviceSignalVerdicts } from './serviceSignals';

function deployment(
  replicas: number,
  availableReplicas?: number,
  name = 'checkout',
): WorkloadStatus {
  return {
    cluster: 'eu-west',
    namespace: 'shop',
    kind: 'Deployment',
    name,
    replicas,
    readyReplicas: availableReplicas ?? 0,
    availableReplicas,
  };
}

describe('serviceSignalVerdicts', () => {
  it('reads a Degraded Argo CD Application as failing', () => {
    const { argocd } = serviceSignalVerdicts({
      cluster: 'eu-west',
      application: {
        application: 'checkout-eu-west',
        status: 'Degraded',
        message: 'Deployment has timed out progressing',
      },
    });
    expect(argocd).toEqual({
      state: 'failing',
      reason:
        'Application checkout-eu-west is Degraded: Deployment has timed out progressing',
      evidence: [
        {
          cluster: 'eu-west',
          source: 'argocd',
          status: 'unhealthy',
          reason:
            'Application checkout-eu-west is Degraded: Deployment has timed out progressing',
        },
      ],
    });
  });

  it('reads Healthy as healthy and anything else, or nothing, as unknown', () => {
    const healthy = serviceSignalVerdicts({
      cluster: 'eu-west',
      application: { application: 'checkout', status: 'Healthy' },
    });
    expect(healthy.argocd.state).toBe('healthy');
    for (const status of ['Progressing', 'Missing', 'Suspended', 'Unknown']) {
      const other = serviceSignalVerdicts({
        cluster: 'eu-west',
        application: { application: 'checkout', status },
      });
      expect(other.argocd.state).toBe('unknown');
    }
    expect(serviceSignalVerdicts({ cluster: 'eu-west' }).argocd).toEqual({
      state: 'unknown',
      reason: 'no Argo CD Application read',
      evidence: [],
    });
  });

  it('reads a Deployment with replicas and none available as failing', () => {
    const { deployment: workload } = serviceSignalVerdicts({
      cluster: 'eu-west',
      workloads: [deployment(3, 0), deployment(2, 2, 'checkout-worker')],
    });
    expect(workload.state).toBe('failing');
    expect(workload.reason).toBe(
      'Deployment shop/checkout: 0 of 3 replicas available',
    );
    expect(workload.evidence).toHaveLength(1);
  });

  it('reads Deployments that are available, or scaled to zero, as healthy', () => {
    const { deployment: workload } = serviceSignalVerdicts({
      cluster: 'eu-west',
      workloads: [deployment(3, 1), deployment(0, 0, 'standby')],
    });
    expect(workload.state).toBe('healthy');
  });

  it('cannot tell without Deployments or without reported availability', () => {
    expect(serviceSignalVerdicts({ cluster: 'eu-west' }).deployment.state).toBe(
      'unknown',
    );
    expect(
      serviceSignalVerdicts({
        cluster: 'eu-west',
        workloads: [deployment(3, undefined)],
      }).deployment.state,
    ).toBe('unknown');
    expect(
      serviceSignalVerdicts({
        cluster: 'eu-west',
        workloads: [{ ...deployment(3, 0), kind: 'StatefulSet' }],
      }).deployment.state,
    ).toBe('unknown');
  });
});
