import { InputError } from '@backstage/errors';
import yaml from 'yaml';
import { crdProblems, documentsOf, runAction } from '../__testUtils__/harness';
import { createCapiClusterAction } from './capiCluster';
import { examples } from './capiCluster.examples';

const input = {
  name: 'prod-eu-west-aws-2',
  namespace: 'fleet-system',
  provider: 'aws',
  kubernetesVersion: 'v1.31.2',
  region: 'eu-west-1',
  controlPlane: { replicas: 3, machineType: 'm5.xlarge' },
  workers: [{ name: 'general', replicas: 3 }],
  segmentation: { environment: 'prod', region: 'eu-west' },
  targetPath: 'clusters/prod-eu-west-aws-2',
};

describe('multicluster:capi:cluster', () => {
  const action = createCapiClusterAction();

  it('declares an id, examples, dry-run support and JSON schemas', () => {
    expect(action.id).toBe('multicluster:capi:cluster');
    expect(action.supportsDryRun).toBe(true);
    expect(action.examples?.length).toBeGreaterThan(0);
    expect((action.schema?.input as any)?.required).toEqual(
      expect.arrayContaining([
        'name',
        'provider',
        'kubernetesVersion',
        'controlPlane',
        'workers',
      ]),
    );
  });

  it('treats options a template leaves empty as absent (as the scaffolder passes them)', async () => {
    // A form for AWS still renders `gcp: { project: <undefined> }` (JSON drops
    // the key) and `audit.maxAge: ''` when a ClusterClass owns the audit flags.
    const { files, error } = await runAction(action, {
      ...input,
      gcp: {},
      audit: { maxAge: '' },
    });
    expect(error).toBeUndefined();
    expect(Object.keys(files).some(f => f.includes('awscluster'))).toBe(true);
    expect(Object.keys(files).some(f => f.includes('gcp'))).toBe(false);
  });

  it('still requires the GCP project for GCP clusters', async () => {
    const { error, files } = await runAction(action, {
      ...input,
      provider: 'gcp',
      region: 'europe-west4',
      gcp: {},
    });
    expect(error).toBeInstanceOf(InputError);
    expect(error?.message).toContain('gcp.project is required');
    expect(files).toEqual({});
  });

  it('writes one file per document and outputs the manifest and paths', async () => {
    const { outputs, files, error } = await runAction(action, input);
    expect(error).toBeUndefined();
    const dir = 'clusters/prod-eu-west-aws-2';
    expect(Object.keys(files).sort()).toEqual(
      [
        `${dir}/cluster-prod-eu-west-aws-2.yaml`,
        `${dir}/awscluster-prod-eu-west-aws-2.yaml`,
        `${dir}/kubeadmcontrolplane-prod-eu-west-aws-2-control-plane.yaml`,
        `${dir}/awsmachinetemplate-prod-eu-west-aws-2-control-plane.yaml`,
        `${dir}/kubeadmconfigtemplate-prod-eu-west-aws-2-general.yaml`,
        `${dir}/awsmachinetemplate-prod-eu-west-aws-2-general.yaml`,
        `${dir}/machinedeployment-prod-eu-west-aws-2-general.yaml`,
      ].sort(),
    );
    expect(outputs.filePaths).toHaveLength(7);
    expect((outputs.filePaths as string[])[0]).toBe(
      `${dir}/cluster-prod-eu-west-aws-2.yaml`,
    );
    const docs = documentsOf(files);
    expect(crdProblems(docs)).toEqual([]);
    const fromOutput = yaml
      .parseAllDocuments(outputs.manifest as string)
      .map(d => d.toJS());
    expect(fromOutput).toHaveLength(7);
    expect(fromOutput).toEqual(expect.arrayContaining(docs));
  });

  it.each(['v1beta1', 'v1beta2'])(
    'writes a single multi-document file (%s)',
    async apiVersion => {
      const { outputs, files } = await runAction(action, {
        ...input,
        apiVersion,
        singleFile: true,
        targetPath: undefined,
      });
      expect(Object.keys(files)).toEqual([
        'capi-cluster-prod-eu-west-aws-2.yaml',
      ]);
      expect(outputs.filePaths).toEqual([
        'capi-cluster-prod-eu-west-aws-2.yaml',
      ]);
      expect(files['capi-cluster-prod-eu-west-aws-2.yaml']).toBe(
        outputs.manifest,
      );
      expect(crdProblems(documentsOf(files))).toEqual([]);
    },
  );

  it('supports dry runs (writes only into the dry-run workspace)', async () => {
    const { outputs, files, outside, error } = await runAction(action, input, {
      isDryRun: true,
    });
    expect(error).toBeUndefined();
    expect(Object.keys(files)).toHaveLength(7);
    expect(outside).toEqual([]);
    expect(outputs.manifest).toContain('kind: KubeadmControlPlane');
  });

  it.each([
    [{ controlPlane: { replicas: 2 } }, /controlPlane.replicas must be odd/],
    [
      { kubernetesVersion: '1.31' },
      /kubernetesVersion: "1.31" is not a Kubernetes version/,
    ],
    [
      { podCidrs: ['10.0.0.0/8'], serviceCidrs: ['10.96.0.0/12'] },
      /overlaps pod CIDR/,
    ],
    [
      { name: 'evil\nkind: Secret' },
      /name "evil\\nkind: Secret" is not a valid RFC 1123 label/,
    ],
    [{ name: 'a: b' }, /not a valid RFC 1123 label/],
    [{ name: '"quoted"' }, /not a valid RFC 1123 label/],
    [{ name: '../../etc' }, /not a valid RFC 1123 label/],
    [{ workers: [{ name: '../pool', replicas: 1 }] }, /workers\[0\].name/],
    [{ namespace: 'kube-system\n---' }, /namespace/],
  ])(
    'rejects bad input %j with a clear error and writes nothing',
    async (patch, message) => {
      const { files, outside, error, outputs } = await runAction(action, {
        ...input,
        ...patch,
      });
      expect(error).toBeInstanceOf(InputError);
      expect(error!.message).toMatch(/^Invalid Cluster API cluster input: /);
      expect(error!.message).toMatch(message);
      expect(files).toEqual({});
      expect(outside).toEqual([]);
      expect(outputs).toEqual({});
    },
  );

  it.each(['../outside', '../../etc', 'a/../../b', '/etc/flotilla'])(
    'rejects targetPath %s and writes nothing',
    async targetPath => {
      const { files, outside, error } = await runAction(action, {
        ...input,
        targetPath,
      });
      expect(error).toBeInstanceOf(InputError);
      expect(error!.message).toMatch(
        /targetPath .* (outside the workspace|relative to the workspace)/,
      );
      expect(files).toEqual({});
      expect(outside).toEqual([]);
    },
  );

  it('allows a targetPath that stays inside the workspace', async () => {
    const { files, error } = await runAction(action, {
      ...input,
      targetPath: 'a/../b/./c',
    });
    expect(error).toBeUndefined();
    expect(Object.keys(files).every(f => f.startsWith('b/c/'))).toBe(true);
  });

  it('keeps hostile label values and annotations as data', async () => {
    const { files, error } = await runAction(action, {
      ...input,
      annotations: { 'example.com/note': 'line1\nkind: Secret\n---\n"x": y' },
    });
    expect(error).toBeUndefined();
    const [cluster] = documentsOf(files).filter(d => d.kind === 'Cluster');
    expect(cluster.metadata.annotations['example.com/note']).toBe(
      'line1\nkind: Secret\n---\n"x": y',
    );
    expect(documentsOf(files)).toHaveLength(7);
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
