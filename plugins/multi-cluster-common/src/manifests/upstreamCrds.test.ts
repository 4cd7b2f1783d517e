import fs from 'fs';
import path from 'path';
import {
  compileCelRule,
  CrdValidator,
  crdProblems,
  getCrdValidator,
  upstreamCrdsDir,
} from '@flotilla/upstream-crds';
import { generateCapiCluster } from './capi';
import { generateKarmadaPolicies } from './karmada';
import { KubernetesManifest } from './types';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe('the upstream CRD validator on generated manifests', () => {
  const validator = getCrdValidator();
  const capi = generateCapiCluster({
    name: 'c1',
    provider: 'aws',
    kubernetesVersion: 'v1.31.2',
    region: 'eu-west-1',
    controlPlane: { replicas: 1 },
    workers: [{ name: 'w', replicas: 1 }],
  });
  const byKind = (kind: string) =>
    clone(capi.find(d => d.kind === kind)!) as KubernetesManifest &
      Record<string, any>;

  it('reads the CRDs committed in the repository', () => {
    const dir = upstreamCrdsDir();
    expect(fs.existsSync(path.join(dir, 'SOURCES.md'))).toBe(true);
    expect(validator.crdsDir).toBe(dir);
  });

  it('accepts the generated manifests', () => {
    expect(crdProblems(capi)).toEqual([]);
  });

  it('reads served versions from the CRDs', () => {
    expect(
      validator.servedVersions('infrastructure.cluster.x-k8s.io', 'AWSCluster'),
    ).toEqual(['v1beta2']);
    expect(
      validator.servedVersions('infrastructure.cluster.x-k8s.io', 'GCPCluster'),
    ).toEqual(['v1beta1']);
    expect(
      validator.servedVersions('cluster.x-k8s.io', 'Cluster').sort(),
    ).toEqual(['v1beta1', 'v1beta2']);
    expect(validator.servedVersions('fleet.cattle.io', 'GitRepo')).toEqual([
      'v1alpha1',
    ]);
  });

  it('rejects an unserved version', () => {
    const aws = byKind('AWSCluster');
    aws.apiVersion = 'infrastructure.cluster.x-k8s.io/v1beta1';
    const result = validator.validate(aws);
    expect(result.valid).toBe(false);
    expect(result.errors.join()).toMatch(/not served/);
  });

  it('rejects a version or kind the CRDs do not have', () => {
    const cluster = byKind('Cluster');
    expect(
      validator
        .validate({ ...cluster, apiVersion: 'cluster.x-k8s.io/v2' })
        .errors.join(),
    ).toMatch(/has no version v2/);
    expect(
      validator.validate({ ...cluster, kind: 'Clustr' }).errors.join(),
    ).toMatch(/no CRD for Clustr/);
    expect(validator.validate({ ...cluster, apiVersion: 'v1' }).valid).toBe(
      false,
    );
    expect(validator.validate('nope').valid).toBe(false);
  });

  it('rejects unknown fields, wrong types, missing required fields and bad enums', () => {
    const md = byKind('MachineDeployment');
    md.spec.replicas = '3';
    md.spec.bogus = true;
    delete md.spec.clusterName;
    const errors = validator.validate(md).errors.join('\n');
    expect(errors).toMatch(/\/spec\/replicas: must be integer/);
    expect(errors).toMatch(/additional properties \(bogus\)/);
    expect(errors).toMatch(/required property 'clusterName'/);

    const kcp = byKind('KubeadmControlPlane');
    kcp.spec.kubeadmConfigSpec.format = 'yaml';
    expect(validator.validate(kcp).errors.join()).toMatch(/allowed values/);
  });

  it('rejects an object without declared fields unless it preserves unknown fields', () => {
    const kcp = byKind('KubeadmControlPlane');
    kcp.spec.kubeadmConfigSpec.clusterConfiguration.apiServer.extraArgs[0].extra =
      'x';
    expect(validator.validate(kcp).valid).toBe(false);
  });

  it('honours x-kubernetes-int-or-string', () => {
    const md = byKind('MachineDeployment');
    md.spec.remediation = { maxInFlight: 2 };
    expect(validator.validate(md).errors).toEqual([]);
    md.spec.remediation = { maxInFlight: '20%' };
    expect(validator.validate(md).errors).toEqual([]);
    md.spec.remediation = { maxInFlight: true };
    expect(validator.validate(md).valid).toBe(false);
  });

  it('honours x-kubernetes-preserve-unknown-fields', () => {
    const [pp] = generateKarmadaPolicies({
      name: 'web',
      resourceSelectors: [
        { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      ],
      placement: {},
      overrides: {
        plaintext: [
          {
            clusters: ['a'],
            operator: 'add',
            path: '/metadata/labels',
            value: { any: { nested: ['thing'] } },
          },
        ],
      },
    }).filter(d => d.kind === 'OverridePolicy');
    expect(validator.validate(pp).errors).toEqual([]);
  });

  it('checks formats', () => {
    const md = byKind('MachineDeployment');
    md.spec.rollout = { after: 'tomorrow' };
    expect(validator.validate(md).errors.join()).toMatch(
      /must match format "date-time"/,
    );
    md.spec.rollout = { after: '2026-01-01T00:00:00Z' };
    expect(validator.validate(md).errors).toEqual([]);
  });

  it('evaluates CEL rules it knows and reports the ones it does not', () => {
    const kcp = byKind('KubeadmControlPlane');
    kcp.spec.kubeadmConfigSpec.clusterConfiguration.apiServer.extraArgs.push({
      name: 'audit-log-path',
      value: '/x',
    });
    expect(validator.validate(kcp).errors.join()).toMatch(
      /extraArgs name must be unique/,
    );

    const gcpValidator = new CrdValidator();
    const unchecked = gcpValidator.validate({
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1',
      kind: 'GCPCluster',
      metadata: { name: 'g' },
      spec: {
        project: 'p-123456',
        region: 'europe-west4',
        network: {
          firewall: {
            firewallRules: [{ name: 'r', sourceRanges: ['10.0.0.0/8'] }],
          },
        },
      },
    }).uncheckedRules;
    expect(unchecked.join()).toMatch(/isCIDR/);
  });

  it('compiles the CEL rule shapes found in the CRDs', () => {
    expect(
      compileCelRule('self.all(x, self.exists_one(y, x.name == y.name))')!([
        { name: 'a' },
        { name: 'a' },
      ]),
    ).toBe(false);
    expect(compileCelRule("self in ['none','amazon-pool']")!('none')).toBe(
      true,
    );
    expect(compileCelRule("!(self in ['Ready','Available'])")!('Ready')).toBe(
      false,
    );
    expect(compileCelRule("self.startsWith('cagw-')")!('cagw-1')).toBe(true);
    expect(
      compileCelRule(
        '[has(self.layout),has(self.diskLayout)].filter(x,x==true).size() == 1',
      )!({ layout: true }),
    ).toBe(true);
    expect(compileCelRule('self.isSomethingElse()')).toBeUndefined();
  });

  it('enforces list-type map keys', () => {
    const cluster = byKind('Cluster');
    cluster.spec.availabilityGates = [
      { conditionType: 'A' },
      { conditionType: 'A' },
    ];
    expect(validator.validate(cluster).errors.join()).toMatch(
      /duplicate entry/,
    );
  });

  it('checks metadata: RFC 1123 names, namespaces, labels, scope', () => {
    const cluster = byKind('Cluster');
    for (const name of ['Bad', 'a_b', 'x'.repeat(254), 'a\nb', '../etc', '']) {
      expect(
        validator.validate({ ...cluster, metadata: { name } }).errors.join(),
      ).toMatch(/RFC 1123 subdomain/);
    }
    expect(
      validator
        .validate({ ...cluster, metadata: { name: 'a', namespace: 'a.b' } })
        .errors.join(),
    ).toMatch(/RFC 1123 label/);
    expect(
      validator
        .validate({
          ...cluster,
          metadata: { name: 'a', labels: { 'a b': 'x' } },
        })
        .errors.join(),
    ).toMatch(/invalid label/);
    expect(
      validator
        .validate({ ...cluster, metadata: { name: 'a', uid: '1' } })
        .errors.join(),
    ).toMatch(/metadata.uid/);
    expect(
      validator
        .validate({
          apiVersion: 'policy.karmada.io/v1alpha1',
          kind: 'ClusterPropagationPolicy',
          metadata: { name: 'a', namespace: 'default' },
          spec: {
            resourceSelectors: [{ apiVersion: 'v1', kind: 'Namespace' }],
          },
        })
        .errors.join(),
    ).toMatch(/cluster-scoped/);
  });
});
