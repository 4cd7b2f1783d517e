import { InputError } from '@backstage/errors';
import yaml from 'yaml';
import { crdProblems, documentsOf, runAction } from '../__testUtils__/harness';
import { createKarmadaPolicyAction } from './karmadaPolicy';
import { examples } from './karmadaPolicy.examples';

const input = {
  name: 'checkout',
  namespace: 'shop',
  resourceSelectors: [
    { apiVersion: 'apps/v1', kind: 'Deployment', name: 'checkout' },
  ],
  placement: {
    clusterAffinity: {
      labelSelector: { matchLabels: { 'flotilla.io/environment': 'prod' } },
    },
    replicaScheduling: {
      replicaSchedulingType: 'Divided',
      replicaDivisionPreference: 'Weighted',
      weightPreference: { dynamicWeight: 'AvailableReplicas' },
    },
  },
  overrides: { replicas: { 'prod-eu-west-aws-1': 2 } },
  failover: { application: { tolerationSeconds: 60 } },
  targetPath: 'karmada',
};

describe('multicluster:karmada:policy', () => {
  const action = createKarmadaPolicyAction();

  it('declares an id, examples and dry-run support', () => {
    expect(action.id).toBe('multicluster:karmada:policy');
    expect(action.supportsDryRun).toBe(true);
    expect(action.examples?.length).toBeGreaterThan(0);
  });

  it('writes the PropagationPolicy and OverridePolicy', async () => {
    const { outputs, files, error } = await runAction(action, input);
    expect(error).toBeUndefined();
    expect(Object.keys(files).sort()).toEqual([
      'karmada/overridepolicy-checkout-overrides.yaml',
      'karmada/propagationpolicy-checkout.yaml',
    ]);
    expect(outputs.filePaths).toEqual([
      'karmada/propagationpolicy-checkout.yaml',
      'karmada/overridepolicy-checkout-overrides.yaml',
    ]);
    const docs = documentsOf(files);
    expect(crdProblems(docs)).toEqual([]);
    const pp = docs.find(d => d.kind === 'PropagationPolicy');
    expect(pp.spec.placement).toEqual(input.placement);
    expect(
      pp.spec.failover.application.decisionConditions.tolerationSeconds,
    ).toBe(60);
  });

  it('accepts the placement as YAML text and cluster-scoped policies', async () => {
    const { files, error } = await runAction(action, {
      ...input,
      clusterScoped: true,
      placement:
        'clusterAffinity:\n  clusterNames: [prod-eu-west-aws-1, prod-us-east-aws-1]\n',
      singleFile: true,
    });
    expect(error).toBeUndefined();
    expect(Object.keys(files)).toEqual(['karmada/karmada-checkout.yaml']);
    const docs = documentsOf(files);
    expect(docs.map(d => d.kind)).toEqual([
      'ClusterPropagationPolicy',
      'ClusterOverridePolicy',
    ]);
    expect(crdProblems(docs)).toEqual([]);
  });

  it('writes the active-passive pair', async () => {
    const { files, error } = await runAction(action, {
      ...input,
      placement: undefined,
      overrides: undefined,
      activePassive: {
        primary: 'prod-eu-west-aws-1',
        standby: 'prod-eu-west-gcp-1',
        replicas: 3,
      },
    });
    expect(error).toBeUndefined();
    const docs = documentsOf(files);
    expect(crdProblems(docs)).toEqual([]);
    const op = docs.find(d => d.kind === 'OverridePolicy');
    expect(op.spec.overrideRules[1]).toEqual({
      targetCluster: { clusterNames: ['prod-eu-west-gcp-1'] },
      overriders: {
        plaintext: [{ path: '/spec/replicas', operator: 'replace', value: 0 }],
      },
    });
  });

  it('supports dry runs', async () => {
    const { outputs, files, error } = await runAction(action, input, {
      isDryRun: true,
    });
    expect(error).toBeUndefined();
    expect(Object.keys(files)).toHaveLength(2);
    expect(outputs.manifest).toContain('kind: PropagationPolicy');
  });

  it.each([
    [
      {
        placement: {
          clusterAffinity: { clusterNames: ['a'] },
          clusterAffinities: [{ affinityName: 'x' }],
        },
      },
      /placement.clusterAffinities: clusterAffinities cannot co-exist/,
    ],
    [{ placement: 'clusterAffinity: [' }, /placement: Invalid YAML/],
    [{ placement: undefined }, /placement is required/],
    [{ name: 'checkout\n  namespace: kube-system' }, /RFC 1123 label/],
    [{ name: "it's: here" }, /RFC 1123 label/],
    [
      { overrides: { replicas: { '../x': 1 } } },
      /overrides.replicas\["..\/x"\]/,
    ],
    [
      {
        failover: {
          application: { purgeMode: 'Never', gracePeriodSeconds: 5 },
        },
      },
      /gracePeriodSeconds only applies/,
    ],
  ])('rejects bad input %j and writes nothing', async (patch, message) => {
    const { files, error, outputs } = await runAction(action, {
      ...input,
      ...patch,
    });
    expect(error).toBeInstanceOf(InputError);
    expect(error!.message).toMatch(/^Invalid Karmada policy input: /);
    expect(error!.message).toMatch(message);
    expect(files).toEqual({});
    expect(outputs).toEqual({});
  });

  it('rejects path traversal and writes nothing', async () => {
    const { files, outside, error } = await runAction(action, {
      ...input,
      targetPath: '../../karmada',
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
