import type { ClusterHealthEvidence } from '@flotilla/plugin-multi-cluster-common';
import { clusterHealthVerdict } from './health';
import { mergeRecords } from './merge';
import { ClusterRecord } from './types';

const now = '2026-12-02T10:00:00.000Z';
const listed = '2026-12-02T09:59:58.000Z';

const karmada = (health: ClusterHealthEvidence): ClusterRecord => ({
  name: 'prod-1',
  source: 'karmada',
  sourceId: 'karmada:global',
  fields: {},
  access: { kind: 'karmada-proxy', controlPlane: 'global', cluster: 'prod-1' },
  health,
});
const ocm = (health: ClusterHealthEvidence): ClusterRecord => ({
  name: 'prod-1',
  source: 'ocm',
  sourceId: 'ocm:hub',
  fields: {},
  health,
});
const capi = (health: ClusterHealthEvidence): ClusterRecord => ({
  name: 'prod-1',
  source: 'cluster-api',
  sourceId: 'cluster-api:mgmt',
  fields: {},
  health,
});
const config: ClusterRecord = {
  name: 'prod-1',
  source: 'config',
  sourceId: 'config',
  fields: {},
  access: { kind: 'direct', url: 'https://p.example', credentialRef: 'c' },
};

const karmadaNotReady: ClusterHealthEvidence = {
  source: 'karmada',
  status: 'unhealthy',
  reason: 'Ready=False: cluster is not reachable',
  since: '2026-12-02T09:50:00Z',
  checkedAt: listed,
};
const karmadaReady: ClusterHealthEvidence = {
  source: 'karmada',
  status: 'healthy',
  reason: 'Ready=True: cluster is healthy and ready to accept workloads',
  since: '2026-12-01T00:00:00Z',
  checkedAt: listed,
};
const ocmLeaseStopped: ClusterHealthEvidence = {
  source: 'ocm',
  status: 'unhealthy',
  reason:
    'Available=Unknown: ManagedClusterLeaseUpdateStopped: Registration agent stopped updating its lease.',
  since: '2026-12-02T09:55:00Z',
  checkedAt: listed,
};
const ocmAvailable: ClusterHealthEvidence = {
  source: 'ocm',
  status: 'healthy',
  reason: 'Available=True',
  since: '2026-12-01T00:00:00Z',
  checkedAt: listed,
};
const probe = (
  status: ClusterHealthEvidence['status'],
  reason?: string,
): ClusterHealthEvidence => ({
  source: 'probe',
  status,
  reason,
  checkedAt: now,
  latencyMs: 12,
});

/** The inventory's verdict: the merged sources' evidence plus its own probe. */
function verdict(records: ClusterRecord[], probed?: ClusterHealthEvidence) {
  const [merged] = mergeRecords(records, now);
  return clusterHealthVerdict(
    probed ? [probed, ...merged.sourceEvidence] : merged.sourceEvidence,
    now,
  );
}

describe('the cluster health verdict', () => {
  it('probe fails + OCM lease stopped: unhealthy, with both pieces of evidence', () => {
    const health = verdict(
      [config, ocm(ocmLeaseStopped)],
      probe('unhealthy', 'prod-1: readyz: connection refused (ECONNREFUSED)'),
    );
    expect(health).toEqual({
      status: 'unhealthy',
      via: 'readyz',
      checkedAt: now,
      latencyMs: 12,
      message: `probe: prod-1: readyz: connection refused (ECONNREFUSED); ocm:hub: ${ocmLeaseStopped.reason}`,
      evidence: [
        probe('unhealthy', 'prod-1: readyz: connection refused (ECONNREFUSED)'),
        { ...ocmLeaseStopped, sourceId: 'ocm:hub' },
      ],
    });
  });

  it('Karmada NotReady + OCM lease stopped, not probed (the proxy path): unhealthy', () => {
    const health = verdict([karmada(karmadaNotReady), ocm(ocmLeaseStopped)]);
    expect(health.status).toBe('unhealthy');
    expect(health.via).toBe('karmada');
    expect(health.evidence?.map(e => [e.source, e.status])).toEqual([
      ['karmada', 'unhealthy'],
      ['ocm', 'unhealthy'],
    ]);
  });

  it('Karmada NotReady + probe ok (+ OCM Available): unhealthy, Karmada decides', () => {
    const health = verdict(
      [config, karmada(karmadaNotReady), ocm(ocmAvailable)],
      probe('healthy'),
    );
    expect(health).toMatchObject({
      status: 'unhealthy',
      via: 'karmada',
      message: 'karmada:global: Ready=False: cluster is not reachable',
    });
    expect(health.evidence?.map(e => [e.source, e.status])).toEqual([
      ['probe', 'healthy'],
      ['karmada', 'unhealthy'],
      ['ocm', 'healthy'],
    ]);
  });

  it('a 401 only: unknown, the probe says why', () => {
    const refused = `The API server refused this backend's credentials (401): check the cluster's authProvider and its token or client certificate`;
    const health = verdict([config], probe('unknown', refused));
    expect(health).toMatchObject({
      status: 'unknown',
      via: 'readyz',
      message: `probe: ${refused}`,
    });
  });

  it('a TLS trust error + Karmada Ready: healthy (the probe cannot tell, Karmada can)', () => {
    const health = verdict(
      [config, karmada(karmadaReady)],
      probe(
        'unknown',
        "the server's certificate is not signed by a trusted CA",
      ),
    );
    expect(health).toMatchObject({ status: 'healthy', via: 'karmada' });
    expect(health.evidence).toHaveLength(2);
  });

  it('OCM Available but the probe refused: unhealthy', () => {
    const health = verdict(
      [config, ocm(ocmAvailable)],
      probe('unhealthy', 'prod-1: readyz: connection refused (ECONNREFUSED)'),
    );
    expect(health).toMatchObject({ status: 'unhealthy', via: 'readyz' });
  });

  it('every live observer healthy: healthy, via the probe', () => {
    const health = verdict(
      [config, karmada(karmadaReady), ocm(ocmAvailable)],
      probe('healthy'),
    );
    expect(health).toMatchObject({ status: 'healthy', via: 'readyz' });
  });

  it('Cluster API decides only when no live observer can tell (its Available falls during a scale-up)', () => {
    const scaling: ClusterHealthEvidence = {
      source: 'cluster-api',
      status: 'unhealthy',
      reason: 'Available=False: MachineDeployments md-0 not available',
      checkedAt: listed,
    };
    expect(verdict([config, capi(scaling)], probe('healthy')).status).toBe(
      'healthy',
    );
    expect(
      verdict([config, capi(scaling)], probe('unknown', 'no credentials')),
    ).toMatchObject({ status: 'unhealthy', via: 'cluster-api' });
  });

  it('no evidence at all: unknown via none', () => {
    expect(verdict([config])).toEqual({
      status: 'unknown',
      via: 'none',
      checkedAt: now,
      message: 'No observer reports its health',
      evidence: [],
    });
  });

  it('checkedAt is when the backend decided; each piece of evidence keeps its own times', () => {
    const health = verdict([karmada(karmadaNotReady)]);
    expect(health.checkedAt).toBe(now);
    expect(health.evidence?.[0]).toMatchObject({
      since: karmadaNotReady.since,
      checkedAt: listed,
    });
  });
});
