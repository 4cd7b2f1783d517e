import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiError } from './apiStatus';
import { ClusterStorage, WatchEvent } from './clusterStorage';
import type { Cluster } from './clusterTypes';

const member = (name: string): Cluster => ({
  apiVersion: 'cluster.karmada.io/v1alpha1',
  kind: 'Cluster',
  metadata: { name, labels: { 'flotilla.io/environment': 'prod' } },
  spec: {
    syncMode: 'Push',
    apiEndpoint: 'https://127.0.0.1:36502',
    secretRef: { namespace: 'karmada-cluster', name },
    taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoExecute' }],
  },
});

function statusOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('ClusterStorage', () => {
  const now = () => new Date('2026-12-03T10:00:00.000Z');

  it('creates with server fields and mutates NoExecute taints as Karmada does', () => {
    const storage = new ClusterStorage(undefined, now);
    const created = storage.create(member('prod-eu-west-aws-1'));
    expect(created.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.metadata.resourceVersion).toBe('1');
    expect(created.metadata.generation).toBe(1);
    expect(created.metadata.creationTimestamp).toBe('2026-12-03T10:00:00Z');
    expect(created.spec.taints?.[0].timeAdded).toBe('2026-12-03T10:00:00.000Z');
    expect(
      statusOf(() => storage.create(member('prod-eu-west-aws-1'))),
    ).toMatchObject({
      code: 409,
      reason: 'AlreadyExists',
    });
  });

  it('refuses invalid Clusters with a 422 Status naming the fields', () => {
    const storage = new ClusterStorage();
    const bad = member('Prod_1');
    bad.spec = {
      ...bad.spec,
      syncMode: 'Sideways' as never,
      apiEndpoint: 'https://user@host:1?x=1',
    };
    const status = statusOf(() => storage.create(bad));
    expect(status.code).toBe(422);
    expect(status.reason).toBe('Invalid');
    const fields = (status.details?.causes as { field: string }[]).map(
      c => c.field,
    );
    expect(fields).toEqual([
      'metadata.name',
      'spec.syncMode',
      'spec.apiEndpoint',
      'spec.apiEndpoint',
    ]);
  });

  it('answers an update with a stale resourceVersion with 409 Conflict', () => {
    const storage = new ClusterStorage();
    const created = storage.create(member('prod-eu-west-gcp-1'));
    const first = {
      ...created,
      metadata: { ...created.metadata, labels: { tier: 'a' } },
    };
    const second = {
      ...created,
      metadata: { ...created.metadata, labels: { tier: 'b' } },
    };
    expect(storage.update(first).metadata.resourceVersion).toBe('2');
    const status = statusOf(() => storage.update(second));
    expect(status).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      code: 409,
      reason: 'Conflict',
    });
    expect(status.message).toContain('the object has been modified');
    expect(storage.get('prod-eu-west-gcp-1').metadata.labels).toEqual({
      tier: 'a',
    });
    // Without a resourceVersion the update is unconditional (AllowUnconditionalUpdate).
    const unconditional = {
      ...second,
      metadata: { ...second.metadata, resourceVersion: undefined },
    };
    expect(storage.update(unconditional).metadata.labels).toEqual({
      tier: 'b',
    });
  });

  it('keeps status and spec apart: object updates ignore status, status updates ignore spec', () => {
    const storage = new ClusterStorage();
    const created = storage.create(member('prod-us-east-aws-1'));
    const withStatus = storage.update(
      {
        ...created,
        spec: { ...created.spec, region: 'ignored' },
        status: { kubernetesVersion: 'v1.20.2' },
      },
      'status',
    );
    expect(withStatus.status?.kubernetesVersion).toBe('v1.20.2');
    expect(withStatus.spec.region).toBeUndefined();
    expect(withStatus.metadata.generation).toBe(1);
    const respec = storage.update({
      ...withStatus,
      spec: { ...withStatus.spec, region: 'us-east' },
      status: {},
    });
    expect(respec.status?.kubernetesVersion).toBe('v1.20.2');
    expect(respec.spec.region).toBe('us-east');
    expect(respec.metadata.generation).toBe(2);
  });

  it('streams watch events after a resourceVersion and refuses one older than its history', () => {
    const storage = new ClusterStorage();
    storage.create(member('a-1'));
    storage.create(member('b-1'));
    const seen: WatchEvent[] = [];
    const stop = storage.watch(1, event => seen.push(event));
    storage.delete('a-1');
    stop();
    storage.create(member('c-1'));
    expect(
      seen.map(e => [e.type, e.object.metadata.name, e.resourceVersion]),
    ).toEqual([
      ['ADDED', 'b-1', 2],
      ['DELETED', 'a-1', 3],
    ]);
    const restarted = new ClusterStorage();
    restarted.create(member('x-1'));
    expect(() => restarted.watch(0, () => undefined)).not.toThrow();
  });

  it('marks an object with finalizers for deletion and deletes it when the last one goes', () => {
    const storage = new ClusterStorage();
    const created = storage.create({
      ...member('d-1'),
      metadata: { name: 'd-1', finalizers: ['karmada.io/cluster-controller'] },
    });
    const marked = storage.delete('d-1', { uid: created.metadata.uid });
    expect(marked.deleted).toBe(false);
    expect(marked.object.metadata.deletionTimestamp).toBeDefined();
    storage.update({
      ...marked.object,
      metadata: { ...marked.object.metadata, finalizers: [] },
    });
    expect(statusOf(() => storage.get('d-1')).code).toBe(404);
  });

  it('keeps Clusters and the resourceVersion across restarts (the JSON file)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clusters-'));
    const file = path.join(dir, 'karmada', 'clusters.json');
    const first = new ClusterStorage(file);
    first.create(member('prod-eu-west-aws-1'));
    const patched = first.patch('prod-eu-west-aws-1', c => ({
      ...c,
      spec: { ...c.spec, region: 'eu-west' },
    }));
    // Writes are coalesced; a stopping server flushes them.
    first.flush();
    const second = new ClusterStorage(file);
    expect(second.get('prod-eu-west-aws-1').spec.region).toBe('eu-west');
    expect(second.currentResourceVersion()).toBe(
      patched.metadata.resourceVersion,
    );
    // A writer holding the version before the restart still conflicts.
    const stale = {
      ...patched,
      metadata: { ...patched.metadata, resourceVersion: '1' },
    };
    expect(statusOf(() => second.update(stale)).code).toBe(409);
    // History is gone after the restart: resuming an older watch is 410 Expired.
    expect(statusOf(() => second.watch(0, () => undefined))).toMatchObject({
      code: 410,
      reason: 'Expired',
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gathers writes: the file is written when flushed (or after the delay), not on each write', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clusters-'));
    const file = path.join(dir, 'clusters.json');
    const storage = new ClusterStorage(file, now, 60_000);
    storage.create(member('prod-eu-west-aws-1'));
    storage.create(member('prod-us-east-aws-1'));
    expect(fs.existsSync(file)).toBe(false);
    storage.flush();
    expect(new ClusterStorage(file).list().map(c => c.metadata.name)).toEqual([
      'prod-eu-west-aws-1',
      'prod-us-east-aws-1',
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
