import { InputError } from '@backstage/errors';
import yaml from 'yaml';
import { crdProblems, documentsOf, runAction } from '../__testUtils__/harness';
import { createFleetGitRepoAction } from './fleetGitRepo';
import { examples } from './fleetGitRepo.examples';

const input = {
  name: 'logging',
  repo: 'https://github.com/acme/fleet-addons.git',
  paths: ['logging'],
  targets: [
    {
      name: 'prod',
      clusterSelector: { matchLabels: { 'flotilla.io/environment': 'prod' } },
      overrides: { helmValues: { level: 'warn' } },
    },
    { name: 'rest', clusterSelector: {} },
  ],
  targetPath: 'fleet',
};

describe('multicluster:fleet:gitrepo', () => {
  const action = createFleetGitRepoAction();

  it('declares an id, examples and dry-run support', () => {
    expect(action.id).toBe('multicluster:fleet:gitrepo');
    expect(action.supportsDryRun).toBe(true);
    expect(action.examples?.length).toBeGreaterThan(0);
  });

  it('writes the GitRepo and the fleet.yaml with per-target overrides', async () => {
    const { outputs, files, error } = await runAction(action, input);
    expect(error).toBeUndefined();
    expect(Object.keys(files).sort()).toEqual([
      'fleet/fleet.yaml',
      'fleet/gitrepo-logging.yaml',
    ]);
    expect(outputs.filePaths).toEqual([
      'fleet/gitrepo-logging.yaml',
      'fleet/fleet.yaml',
    ]);
    expect(crdProblems(documentsOf(files))).toEqual([]);
    const fleetYaml = yaml.parse(files['fleet/fleet.yaml']);
    expect(fleetYaml).toEqual({
      targetCustomizations: [
        {
          name: 'prod',
          clusterSelector: {
            matchLabels: { 'flotilla.io/environment': 'prod' },
          },
          helm: { values: { level: 'warn' } },
        },
      ],
    });
    expect(outputs.fleetYaml).toBe(files['fleet/fleet.yaml']);
    expect(outputs.manifest).not.toContain('targetCustomizations');
  });

  it('writes fleet.yaml into its own bundle folder and a Helm chart bundle', async () => {
    const { outputs, files, error } = await runAction(action, {
      ...input,
      repo: 'https://github.com/acme/gitops.git',
      paths: ['addons/logging'],
      targetPath: 'fleet/gitrepos',
      fleetYamlPath: 'addons/logging',
      helmChart: {
        chart: 'fluent-bit',
        repo: 'https://fluent.github.io/helm-charts',
        version: '0.47.10',
      },
    });
    expect(error).toBeUndefined();
    expect(outputs.filePaths).toEqual([
      'fleet/gitrepos/gitrepo-logging.yaml',
      'addons/logging/fleet.yaml',
    ]);
    expect(yaml.parse(files['addons/logging/fleet.yaml']).helm).toEqual({
      chart: 'fluent-bit',
      repo: 'https://fluent.github.io/helm-charts',
      version: '0.47.10',
    });
    expect(crdProblems(documentsOf(files))).toEqual([]);
  });

  it('rejects a fleetYamlPath outside the workspace and writes nothing', async () => {
    const { files, error } = await runAction(action, {
      ...input,
      fleetYamlPath: '../bundle',
    });
    expect(error).toBeInstanceOf(InputError);
    expect(error!.message).toMatch(
      /fleetYamlPath "..\/bundle" points outside the workspace/,
    );
    expect(files).toEqual({});
  });

  it('treats null fields (left out by a form) as absent', async () => {
    const { error } = await runAction(action, {
      ...input,
      branch: null,
      pollingInterval: null,
    });
    expect(error).toBeUndefined();
  });

  it('supports dry runs', async () => {
    const { files, error } = await runAction(action, input, { isDryRun: true });
    expect(error).toBeUndefined();
    expect(Object.keys(files)).toHaveLength(2);
  });

  it.each([
    [{ targets: [{ name: 'x' }] }, /a target needs clusterSelector/],
    [
      { repo: 'https://github.com/acme/x.git\nbranch: evil' },
      /repo must be a repository URL/,
    ],
    [{ name: 'logging"' }, /RFC 1123 label/],
  ])('rejects bad input %j and writes nothing', async (patch, message) => {
    const { files, error } = await runAction(action, { ...input, ...patch });
    expect(error).toBeInstanceOf(InputError);
    expect(error!.message).toMatch(/^Invalid Fleet GitRepo input: /);
    expect(error!.message).toMatch(message);
    expect(files).toEqual({});
  });

  it('rejects path traversal and writes nothing (fleet.yaml included)', async () => {
    const { files, outside, error } = await runAction(action, {
      ...input,
      targetPath: 'x/../../y',
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
