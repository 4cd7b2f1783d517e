import { crdProblems } from '@flotilla/upstream-crds';
import { ManifestInputError } from '../validation/errors';
import { convertKubefedResource } from '.';

const federatedDeployment = `
apiVersion: types.kubefed.io/v1beta1
kind: FederatedDeployment
metadata:
  name: web
  namespace: shop
spec:
  template:
    metadata:
      labels:
        app: web
    spec:
      replicas: 3
      selector:
        matchLabels:
          app: web
      template:
        metadata:
          labels:
            app: web
        spec:
          containers:
            - name: web
              image: nginx:1.27
  placement:
    clusters:
      - name: cluster1
      - name: cluster2
  overrides:
    - clusterName: cluster2
      clusterOverrides:
        - path: "/spec/replicas"
          value: 5
        - path: "/spec/template/spec/containers/0/image"
          value: "nginx:1.27-alpine"
        - path: "/metadata/annotations"
          op: "add"
          value:
            foo: bar
        - path: "/spec/template/spec/tolerations"
          op: remove
`;

const invalid = (
  input: Parameters<typeof convertKubefedResource>[0],
): string => {
  try {
    convertKubefedResource(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ManifestInputError);
    return (error as Error).message;
  }
  throw new Error('expected the input to be rejected');
};

