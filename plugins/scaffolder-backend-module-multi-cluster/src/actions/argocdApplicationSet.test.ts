import { InputError } from '@backstage/errors';
import yaml from 'yaml';
import { crdProblems, documentsOf, runAction } from '../__testUtils__/harness';
import { createArgoCdApplicationSetAction } from './argocdApplicationSet';
import { examples } from './argocdApplicationSet.examples';

const input = {
  name: 'cert-manager',
  source: {
    repoURL: 'https://charts.jetstack.io',
    chart: 'cert-manager',
    targetRevision: 'v1.16.1',
    helm: { values: { crds: { enabled: true } } },
  },
  destinationNamespace: 'cert-manager',
  generator: {
    type: 'clusters',
    selector: { matchLabels: { 'flotilla.io/environment': 'prod' } },
  },
};

describe('multicluster:argocd:applicationset', () => {
  const action = createArgoCdApplicationSetAction();

  it('declares an id, examples and dry-run support', () => {
    expect(action.id).toBe('multicluster:argocd:applicationset');
    expect(action.supportsDryRun).toBe(true);
    expect(action.examples?.length).toBeGreaterThan(0);
  });

  it('writes the ApplicationSet', async () => {
    const { outputs, files, error } = await runAction(action, input);
    expect(error).toBeUndefined();
    expect(Object.keys(files)).toEqual(['applicationset-cert-manager.yaml']);
    expect(outputs.filePaths).toEqual(['applicationset-cert-manager.yaml']);
    expect(outputs.manifest).toBe(
      `---\n${files['applicationset-cert-manager.yaml']}`,
    );
    expect(crdProblems(documentsOf(files))).toEqual([]);
  });

  it('supports dry runs and single files', async () => {
    const { files, error } = await runAction(
      action,
      { ...input, singleFile: true, targetPath: 'argocd' },
      { isDryRun: true },
    );
    expect(error).toBeUndefined();
    expect(Object.keys(files)).toEqual(['argocd/argocd-cert-manager.yaml']);
  });

  it.each([
    [
      { generator: { type: 'matrix', generators: [{ type: 'clusters' }] } },
      /matrix needs exactly two generators/,
    ],
    [
      { source: { repoURL: 'https://x/y\nkind: Secret', chart: 'c' } },
      /source.repoURL must be a repository URL/,
    ],
    [{ name: 'cert manager' }, /RFC 1123 label/],
    [{ destinationNamespace: 'a\n---\nb' }, /destinationNamespace/],
  ])('rejects bad input %j and writes nothing', async (patch, message) => {
    const { files, error } = await runAction(action, { ...input, ...patch });
    expect(error).toBeInstanceOf(InputError);
    expect(error!.message).toMatch(/^Invalid ApplicationSet input: /);
    expect(error!.message).toMatch(message);
    expect(files).toEqual({});
  });

  it('rejects path traversal and writes nothing', async () => {
    const { files, outside, error } = await runAction(action, {
      ...input,
      targetPath: '..',
    });
    expect(error).toBeInstanceOf(InputError);
    expect(files).toEqual({});
    expect(outside).toEqual([]);
  });

  it.each(examples.map((e, i) => [i, e.description]))(
    'runs example %i: %s',
    async index => {
      const { steps } = yaml.parse(examples[index as number].example);
      const { error, files } = await runAction(action, steps[0].input);
      expect(error).toBeUndefined();
      expect(crdProblems(documentsOf(files))).toEqual([]);
    },
  );
});
