import { crdProblems } from '@flotilla/upstream-crds';
import { ManifestInputError } from '../validation/errors';
import { manifestsToYaml, parseYamlDocuments } from '../yaml';
import { ApplicationSetInput, generateApplicationSet } from '.';

const base: ApplicationSetInput = {
  name: 'ingress-nginx',
  source: {
    repoURL: 'https://kubernetes.github.io/ingress-nginx',
    chart: 'ingress-nginx',
    targetRevision: '4.11.3',
    helm: {
      releaseName: 'ingress-nginx',
      values: { controller: { replicaCount: 2 } },
    },
  },
  destinationNamespace: 'ingress-nginx',
  generator: {
    type: 'clusters',
    selector: { matchLabels: { 'flotilla.io/environment': 'prod' } },
  },
};

const invalid = (input: unknown): string => {
  try {
    generateApplicationSet(input as ApplicationSetInput);
  } catch (error) {
    expect(error).toBeInstanceOf(ManifestInputError);
    return (error as Error).message;
  }
  throw new Error('expected the input to be rejected');
};

describe('generateApplicationSet', () => {
  it('builds a clusters-generator ApplicationSet with automated sync', () => {
    const docs = generateApplicationSet(base) as any[];
    expect(crdProblems(docs)).toEqual([]);
    expect(docs).toHaveLength(1);
    const appSet = docs[0];
    expect(appSet.metadata).toEqual({
      name: 'ingress-nginx',
      namespace: 'argocd',
    });
    expect(appSet.spec.goTemplate).toBe(true);
    expect(appSet.spec.generators).toEqual([
      {
        clusters: {
          selector: { matchLabels: { 'flotilla.io/environment': 'prod' } },
        },
      },
    ]);
    expect(appSet.spec.template.metadata.name).toBe('{{.name}}-ingress-nginx');
    expect(appSet.spec.template.spec).toEqual({
      project: 'default',
      source: {
        repoURL: 'https://kubernetes.github.io/ingress-nginx',
        targetRevision: '4.11.3',
        chart: 'ingress-nginx',
        helm: {
          releaseName: 'ingress-nginx',
          valuesObject: { controller: { replicaCount: 2 } },
        },
      },
      destination: { name: '{{.name}}', namespace: 'ingress-nginx' },
      syncPolicy: {
        automated: { prune: true, selfHeal: true },
        syncOptions: ['CreateNamespace=true'],
        retry: {
          limit: 5,
          backoff: { duration: '5s', factor: 2, maxDuration: '3m' },
        },
      },
    });
  });

  it('builds a list-generator ApplicationSet from Git', () => {
    const docs = generateApplicationSet({
      ...base,
      source: {
        repoURL: 'git@github.com:acme/addons.git',
        path: 'addons/cert-manager',
        targetRevision: 'main',
      },
      generator: {
        type: 'list',
        elements: [
          { name: 'prod-eu-west-aws-1', env: 'prod' },
          { name: 'staging-eu-west-aws-1', env: 'staging' },
        ],
      },
      syncPolicy: {
        automated: false,
        createNamespace: false,
        serverSideApply: true,
        retryLimit: 0,
      },
    }) as any[];
    expect(crdProblems(docs)).toEqual([]);
    expect(docs[0].spec.generators[0].list.elements).toHaveLength(2);
    expect(docs[0].spec.template.spec.syncPolicy).toEqual({
      syncOptions: ['ServerSideApply=true'],
    });
  });

  it('builds a matrix of clusters x list', () => {
    const docs = generateApplicationSet({
      ...base,
      generator: {
        type: 'matrix',
        generators: [
          {
            type: 'clusters',
            selector: {
              matchExpressions: [
                {
                  key: 'flotilla.io/environment',
                  operator: 'In',
                  values: ['prod', 'staging'],
                },
              ],
            },
          },
          {
            type: 'list',
            elements: [{ variant: 'internal' }, { variant: 'external' }],
          },
        ],
      },
    }) as any[];
    expect(crdProblems(docs)).toEqual([]);
    expect(docs[0].spec.generators[0].matrix.generators).toHaveLength(2);
    expect(docs[0].spec.template.metadata.name).toBe(
      '{{.name}}-ingress-nginx-{{.variant}}',
    );
  });

  it('keeps hostile strings as data in the YAML', () => {
    const values = {
      note: 'a: b\n- c\n---\nkind: Secret',
      quote: '"\'',
      template: '${{ secrets.x }}',
    };
    const docs = generateApplicationSet({
      ...base,
      source: { ...base.source, helm: { values } },
    });
    const [parsed] = parseYamlDocuments(manifestsToYaml(docs)) as any[];
    expect(parsed.spec.template.spec.source.helm.valuesObject).toEqual(values);
  });

  it.each([
    [{ name: 'Ingress' }, /RFC 1123 label/],
    [
      { source: { repoURL: 'https://x/y', chart: 'c', path: 'p' } },
      /exactly one of source.path/,
    ],
    [
      { source: { repoURL: 'ftp://x/y', chart: 'c' } },
      /source.repoURL must be a repository URL/,
    ],
    [
      { source: { repoURL: 'https://x/y z', chart: 'c' } },
      /no spaces or quotes/,
    ],
    [
      { source: { repoURL: 'https://x/y', path: '../etc' } },
      /must not contain '..'/,
    ],
    [
      { source: { repoURL: 'https://x/y', path: '/abs' } },
      /relative to the repository root/,
    ],
    [
      { generator: { type: 'git' } },
      /generator.type must be clusters, list or matrix/,
    ],
    [
      { generator: { type: 'list', elements: [] } },
      /list.elements must not be empty/,
    ],
    [{ generator: { type: 'list', elements: [{ env: 'x' }] } }, /needs "name"/],
    [
      {
        generator: { type: 'list', elements: [{ name: 'a', 'bad-key': 'x' }] },
      },
      /keys must be identifiers/,
    ],
    [
      { generator: { type: 'matrix', generators: [{ type: 'clusters' }] } },
      /matrix needs exactly two generators/,
    ],
    [
      {
        generator: {
          type: 'matrix',
          generators: [{ type: 'clusters' }, { type: 'clusters' }],
        },
      },
      /makes no sense/,
    ],
    [
      {
        generator: {
          type: 'matrix',
          generators: [
            { type: 'clusters' },
            { type: 'list', elements: [{ name: 'x', variant: 'a' }] },
          ],
        },
      },
      /"name" is a parameter of the clusters generator/,
    ],
    [
      {
        generator: {
          type: 'matrix',
          generators: [
            { type: 'clusters' },
            { type: 'list', elements: [{ tier: 'a' }] },
          ],
        },
      },
      /needs "variant"/,
    ],
    [{ destinationNamespace: 'Kube System' }, /destinationNamespace/],
    [{ applicationName: 'a"b' }, /single line without double quotes/],
  ])('rejects %j', (patch, message) => {
    expect(invalid({ ...base, ...patch })).toMatch(message);
  });
});