describe('convertKubefedResource', () => {
  it('converts a FederatedDeployment to Deployment + PropagationPolicy + OverridePolicy', () => {
    const { manifests, warnings } = convertKubefedResource({
      federated: federatedDeployment,
    });
    expect(warnings).toEqual([]);
    const [deployment, pp, op] = manifests as any[];
    expect(deployment).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'shop', labels: { app: 'web' } },
      spec: {
        replicas: 3,
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
        },
      },
    });
    expect(crdProblems([pp, op])).toEqual([]);
    expect(pp.spec).toEqual({
      resourceSelectors: [
        { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      ],
      placement: {
        clusterAffinity: { clusterNames: ['cluster1', 'cluster2'] },
        replicaScheduling: { replicaSchedulingType: 'Duplicated' },
      },
    });
    expect(op.metadata).toEqual({ name: 'web-overrides', namespace: 'shop' });
    expect(op.spec.overrideRules).toEqual([
      {
        targetCluster: { clusterNames: ['cluster2'] },
        overriders: {
          plaintext: [
            { path: '/spec/replicas', operator: 'replace', value: 5 },
            {
              path: '/spec/template/spec/containers/0/image',
              operator: 'replace',
              value: 'nginx:1.27-alpine',
            },
            {
              path: '/metadata/annotations',
              operator: 'add',
              value: { foo: 'bar' },
            },
            { path: '/spec/template/spec/tolerations', operator: 'remove' },
          ],
        },
      },
    ]);
  });

  it('maps clusterSelector to a label selector and {} to every cluster', () => {
    const object = {
      apiVersion: 'types.kubefed.io/v1beta1',
      kind: 'FederatedDeployment',
      metadata: { name: 'api' },
      spec: {
        template: {
          spec: {
            selector: { matchLabels: { app: 'api' } },
            template: { spec: { containers: [] } },
          },
        },
        placement: {
          clusterSelector: {
            matchLabels: { 'flotilla.io/environment': 'prod' },
          },
        },
      },
    };
    const { manifests } = convertKubefedResource({
      federated: object,
      namespace: 'apis',
    });
    expect(crdProblems(manifests.slice(1))).toEqual([]);
    expect(manifests).toHaveLength(2);
    expect((manifests[1] as any).metadata.namespace).toBe('apis');
    expect((manifests[1] as any).spec.placement.clusterAffinity).toEqual({
      labelSelector: { matchLabels: { 'flotilla.io/environment': 'prod' } },
    });

    const all = convertKubefedResource({
      federated: {
        ...object,
        spec: { ...object.spec, placement: { clusterSelector: {} } },
      },
    });
    expect((all.manifests[1] as any).spec.placement).toEqual({
      replicaScheduling: { replicaSchedulingType: 'Duplicated' },
    });
    expect(all.warnings).toEqual([
      'placement.clusterSelector is empty: every member cluster is selected',
    ]);
  });

  it('lets clusters win over clusterSelector and warns about overrides that do nothing', () => {
    const text = federatedDeployment.replace(
      '    clusters:\n      - name: cluster1\n      - name: cluster2',
      '    clusters:\n      - name: cluster1\n    clusterSelector:\n      matchLabels:\n        a: b',
    );
    const { warnings } = convertKubefedResource({ federated: text });
    expect(warnings).toEqual([
      'placement.clusterSelector is ignored because placement.clusters is set (kubefed semantics)',
      'overrides for cluster2 have no effect: the cluster is not in placement.clusters',
    ]);
  });

  it('converts other federated types', () => {
    const { manifests } = convertKubefedResource({
      federated: {
        apiVersion: 'types.kubefed.io/v1beta1',
        kind: 'FederatedConfigMap',
        metadata: { name: 'settings', namespace: 'shop' },
        spec: {
          template: { data: { key: 'value' } },
          placement: { clusters: [{ name: 'c1' }] },
        },
      },
    });
    expect(crdProblems(manifests.slice(1))).toEqual([]);
    expect(manifests[0]).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'settings', namespace: 'shop' },
      data: { key: 'value' },
    });
    expect((manifests[1] as any).spec.placement).toEqual({
      clusterAffinity: { clusterNames: ['c1'] },
    });
  });

  it.each([
    ['not yaml: [', /Invalid YAML/],
    [
      `${federatedDeployment}extra: !!binary aGVsbG8=\n`,
      /line \d+: YAML tag !!binary is not supported/,
    ],
    [
      `a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [${Array(10)
        .fill('*a')
        .join(', ')}]\nc: &c [${Array(10).fill('*b').join(', ')}]\nd: [${Array(
        10,
      )
        .fill('*c')
        .join(', ')}]\n`,
      /line 4: YAML aliases expand to more than 10000 nodes/,
    ],
    ['a: 1\n---\nb: 2\n', /exactly one YAML document/],
    [
      federatedDeployment.replace(
        'types.kubefed.io/v1beta1',
        'types.kubefed.io/v1alpha1',
      ),
      /apiVersion must be types.kubefed.io\/v1beta1/,
    ],
    [
      federatedDeployment.replace('FederatedDeployment', 'FederatedWidget'),
      /kind must be one of FederatedDeployment/,
    ],
    [
      federatedDeployment.replace(
        'name: web\n  namespace',
        'name: Web\n  namespace',
      ),
      /metadata.name/,
    ],
    [
      federatedDeployment.replace(
        '          value: 5',
        '          op: move\n          value: 5',
      ),
      /op must be add, remove or replace/,
    ],
    [
      federatedDeployment.replace('"/spec/replicas"', 'spec.replicas'),
      /JSON pointer/,
    ],
    [
      federatedDeployment.replace(
        '    clusters:\n      - name: cluster1\n      - name: cluster2',
        '    clusters: []',
      ),
      /selects no cluster/,
    ],
    [
      federatedDeployment.replace(
        '      selector:\n        matchLabels:\n          app: web\n',
        '',
      ),
      /selector is required for a Deployment/,
    ],
    [
      federatedDeployment.replace(
        'op: remove',
        'op: remove\n          value: 1',
      ),
      /value must be empty for op remove/,
    ],
  ])('rejects bad input %#', (federated, message) => {
    expect(invalid({ federated })).toMatch(message);
  });

  it('rejects a bad namespace override', () => {
    expect(
      invalid({ federated: federatedDeployment, namespace: '../x' }),
    ).toMatch(/namespace/);
  });
});
