import { InputError } from '@backstage/errors';
import yaml from 'yaml';
import { crdProblems, documentsOf, runAction } from '../__testUtils__/harness';
import { createKubefedConvertAction } from './kubefedConvert';
import { examples } from './kubefedConvert.examples';

const federated = `
apiVersion: types.kubefed.io/v1beta1
kind: FederatedDeployment
metadata:
  name: web
  namespace: shop
spec:
  template:
    spec:
      replicas: 2
      selector:
        matchLabels: {app: web}
      template:
        metadata:
          labels: {app: web}
        spec:
          containers: [{name: web, image: "nginx:1.27"}]
  placement:
    clusterSelector:
      matchLabels:
        flotilla.io/environment: prod
  overrides:
    - clusterName: prod-us-east-aws-1
      clusterOverrides:
        - path: /spec/replicas
          value: 4
`;

describe('multicluster:kubefed:convert', () => {
  const action = createKubefedConvertAction();

  it('declares an id, examples and dry-run support', () => {
    expect(action.id).toBe('multicluster:kubefed:convert');
    expect(action.supportsDryRun).toBe(true);
    expect(action.examples?.length).toBeGreaterThan(0);
  });

  it('writes the Deployment and the Karmada policies', async () => {
    const { outputs, files, error } = await runAction(action, {
      federated,
      targetPath: 'migrated',
    });
    expect(error).toBeUndefined();
    expect(outputs.filePaths).toEqual([
      'migrated/deployment-web.yaml',
      'migrated/propagationpolicy-web.yaml',
      'migrated/overridepolicy-web-overrides.yaml',
    ]);
    expect(outputs.warnings).toEqual([]);
    const docs = documentsOf(files);
    expect(crdProblems(docs.filter(d => d.kind !== 'Deployment'))).toEqual([]);
    expect(docs.find(d => d.kind === 'Deployment').spec.replicas).toBe(2);
  });

  it('supports dry runs', async () => {
    const { files, error } = await runAction(
      action,
      { federated, singleFile: true },
      { isDryRun: true },
    );
    expect(error).toBeUndefined();
    expect(Object.keys(files)).toEqual(['kubefed-web.yaml']);
  });

  it.each([
    [
      federated.replace(
        'name: web\n  namespace',
        'name: "web\\nkind: Secret"\n  namespace',
      ),
      /metadata.name/,
    ],
    [
      federated.replace('FederatedDeployment', 'Deployment'),
      /kind must be one of/,
    ],
    ['{', /Invalid YAML|expected/],
  ])('rejects bad input %# and writes nothing', async (text, message) => {
    const { files, error } = await runAction(action, { federated: text });
    expect(error).toBeInstanceOf(InputError);
    expect(error!.message).toMatch(/^Invalid kubefed resource: /);
    expect(error!.message).toMatch(message);
    expect(files).toEqual({});
  });

  it('rejects path traversal and writes nothing', async () => {
    const { files, outside, error } = await runAction(action, {
      federated,
      targetPath: '../..',
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
      expect(
        crdProblems(documentsOf(files).filter(d => d.kind !== 'Deployment')),
      ).toEqual([]);
    },
  );
});
