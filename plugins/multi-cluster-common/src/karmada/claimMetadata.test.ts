/**
 * The claim keys of Karmada v1.18.2
 * `pkg/apis/policy/v1alpha1/well_known_constants.go`, read as
 * `propagateResource` (`pkg/detector/policy.go`) reads them and written as
 * `pkg/detector/claim.go` writes them.
 */
import { claimMetadata, readPolicyClaim } from './claimMetadata';

const template = (
  labels: Record<string, string>,
  annotations: Record<string, string>,
) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'nginx', namespace: 'test', labels, annotations },
});

describe('policy claims on resource templates (pkg/detector/claim.go)', () => {
  it('reads a PropagationPolicy claim only with namespace, name and permanent id', () => {
    const labels = { 'propagationpolicy.karmada.io/permanent-id': 'id-1' };
    const annotations = {
      'propagationpolicy.karmada.io/namespace': 'test',
      'propagationpolicy.karmada.io/name': 'pp',
    };
    expect(readPolicyClaim(template(labels, annotations))).toEqual({
      kind: 'PropagationPolicy',
      namespace: 'test',
      name: 'pp',
      permanentId: 'id-1',
    });
    expect(readPolicyClaim(template({}, annotations))).toBeUndefined();
    expect(
      readPolicyClaim(
        template(labels, { 'propagationpolicy.karmada.io/name': 'pp' }),
      ),
    ).toBeUndefined();
  });

  it('reads a ClusterPropagationPolicy claim after a PropagationPolicy one', () => {
    const cpp = {
      labels: { 'clusterpropagationpolicy.karmada.io/permanent-id': 'id-2' },
      annotations: { 'clusterpropagationpolicy.karmada.io/name': 'cpp' },
    };
    expect(readPolicyClaim(template(cpp.labels, cpp.annotations))).toEqual({
      kind: 'ClusterPropagationPolicy',
      name: 'cpp',
      permanentId: 'id-2',
    });
    const both = template(
      { ...cpp.labels, 'propagationpolicy.karmada.io/permanent-id': 'id-1' },
      {
        ...cpp.annotations,
        'propagationpolicy.karmada.io/namespace': 'test',
        'propagationpolicy.karmada.io/name': 'pp',
      },
    );
    expect(readPolicyClaim(both)?.kind).toBe('PropagationPolicy');
  });

  it('writes the keys AddPPClaimMetadata and AddCPPClaimMetadata write, dropping the other kind', () => {
    expect(
      claimMetadata({
        kind: 'PropagationPolicy',
        namespace: 'test',
        name: 'pp',
        permanentId: 'id-1',
      }),
    ).toEqual({
      labels: { 'propagationpolicy.karmada.io/permanent-id': 'id-1' },
      annotations: {
        'propagationpolicy.karmada.io/namespace': 'test',
        'propagationpolicy.karmada.io/name': 'pp',
      },
      removedKeys: [
        'clusterpropagationpolicy.karmada.io/permanent-id',
        'clusterpropagationpolicy.karmada.io/name',
      ],
    });
    expect(
      claimMetadata({
        kind: 'ClusterPropagationPolicy',
        name: 'cpp',
        permanentId: 'id-2',
      }),
    ).toEqual({
      labels: { 'clusterpropagationpolicy.karmada.io/permanent-id': 'id-2' },
      annotations: { 'clusterpropagationpolicy.karmada.io/name': 'cpp' },
      removedKeys: [
        'propagationpolicy.karmada.io/permanent-id',
        'propagationpolicy.karmada.io/namespace',
        'propagationpolicy.karmada.io/name',
      ],
    });
  });
});
