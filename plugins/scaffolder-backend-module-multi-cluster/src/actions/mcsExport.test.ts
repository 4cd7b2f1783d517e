import { InputError } from '@backstage/errors';
import yaml from 'yaml';
import { crdProblems, documentsOf, runAction } from '../__testUtils__/harness';
import { createMcsExportAction } from './mcsExport';
import { examples } from './mcsExport.examples';

const input = {
  name: 'payments',
  namespace: 'shop',
  import: { ports: [{ name: 'http', port: 8080 }] },
};

describe('multicluster:mcs:export', () => {
  const action = createMcsExportAction();

  it('declares an id, examples and dry-run support', () => {
    expect(action.id).toBe('multicluster:mcs:export');
    expect(action.supportsDryRun).toBe(true);
    expect(action.examples?.length).toBeGreaterThan(0);
  });

  it('writes ServiceExport and ServiceImport', async () => {
    const { outputs, files, error } = await runAction(action, input);
    expect(error).toBeUndefined();
    expect(outputs.filePaths).toEqual([
      'serviceexport-payments.yaml',
      'serviceimport-payments.yaml',
    ]);
    expect(crdProblems(documentsOf(files))).toEqual([]);
  });

  it('supports dry runs and single files', async () => {
    const { files, error } = await runAction(
      action,
      { ...input, singleFile: true },
      { isDryRun: true },
    );
    expect(error).toBeUndefined();
    expect(Object.keys(files)).toEqual(['mcs-payments.yaml']);
    expect(documentsOf(files)).toHaveLength(2);
  });

  it.each([
    [{ name: 'pay:ments' }, /RFC 1123 label/],
    [{ import: { ports: [{ port: 0 }] } }, /port must be between 1 and 65535/],
  ])('rejects bad input %j and writes nothing', async (patch, message) => {
    const { files, error } = await runAction(action, { ...input, ...patch });
    expect(error).toBeInstanceOf(InputError);
    expect(error!.message).toMatch(/^Invalid MCS service input: /);
    expect(error!.message).toMatch(message);
    expect(files).toEqual({});
  });

  it('rejects path traversal and writes nothing', async () => {
    const { files, outside, error } = await runAction(action, {
      ...input,
      targetPath: '../mcs',
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
