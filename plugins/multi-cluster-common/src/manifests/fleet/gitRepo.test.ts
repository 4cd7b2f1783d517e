import { crdProblems } from '@flotilla/upstream-crds';
import { ManifestInputError } from '../validation/errors';
import { FleetGitRepoInput, generateFleetGitRepo } from '.';

const base: FleetGitRepoInput = {
  name: 'monitoring',
  repo: 'https://github.com/acme/fleet-addons.git',
  branch: 'main',
  paths: ['monitoring'],
  targets: [
    {
      name: 'prod',
      clusterSelector: { matchLabels: { 'flotilla.io/environment': 'prod' } },
      overrides: {
        helmValues: { retention: '30d', replicas: 2 },
        namespace: 'monitoring',
      },
    },
    {
      name: 'staging',
      clusterSelector: {
        matchExpressions: [
          {
            key: 'flotilla.io/environment',
            operator: 'In',
            values: ['staging', 'dev'],
          },
        ],
      },
      overrides: { helmValues: { retention: '3d' }, yamlOverlays: ['small'] },
    },
    { name: 'edge', clusterGroup: 'edge', overrides: { doNotDeploy: true } },
    {
      name: 'lab',
      clusterName: 'lab-1',
      overrides: { kustomizeDir: 'overlays/lab' },
    },
  ],
};

/** fleet.yaml's top level is BundleDeploymentOptions and its targetCustomizations are BundleTargets. */
const asBundle = (fleetYaml: Record<string, any>) => {
  const { targetCustomizations, ...options } = fleetYaml;
  return {
    apiVersion: 'fleet.cattle.io/v1alpha1',
    kind: 'Bundle',
    metadata: { name: 'monitoring', namespace: 'fleet-default' },
    spec: { ...options, targets: targetCustomizations },
  };
};

const invalid = (input: unknown): string => {
  try {
    generateFleetGitRepo(input as FleetGitRepoInput);
  } catch (error) {
    expect(error).toBeInstanceOf(ManifestInputError);
    return (error as Error).message;
  }
  throw new Error('expected the input to be rejected');
};

describe('generateFleetGitRepo', () => {
  it('builds a GitRepo with cluster-selector targets', () => {
    const { manifests } = generateFleetGitRepo(base);
    expect(crdProblems(manifests)).toEqual([]);
    expect(manifests[0]).toEqual({
      apiVersion: 'fleet.cattle.io/v1alpha1',
      kind: 'GitRepo',
      metadata: { name: 'monitoring', namespace: 'fleet-default' },
      spec: {
        repo: 'https://github.com/acme/fleet-addons.git',
        branch: 'main',
        paths: ['monitoring'],
        correctDrift: { enabled: true },
        targets: [
          {
            name: 'prod',
            clusterSelector: {
              matchLabels: { 'flotilla.io/environment': 'prod' },
            },
          },
          {
            name: 'staging',
            clusterSelector: {
              matchExpressions: [
                {
                  key: 'flotilla.io/environment',
                  operator: 'In',
                  values: ['staging', 'dev'],
                },
              ],
            },
          },
          { name: 'edge', clusterGroup: 'edge' },
          { name: 'lab', clusterName: 'lab-1' },
        ],
      },
    });
  });

  it('writes per-target overrides as fleet.yaml targetCustomizations that the Bundle CRD accepts', () => {
    const { fleetYaml } = generateFleetGitRepo({
      ...base,
      defaultNamespace: 'monitoring',
      helmValues: { global: { cluster: 'x' } },
    });
    expect(fleetYaml?.fileName).toBe('fleet.yaml');
    const content = fleetYaml!.content as Record<string, any>;
    expect(content.defaultNamespace).toBe('monitoring');
    expect(content.helm).toEqual({ values: { global: { cluster: 'x' } } });
    expect(content.targetCustomizations).toEqual([
      {
        name: 'prod',
        clusterSelector: { matchLabels: { 'flotilla.io/environment': 'prod' } },
        namespace: 'monitoring',
        helm: { values: { retention: '30d', replicas: 2 } },
      },
      {
        name: 'staging',
        clusterSelector: {
          matchExpressions: [
            {
              key: 'flotilla.io/environment',
              operator: 'In',
              values: ['staging', 'dev'],
            },
          ],
        },
        helm: { values: { retention: '3d' } },
        yaml: { overlays: ['small'] },
      },
      { name: 'edge', clusterGroup: 'edge', doNotDeploy: true },
      { name: 'lab', clusterName: 'lab-1', kustomize: { dir: 'overlays/lab' } },
    ]);
    expect(crdProblems([asBundle(content)])).toEqual([]);
  });

  it('describes a Helm chart bundle in fleet.yaml', () => {
    const { fleetYaml } = generateFleetGitRepo({
      ...base,
      targets: [{ name: 'all', clusterSelector: {} }],
      helmChart: {
        chart: 'kube-prometheus-stack',
        repo: 'https://prometheus-community.github.io/helm-charts',
        version: '65.1.0',
        releaseName: 'monitoring',
      },
      helmValues: { grafana: { enabled: false } },
    });
    expect(fleetYaml!.content).toEqual({
      helm: {
        chart: 'kube-prometheus-stack',
        repo: 'https://prometheus-community.github.io/helm-charts',
        version: '65.1.0',
        releaseName: 'monitoring',
        values: { grafana: { enabled: false } },
      },
    });
    expect(crdProblems([asBundle(fleetYaml!.content)])).toEqual([]);
  });

  it('omits fleet.yaml when there is nothing per target', () => {
    const result = generateFleetGitRepo({
      ...base,
      branch: undefined,
      revision: 'v1.2.3',
      pollingInterval: '1m30s',
      correctDrift: false,
      targets: [{ name: 'all', clusterSelector: {} }],
    });
    expect(result.fleetYaml).toBeUndefined();
    expect(crdProblems(result.manifests)).toEqual([]);
    expect((result.manifests[0] as any).spec).toEqual({
      repo: 'https://github.com/acme/fleet-addons.git',
      revision: 'v1.2.3',
      paths: ['monitoring'],
      pollingInterval: '1m30s',
      targets: [{ name: 'all', clusterSelector: {} }],
    });
  });

  it.each([
    [{ targets: [] }, /targets must list at least one target/],
    [
      { targets: [{ name: 'x' }] },
      /a target needs clusterSelector, clusterGroup or clusterName/,
    ],
    [
      {
        targets: [
          { name: 'x', clusterName: 'a' },
          { name: 'x', clusterName: 'b' },
        ],
      },
      /target name "x" is used twice/,
    ],
    [{ revision: 'abc' }, /give branch or revision, not both/],
    [{ pollingInterval: '1d' }, /Go duration/],
    [{ repo: 'file:///etc' }, /repo must be a repository URL/],
    [{ paths: ['../secrets'] }, /must not contain '..'/],
    [{ name: 'a\nb' }, /RFC 1123 label/],
    [
      { helmChart: { chart: 'x', releaseName: 'r'.repeat(54) } },
      /at most 53 characters/,
    ],
    [{ helmChart: { chart: 'a b' } }, /helmChart.chart/],
    [
      {
        targets: [
          { name: 'x', clusterName: 'a', overrides: { namespace: 'A' } },
        ],
      },
      /overrides.namespace/,
    ],
  ])('rejects %j', (patch, message) => {
    expect(invalid({ ...base, ...patch })).toMatch(message);
  });
});
