import { crdProblems } from '@flotilla/upstream-crds';
import { ManifestInputError } from '../validation/errors';
import {
  activePassiveOverrideRules,
  generateKarmadaPolicies,
  karmadaFailoverSpec,
  KarmadaPolicyInput,
  karmadaOverrideRules,
} from '.';

const checkoutPlacement = {
  clusterAffinity: {
    labelSelector: {
      matchLabels: {
        'flotilla.io/environment': 'prod',
        'flotilla.io/workload-class': 'latency-sensitive',
      },
    },
  },
  spreadConstraints: [
    { spreadByField: 'region', minGroups: 2, maxGroups: 3 },
    { spreadByField: 'cluster', minGroups: 2, maxGroups: 4 },
  ],
  replicaScheduling: {
    replicaSchedulingType: 'Divided',
    replicaDivisionPreference: 'Weighted',
    weightPreference: { dynamicWeight: 'AvailableReplicas' },
  },
};

const base: KarmadaPolicyInput = {
  name: 'checkout',
  namespace: 'shop',
  resourceSelectors: [
    { apiVersion: 'apps/v1', kind: 'Deployment', name: 'checkout' },
    { apiVersion: 'v1', kind: 'Service', name: 'checkout' },
  ],
  placement: checkoutPlacement as KarmadaPolicyInput['placement'],
};

const invalid = (input: unknown): string => {
  try {
    generateKarmadaPolicies(input as KarmadaPolicyInput);
  } catch (error) {
    expect(error).toBeInstanceOf(ManifestInputError);
    return (error as Error).message;
  }
  throw new Error('expected the input to be rejected');
};

