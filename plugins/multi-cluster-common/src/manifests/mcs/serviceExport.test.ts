import { crdProblems } from '@flotilla/upstream-crds';
import { ManifestInputError } from '../validation/errors';
import { generateMcsServiceExport, McsServiceInput } from '.';

const invalid = (input: unknown): string => {
  try {
    generateMcsServiceExport(input as McsServiceInput);
  } catch (error) {
    expect(error).toBeInstanceOf(ManifestInputError);
    return (error as Error).message;
  }
  throw new Error('expected the input to be rejected');
};

describe('generateMcsServiceExport', () => {
  it.each(['v1beta1', 'v1alpha1'] as const)(
    'emits a ServiceExport and ServiceImport in %s',
    apiVersion => {
      const docs = generateMcsServiceExport({
        name: 'payments',
        namespace: 'shop',
        apiVersion,
        exportedLabels: { tier: 'backend' },
        exportedAnnotations: { 'example.com/owner': 'team payments' },
        import: {
          type: 'ClusterSetIP',
          ports: [
            { name: 'http', port: 80, appProtocol: 'kubernetes.io/h2c' },
            { name: 'grpc', port: 9090, protocol: 'TCP' },
          ],
          sessionAffinity: 'None',
        },
      }) as any[];
      expect(crdProblems(docs)).toEqual([]);
      expect(docs.map(d => [d.apiVersion, d.kind])).toEqual([
        [`multicluster.x-k8s.io/${apiVersion}`, 'ServiceExport'],
        [`multicluster.x-k8s.io/${apiVersion}`, 'ServiceImport'],
      ]);
      expect(docs[1].spec.ports[0]).toEqual({
        name: 'http',
        port: 80,
        protocol: 'TCP',
        appProtocol: 'kubernetes.io/h2c',
      });
    },
  );

  it('emits only a ServiceExport by default', () => {
    const docs = generateMcsServiceExport({ name: 'payments' });
    expect(crdProblems(docs)).toEqual([]);
    expect(docs).toEqual([
      {
        apiVersion: 'multicluster.x-k8s.io/v1beta1',
        kind: 'ServiceExport',
        metadata: { name: 'payments', namespace: 'default' },
      },
    ]);
  });

  it('adds Karmada propagation for both', () => {
    const docs = generateMcsServiceExport({
      name: 'payments',
      namespace: 'shop',
      apiVersion: 'v1alpha1',
      import: { type: 'Headless', ports: [{ port: 5432 }] },
      karmada: {
        exportClusters: ['prod-eu-west-aws-1'],
        importClusters: ['prod-eu-west-gcp-1', 'prod-us-east-aws-1'],
      },
    }) as any[];
    expect(crdProblems(docs)).toEqual([]);
    expect(docs.map(d => [d.kind, d.metadata.name])).toEqual([
      ['ServiceExport', 'payments'],
      ['ServiceImport', 'payments'],
      ['PropagationPolicy', 'payments-export'],
      ['PropagationPolicy', 'payments-import'],
    ]);
    expect(docs[3].spec).toEqual({
      resourceSelectors: [
        {
          apiVersion: 'multicluster.x-k8s.io/v1alpha1',
          kind: 'ServiceImport',
          name: 'payments',
        },
      ],
      placement: {
        clusterAffinity: {
          clusterNames: ['prod-eu-west-gcp-1', 'prod-us-east-aws-1'],
        },
      },
    });
  });

  it.each([
    [{ name: '1payments' }, /must start with a letter/],
    [{ name: 'pay\nments' }, /RFC 1123 label/],
    [{ export: false }, /nothing to generate/],
    [{ import: { ports: [] } }, /import.ports must list at least one port/],
    [
      { import: { ports: [{ port: 70000 }] } },
      /port must be between 1 and 65535/,
    ],
    [
      { import: { ports: [{ port: 1 }, { port: 2 }] } },
      /every port needs a name/,
    ],
    [{ import: { type: 'LoadBalancer', ports: [{ port: 1 }] } }, /import.type/],
    [{ apiVersion: 'v1' }, /apiVersion/],
    [
      { karmada: { exportClusters: ['a'], importClusters: ['b'] } },
      /needs both export and import/,
    ],
    [
      {
        name: 'a'.repeat(57),
        import: { ports: [{ port: 1 }] },
        karmada: { exportClusters: ['a'], importClusters: ['b'] },
      },
      /at most 56 characters/,
    ],
  ])('rejects %j', (patch, message) => {
    expect(invalid({ name: 'payments', ...patch })).toMatch(message);
  });
});