describe('generateKarmadaPolicies', () => {
  it('emits a PropagationPolicy with the placement verbatim', () => {
    const docs = generateKarmadaPolicies(base) as any[];
    expect(crdProblems(docs)).toEqual([]);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toEqual({
      apiVersion: 'policy.karmada.io/v1alpha1',
      kind: 'PropagationPolicy',
      metadata: { name: 'checkout', namespace: 'shop' },
      spec: {
        resourceSelectors: base.resourceSelectors,
        placement: checkoutPlacement,
      },
    });
  });

  it('emits cluster-scoped policies on request', () => {
    const docs = generateKarmadaPolicies({
      ...base,
      clusterScoped: true,
      resourceSelectors: [
        { apiVersion: 'v1', kind: 'Namespace', name: 'shop' },
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          namespace: 'other',
          labelSelector: { matchLabels: { app: 'x' } },
        },
      ],
      overrides: { replicas: { 'prod-eu-west-aws-1': 4 } },
    }) as any[];
    expect(crdProblems(docs)).toEqual([]);
    expect(docs.map(d => d.kind)).toEqual([
      'ClusterPropagationPolicy',
      'ClusterOverridePolicy',
    ]);
    expect(docs.every(d => d.metadata.namespace === undefined)).toBe(true);
  });

  it('emits an OverridePolicy for replicas, registries and plaintext overriders', () => {
    const docs = generateKarmadaPolicies({
      ...base,
      overrides: {
        replicas: { 'prod-eu-west-aws-1': 6, 'prod-us-east-aws-1': 2 },
        imageRegistry: {
          'prod-eu-west-aws-1': 'registry.eu.example.com:5000/mirror',
        },
        plaintext: [
          {
            clusters: ['prod-eu-west-gcp-1'],
            operator: 'add',
            path: '/metadata/annotations',
            value: { 'example.com/tier': 'gold' },
          },
          {
            clusterSelector: {
              matchLabels: { 'flotilla.io/provider': 'azure' },
            },
            operator: 'remove',
            path: '/spec/template/spec/nodeSelector',
          },
        ],
      },
    }) as any[];
    expect(crdProblems(docs)).toEqual([]);
    const op = docs[1];
    expect(op.kind).toBe('OverridePolicy');
    expect(op.metadata).toEqual({
      name: 'checkout-overrides',
      namespace: 'shop',
    });
    expect(op.spec.resourceSelectors).toEqual(base.resourceSelectors);
    expect(op.spec.overrideRules).toEqual([
      {
        targetCluster: { clusterNames: ['prod-eu-west-aws-1'] },
        overriders: {
          plaintext: [
            { path: '/spec/replicas', operator: 'replace', value: 6 },
          ],
        },
      },
      {
        targetCluster: { clusterNames: ['prod-us-east-aws-1'] },
        overriders: {
          plaintext: [
            { path: '/spec/replicas', operator: 'replace', value: 2 },
          ],
        },
      },
      {
        targetCluster: { clusterNames: ['prod-eu-west-aws-1'] },
        overriders: {
          imageOverrider: [
            {
              component: 'Registry',
              operator: 'replace',
              value: 'registry.eu.example.com:5000/mirror',
            },
          ],
        },
      },
      {
        targetCluster: { clusterNames: ['prod-eu-west-gcp-1'] },
        overriders: {
          plaintext: [
            {
              path: '/metadata/annotations',
              operator: 'add',
              value: { 'example.com/tier': 'gold' },
            },
          ],
        },
      },
      {
        targetCluster: {
          labelSelector: { matchLabels: { 'flotilla.io/provider': 'azure' } },
        },
        overriders: {
          plaintext: [
            { path: '/spec/template/spec/nodeSelector', operator: 'remove' },
          ],
        },
      },
    ]);
  });

  it('emits the active-passive pair', () => {
    const docs = generateKarmadaPolicies({
      ...base,
      placement: undefined,
      activePassive: {
        primary: 'prod-eu-west-aws-1',
        standby: 'prod-eu-west-gcp-1',
        replicas: 4,
      },
    }) as any[];
    expect(crdProblems(docs)).toEqual([]);
    expect(docs.map(d => [d.kind, d.metadata.name])).toEqual([
      ['PropagationPolicy', 'checkout'],
      ['OverridePolicy', 'checkout-active-passive'],
    ]);
    expect(docs[0].spec.placement).toEqual({
      clusterAffinity: {
        clusterNames: ['prod-eu-west-aws-1', 'prod-eu-west-gcp-1'],
      },
      replicaScheduling: { replicaSchedulingType: 'Duplicated' },
    });
    expect(docs[1].spec.overrideRules).toEqual([
      {
        targetCluster: { clusterNames: ['prod-eu-west-aws-1'] },
        overriders: {
          plaintext: [
            { path: '/spec/replicas', operator: 'replace', value: 4 },
          ],
        },
      },
      {
        targetCluster: { clusterNames: ['prod-eu-west-gcp-1'] },
        overriders: {
          plaintext: [
            { path: '/spec/replicas', operator: 'replace', value: 0 },
          ],
        },
      },
    ]);
    expect(
      activePassiveOverrideRules({ primary: 'a', standby: 'b', replicas: 1 }),
    ).toHaveLength(2);
  });

  it('adds application failover (and propagateDeps, which failover needs)', () => {
    const docs = generateKarmadaPolicies({
      ...base,
      failover: {
        application: {
          tolerationSeconds: 120,
          purgeMode: 'Gracefully',
          gracePeriodSeconds: 300,
        },
        cluster: { purgeMode: 'Directly' },
      },
    }) as any[];
    expect(crdProblems(docs)).toEqual([]);
    expect(docs[0].spec.propagateDeps).toBe(true);
    expect(docs[0].spec.failover).toEqual({
      application: {
        decisionConditions: { tolerationSeconds: 120 },
        purgeMode: 'Gracefully',
        gracePeriodSeconds: 300,
      },
      cluster: { purgeMode: 'Directly' },
    });
  });

  it('preserves state of the stateful parts in application failover, as the Karmada CRD takes it', () => {
    const docs = generateKarmadaPolicies({
      ...base,
      failover: { application: { purgeMode: 'Directly' } },
      statefulParts: ['ledger-db', 'ledger-cache'],
    }) as any[];
    expect(crdProblems(docs)).toEqual([]);
    expect(docs[0].spec.failover.application.statePreservation).toEqual({
      rules: [
        {
          aliasLabelName: 'restore.flotilla.io/ledger-db',
          jsonPath: '{.observedGeneration}',
        },
        {
          aliasLabelName: 'restore.flotilla.io/ledger-cache',
          jsonPath: '{.observedGeneration}',
        },
      ],
    });
    expect(() =>
      generateKarmadaPolicies({ ...base, statefulParts: ['ledger-db'] }),
    ).toThrow(/statefulParts are preserved by application failover/);
    expect(() =>
      generateKarmadaPolicies({ ...base, statefulParts: ['Ledger_DB'] }),
    ).toThrow(/stateful part/);
  });

  it('defaults failover like Karmada does', () => {
    expect(karmadaFailoverSpec({ application: {} })).toEqual({
      application: {
        decisionConditions: { tolerationSeconds: 300 },
        purgeMode: 'Gracefully',
        gracePeriodSeconds: 600,
      },
    });
    expect(
      karmadaFailoverSpec({
        application: { purgeMode: 'Never', tolerationSeconds: 0 },
      }),
    ).toEqual({
      application: {
        decisionConditions: { tolerationSeconds: 0 },
        purgeMode: 'Never',
      },
    });
    expect(karmadaFailoverSpec({ application: { enabled: false } })).toEqual(
      {},
    );
    const docs = generateKarmadaPolicies({
      ...base,
      failover: { application: { purgeMode: 'Directly' } },
    });
    expect(crdProblems(docs)).toEqual([]);
  });

  it('passes through priority, preemption and conflict resolution', () => {
    const docs = generateKarmadaPolicies({
      ...base,
      priority: 10,
      preemption: 'Always',
      conflictResolution: 'Overwrite',
      labels: { team: 'checkout' },
    }) as any[];
    expect(crdProblems(docs)).toEqual([]);
    expect(docs[0].spec).toMatchObject({
      priority: 10,
      preemption: 'Always',
      conflictResolution: 'Overwrite',
    });
    expect(docs[0].metadata.labels).toEqual({ team: 'checkout' });
  });

  it('builds override rules on their own', () => {
    expect(karmadaOverrideRules({ replicas: { a: 1 } })).toEqual([
      {
        targetCluster: { clusterNames: ['a'] },
        overriders: {
          plaintext: [
            { path: '/spec/replicas', operator: 'replace', value: 1 },
          ],
        },
      },
    ]);
  });

  it.each([
    [{ name: 'Checkout' }, /name "Checkout" is not a valid RFC 1123 label/],
    [{ name: 'x\n  evil: true' }, /not a valid RFC 1123 label/],
    [{ placement: undefined }, /placement is required/],
    [
      { activePassive: { primary: 'a', standby: 'b', replicas: 1 } },
      /either placement or activePassive/,
    ],
    [
      {
        placement: undefined,
        activePassive: { primary: 'a', standby: 'a', replicas: 1 },
      },
      /activePassive.standby: primary and standby must be different clusters/,
    ],
    [
      { placement: { clusterAffinity: {}, clusterAffinities: [] } },
      /placement.clusterAffinities: clusterAffinities cannot co-exist with clusterAffinity/,
    ],
    [
      { placement: { spreadConstraints: [{ spreadByField: 'planet' }] } },
      /placement.spreadConstraints\[0\].spreadByField/,
    ],
    [
      { placement: { replicaScheduling: { replicaSchedulingType: 'Split' } } },
      /replicaSchedulingType must be Duplicated or Divided/,
    ],
    [
      { resourceSelectors: [] },
      /resourceSelectors must list at least one resource/,
    ],
    [
      { resourceSelectors: [{ apiVersion: 'apps/v1', kind: 'deployment' }] },
      /kind must be a CamelCase Kubernetes kind/,
    ],
    [
      {
        resourceSelectors: [
          { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'other' },
        ],
      },
      /only selects resources in its own namespace "shop"/,
    ],
    [
      { overrides: { replicas: { 'Bad Cluster': 1 } } },
      /overrides.replicas\["Bad Cluster"\]: cluster name/,
    ],
    [{ overrides: { replicas: { a: -1 } } }, /replicas must be at least 0/],
    [
      { overrides: { imageRegistry: { a: 'https://registry' } } },
      /registry must be a host/,
    ],
    [
      {
        overrides: {
          plaintext: [
            {
              clusters: ['a'],
              operator: 'replace',
              path: 'spec.replicas',
              value: 1,
            },
          ],
        },
      },
      /path must be a JSON pointer/,
    ],
    [
      {
        overrides: {
          plaintext: [
            { clusters: ['a'], operator: 'replace', path: '/spec/replicas' },
          ],
        },
      },
      /value is required for operator replace/,
    ],
    [
      { overrides: { plaintext: [{ operator: 'remove', path: '/x' }] } },
      /give clusters or clusterSelector/,
    ],
    [
      {
        failover: {
          application: { purgeMode: 'Never', gracePeriodSeconds: 10 },
        },
      },
      /gracePeriodSeconds only applies when purgeMode is Gracefully/,
    ],
    [
      { failover: { application: { purgeMode: 'Immediately' } } },
      /purgeMode must be Directly, Gracefully or Never/,
    ],
    [
      { failover: { application: { tolerationSeconds: -1 } } },
      /tolerationSeconds must be at least 0/,
    ],
    [
      { failover: { application: {} }, propagateDeps: false },
      /needs propagateDeps/,
    ],
    [
      {
        placement: undefined,
        activePassive: { primary: 'a', standby: 'b', replicas: 2 },
        overrides: { replicas: { b: 1 } },
      },
      /replicas of b are set by activePassive/,
    ],
    [
      { overrides: { replicas: { ['x'.repeat(49)]: 1 } } },
      /at most 48 characters/,
    ],
  ])('rejects %j', (patch, message) => {
    expect(invalid({ ...base, ...patch })).toMatch(message);
  });
});
