import { parse } from 'yaml';
import { crdProblems, getCrdValidator } from '@flotilla/upstream-crds';
import { ManifestInputError } from '../validation/errors';
import { manifestsToYaml, parseYamlDocuments } from '../yaml';
import { CapiClusterInput, generateCapiCluster } from '.';
import { DEFAULT_AUDIT_POLICY } from './audit';
import {
  CAPI_INFRASTRUCTURE_API_VERSIONS,
  CapiApiVersion,
  CapiProvider,
} from './versions';

const MACHINE_TYPES: Record<
  CapiProvider,
  { region?: string; controlPlane?: string; worker?: string }
> = {
  aws: { region: 'eu-west-1', controlPlane: 'm5.xlarge', worker: 'm5.2xlarge' },
  gcp: {
    region: 'eu-west-1',
    controlPlane: 'n2-standard-4',
    worker: 'n2-standard-8',
  },
  azure: {
    region: 'westeurope',
    controlPlane: 'Standard_D4s_v3',
    worker: 'Standard_D8s_v3',
  },
  docker: {},
};

const base = (
  provider: CapiProvider,
  apiVersion: CapiApiVersion,
): CapiClusterInput => ({
  name: 'prod-eu-west-1',
  namespace: 'fleet-system',
  provider,
  apiVersion,
  kubernetesVersion: 'v1.31.2',
  region: MACHINE_TYPES[provider].region,
  ...(provider === 'gcp' ? { gcp: { project: 'flotilla-demo-1' } } : {}),
  controlPlane: {
    replicas: 3,
    machineType: MACHINE_TYPES[provider].controlPlane,
  },
  workers: [
    {
      name: 'general',
      replicas: 3,
      machineType: MACHINE_TYPES[provider].worker,
    },
    {
      name: 'batch',
      replicas: 0,
      failureDomain: 'zone-b',
      labels: { 'node.cluster.x-k8s.io/pool': 'batch' },
    },
  ],
  segmentation: {
    environment: 'prod',
    region: 'eu-west',
    tenant: 'shared',
    workloadClass: 'latency-sensitive',
  },
});

const invalid = (input: unknown): string => {
  try {
    generateCapiCluster(input as CapiClusterInput);
  } catch (error) {
    expect(error).toBeInstanceOf(ManifestInputError);
    return (error as Error).message;
  }
  throw new Error('expected the input to be rejected');
};

const kindsOf = (docs: { kind: string }[]) => docs.map(d => d.kind);

describe('generateCapiCluster', () => {
  const providers: CapiProvider[] = ['aws', 'gcp', 'azure', 'docker'];
  const versions: CapiApiVersion[] = ['v1beta2', 'v1beta1'];

  describe.each(providers)('provider %s', provider => {
    it.each(versions)(
      'classic form in %s is accepted by the CRDs',
      apiVersion => {
        const docs = generateCapiCluster(base(provider, apiVersion));
        expect(crdProblems(docs)).toEqual([]);
        const prefix = {
          aws: 'AWS',
          gcp: 'GCP',
          azure: 'Azure',
          docker: 'Docker',
        }[provider];
        expect(kindsOf(docs)).toEqual([
          'Cluster',
          `${prefix}Cluster`,
          'KubeadmControlPlane',
          `${prefix}MachineTemplate`,
          'KubeadmConfigTemplate',
          `${prefix}MachineTemplate`,
          'MachineDeployment',
          'KubeadmConfigTemplate',
          `${prefix}MachineTemplate`,
          'MachineDeployment',
        ]);
        const infraVersion =
          CAPI_INFRASTRUCTURE_API_VERSIONS[provider][apiVersion];
        for (const doc of docs) {
          const expected = doc.apiVersion.startsWith('infrastructure.')
            ? infraVersion
            : apiVersion;
          expect(doc.apiVersion.split('/')[1]).toBe(expected);
          expect(doc.metadata.namespace).toBe('fleet-system');
          expect(doc.metadata.labels).toMatchObject({
            'cluster.x-k8s.io/cluster-name': 'prod-eu-west-1',
            'flotilla.io/environment': 'prod',
            'flotilla.io/region': 'eu-west',
            'flotilla.io/provider': provider,
            'flotilla.io/tenant': 'shared',
            'flotilla.io/workload-class': 'latency-sensitive',
          });
        }
      },
    );

    it('claims infrastructure versions the provider CRDs actually serve', () => {
      const validator = getCrdValidator();
      const docs = generateCapiCluster(base(provider, 'v1beta2'));
      for (const doc of docs.filter(d =>
        d.apiVersion.startsWith('infrastructure.'),
      )) {
        const served = validator.servedVersions(
          'infrastructure.cluster.x-k8s.io',
          doc.kind,
        );
        for (const v of versions) {
          expect(served).toContain(
            CAPI_INFRASTRUCTURE_API_VERSIONS[provider][v],
          );
        }
      }
    });
  });

  it('references objects by apiGroup in v1beta2 and by apiVersion in v1beta1', () => {
    const [cluster2] = generateCapiCluster(base('aws', 'v1beta2')) as any[];
    expect(cluster2.spec.infrastructureRef).toEqual({
      apiGroup: 'infrastructure.cluster.x-k8s.io',
      kind: 'AWSCluster',
      name: 'prod-eu-west-1',
    });
    expect(cluster2.spec.controlPlaneRef).toEqual({
      apiGroup: 'controlplane.cluster.x-k8s.io',
      kind: 'KubeadmControlPlane',
      name: 'prod-eu-west-1-control-plane',
    });
    const [cluster1] = generateCapiCluster(base('aws', 'v1beta1')) as any[];
    expect(cluster1.spec.infrastructureRef).toEqual({
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2',
      kind: 'AWSCluster',
      name: 'prod-eu-west-1',
    });
  });

  it('sets the cluster network, endpoint and machine types', () => {
    const docs = generateCapiCluster({
      ...base('aws', 'v1beta2'),
      podCidrs: ['10.244.0.0/16', 'fd00:10:244::/56'],
      serviceCidrs: ['10.96.0.0/12', 'fd00:10:96::/108'],
      serviceDomain: 'prod.internal',
      apiServerPort: 6443,
      controlPlaneEndpoint: { host: 'api.prod.example.com' },
    }) as any[];
    expect(crdProblems(docs)).toEqual([]);
    expect(docs[0].spec.clusterNetwork).toEqual({
      apiServerPort: 6443,
      pods: { cidrBlocks: ['10.244.0.0/16', 'fd00:10:244::/56'] },
      services: { cidrBlocks: ['10.96.0.0/12', 'fd00:10:96::/108'] },
      serviceDomain: 'prod.internal',
    });
    expect(docs[0].spec.controlPlaneEndpoint).toEqual({
      host: 'api.prod.example.com',
      port: 6443,
    });
    const templates = docs.filter(d => d.kind === 'AWSMachineTemplate');
    expect(
      templates.map(t => [t.metadata.name, t.spec.template.spec.instanceType]),
    ).toEqual([
      ['prod-eu-west-1-control-plane', 'm5.xlarge'],
      ['prod-eu-west-1-general', 'm5.2xlarge'],
      ['prod-eu-west-1-batch', 't3.large'],
    ]);
    const md = docs.find(
      d =>
        d.kind === 'MachineDeployment' &&
        d.metadata.name === 'prod-eu-west-1-batch',
    );
    expect(md.spec.replicas).toBe(0);
    expect(md.spec.template.spec.failureDomain).toBe('zone-b');
    expect(md.spec.template.metadata.labels['node.cluster.x-k8s.io/pool']).toBe(
      'batch',
    );
    expect(md.spec.selector.matchLabels).toEqual({
      'cluster.x-k8s.io/cluster-name': 'prod-eu-west-1',
      'cluster.x-k8s.io/deployment-name': 'prod-eu-west-1-batch',
    });
  });

  it('defaults the networks like Cluster API quick-starts', () => {
    const [cluster] = generateCapiCluster(base('docker', 'v1beta2')) as any[];
    expect(cluster.spec.clusterNetwork).toEqual({
      pods: { cidrBlocks: ['192.168.0.0/16'] },
      services: { cidrBlocks: ['10.96.0.0/12'] },
      serviceDomain: 'cluster.local',
    });
  });

  describe('audit logging', () => {
    it('adds audit flags, the policy file and volumes (v1beta2 list form)', () => {
      const kcp = generateCapiCluster(base('aws', 'v1beta2')).find(
        d => d.kind === 'KubeadmControlPlane',
      ) as any;
      const apiServer =
        kcp.spec.kubeadmConfigSpec.clusterConfiguration.apiServer;
      expect(apiServer.extraArgs).toEqual([
        {
          name: 'audit-policy-file',
          value: '/etc/kubernetes/audit-policy.yaml',
        },
        {
          name: 'audit-log-path',
          value: '/var/log/kubernetes/audit/audit.log',
        },
        { name: 'audit-log-maxage', value: '30' },
        { name: 'audit-log-maxbackup', value: '10' },
        { name: 'audit-log-maxsize', value: '100' },
      ]);
      expect(apiServer.extraVolumes).toEqual([
        {
          name: 'audit-policy',
          hostPath: '/etc/kubernetes/audit-policy.yaml',
          mountPath: '/etc/kubernetes/audit-policy.yaml',
          readOnly: true,
          pathType: 'File',
        },
        {
          name: 'audit-logs',
          hostPath: '/var/log/kubernetes/audit',
          mountPath: '/var/log/kubernetes/audit',
          pathType: 'DirectoryOrCreate',
        },
      ]);
      const file = kcp.spec.kubeadmConfigSpec.files.find(
        (f: any) => f.path === '/etc/kubernetes/audit-policy.yaml',
      );
      expect(file.permissions).toBe('0600');
      expect(parse(file.content)).toEqual(DEFAULT_AUDIT_POLICY);
    });

    it('uses the map form in v1beta1 and honours custom settings', () => {
      const docs = generateCapiCluster({
        ...base('gcp', 'v1beta1'),
        audit: {
          logPath: '/var/log/apiserver/audit.log',
          maxAge: 7,
          maxBackup: 3,
          maxSize: 50,
          policy: { rules: [{ level: 'Metadata' }] },
        },
      });
      expect(crdProblems(docs)).toEqual([]);
      const kcp = docs.find(d => d.kind === 'KubeadmControlPlane') as any;
      const apiServer =
        kcp.spec.kubeadmConfigSpec.clusterConfiguration.apiServer;
      expect(apiServer.extraArgs).toEqual({
        'audit-policy-file': '/etc/kubernetes/audit-policy.yaml',
        'audit-log-path': '/var/log/apiserver/audit.log',
        'audit-log-maxage': '7',
        'audit-log-maxbackup': '3',
        'audit-log-maxsize': '50',
      });
      expect(apiServer.extraVolumes[1].hostPath).toBe('/var/log/apiserver');
      expect(parse(kcp.spec.kubeadmConfigSpec.files[0].content)).toEqual({
        apiVersion: 'audit.k8s.io/v1',
        kind: 'Policy',
        rules: [{ level: 'Metadata' }],
      });
    });

    it('can be switched off', () => {
      const docs = generateCapiCluster({
        ...base('docker', 'v1beta2'),
        audit: { enabled: false },
      });
      expect(crdProblems(docs)).toEqual([]);
      const kcp = docs.find(d => d.kind === 'KubeadmControlPlane') as any;
      expect(kcp.spec.kubeadmConfigSpec.clusterConfiguration).toBeUndefined();
      expect(kcp.spec.kubeadmConfigSpec.files).toBeUndefined();
    });

    it('rejects a policy too large for a kubeadm file', () => {
      const rules = Array.from({ length: 400 }, (_, i) => ({
        level: 'Metadata',
        users: [`user-${i}@example.com`],
      }));
      expect(
        invalid({ ...base('aws', 'v1beta2'), audit: { policy: { rules } } }),
      ).toMatch(/audit.policy: .*at most 10240/);
    });
  });

  describe('managed topology (ClusterClass)', () => {
    it.each(versions)(
      'builds one Cluster with spec.topology in %s',
      apiVersion => {
        const docs = generateCapiCluster({
          ...base('docker', apiVersion),
          topology: {
            classRef: { name: 'quick-start', namespace: 'capi-classes' },
            variables: [{ name: 'imageRepository', value: 'registry.k8s.io' }],
            machineTypeVariable: 'machineType',
          },
          controlPlane: { replicas: 3, machineType: 'large' },
          workers: [
            {
              name: 'md-0',
              replicas: 2,
              class: 'default-worker',
              machineType: 'xlarge',
            },
            { name: 'md-1', replicas: 1 },
          ],
        }) as any[];
        expect(crdProblems(docs)).toEqual([]);
        expect(kindsOf(docs)).toEqual(['Cluster']);
        const topology = docs[0].spec.topology;
        const classFields = {
          v1beta2: {
            classRef: { name: 'quick-start', namespace: 'capi-classes' },
          },
          v1beta1: { class: 'quick-start', classNamespace: 'capi-classes' },
        }[apiVersion];
        expect(topology).toMatchObject(classFields);
        expect(topology.version).toBe('v1.31.2');
        expect(topology.controlPlane).toEqual({
          replicas: 3,
          variables: { overrides: [{ name: 'machineType', value: 'large' }] },
        });
        expect(topology.workers.machineDeployments).toEqual([
          {
            class: 'default-worker',
            name: 'md-0',
            replicas: 2,
            variables: {
              overrides: [{ name: 'machineType', value: 'xlarge' }],
            },
          },
          { class: 'default-worker', name: 'md-1', replicas: 1 },
        ]);
        expect(topology.variables).toEqual([
          { name: 'imageRepository', value: 'registry.k8s.io' },
        ]);
      },
    );

    it('accepts a class name as a string and needs no provider options', () => {
      const docs = generateCapiCluster({
        name: 'c',
        provider: 'gcp',
        kubernetesVersion: 'v1.32.0',
        controlPlane: { replicas: 1 },
        workers: [{ name: 'w', replicas: 1 }],
        topology: { classRef: 'gcp-default' },
      });
      expect(crdProblems(docs)).toEqual([]);
    });

    it('refuses settings the ClusterClass owns', () => {
      const topo = { ...base('aws', 'v1beta2'), topology: { classRef: 'x' } };
      expect(invalid({ ...topo, audit: { maxAge: 3 } })).toMatch(
        /audit: audit settings are owned by the ClusterClass/,
      );
      expect(invalid(topo)).toMatch(
        /topology.machineTypeVariable: machine types come from the ClusterClass/,
      );
    });
  });

  describe('input validation', () => {
    const good = base('aws', 'v1beta2');
    it.each([
      [{ name: 'Prod_1' }, /name "Prod_1" is not a valid RFC 1123 label/],
      [{ name: 'a'.repeat(64) }, /name must be no more than 63 characters/],
      [{ name: 'evil\nkind: Secret' }, /not a valid RFC 1123 label/],
      [{ name: '../../etc' }, /not a valid RFC 1123 label/],
      [{ namespace: 'a.b' }, /namespace .* not a valid RFC 1123 label/],
      [
        { kubernetesVersion: '1.31.2' },
        /not a Kubernetes version: expected the form v1.31.2/,
      ],
      [{ kubernetesVersion: 'v1.31' }, /not a Kubernetes version/],
      [{ kubernetesVersion: 'v2.0.0' }, /Kubernetes releases are v1.x.y/],
      [{ controlPlane: { replicas: 2 } }, /controlPlane.replicas must be odd/],
      [
        { controlPlane: { replicas: 9 } },
        /controlPlane.replicas must be at most 7/,
      ],
      [
        { controlPlane: { replicas: 0 } },
        /controlPlane.replicas must be at least 1/,
      ],
      [
        { controlPlane: { replicas: 1.5 } },
        /controlPlane.replicas must be an integer/,
      ],
      [
        { workers: [{ name: 'w', replicas: -1 }] },
        /workers\[0\].replicas: worker replicas must be at least 0/,
      ],
      [
        { workers: [{ name: 'w', replicas: 1001 }] },
        /worker replicas must be at most 1000/,
      ],
      [{ workers: [] }, /at least one worker pool is required/],
      [
        {
          workers: [
            { name: 'w', replicas: 1 },
            { name: 'w', replicas: 1 },
          ],
        },
        /workers\[1\].name: worker pool name "w" is used twice/,
      ],
      [{ workers: [{ name: 'control-plane', replicas: 1 }] }, /reserved/],
      [
        { workers: [{ name: 'w'.repeat(50), replicas: 1 }] },
        /longer than 63 characters/,
      ],
      [
        { podCidrs: ['10.0.0.1/8'] },
        /podCidrs\[0\]: "10.0.0.1\/8" has host bits set; did you mean 10.0.0.0\/8\?/,
      ],
      [{ podCidrs: ['10.0.0.0/33'] }, /allows at most \/32/],
      [{ podCidrs: ['300.0.0.0/8'] }, /not a valid IPv4 address/],
      [{ podCidrs: ['10.0.0.0'] }, /not a CIDR block/],
      [
        { podCidrs: ['10.0.0.0/8', '11.0.0.0/8'] },
        /dual-stack needs one IPv4 and one IPv6 block/,
      ],
      [{ podCidrs: [] }, /podCidrs must list at least one CIDR block/],
      [
        { podCidrs: ['10.0.0.0/8'], serviceCidrs: ['10.96.0.0/12'] },
        /service CIDR 10.96.0.0\/12 overlaps pod CIDR 10.0.0.0\/8/,
      ],
      [
        { podCidrs: ['fd00::/48'], serviceCidrs: ['fd00:0:0:1::/64'] },
        /overlaps/,
      ],
      [
        { serviceDomain: 'Cluster.Local' },
        /serviceDomain .* RFC 1123 subdomain/,
      ],
      [
        { labels: { 'bad key': 'x' } },
        /labels\["bad key"\]: label key "bad key"/,
      ],
      [{ labels: { team: 'a b' } }, /label value "a b"/],
      [
        { labels: { 'flotilla.io/provider': 'gcp' } },
        /contradicts the value aws/,
      ],
      [{ region: undefined }, /region is required for provider aws/],
      [{ region: 'EU West' }, /region must be a cloud region/],
      [
        { provider: 'openstack' },
        /provider must be one of aws, gcp, azure, docker/,
      ],
      [{ apiVersion: 'v1alpha4' }, /apiVersion must be v1beta2 or v1beta1/],
      [
        { gcp: { project: 'p-123456' } },
        /gcp options given but provider is aws/,
      ],
      [
        { workers: [{ name: 'w', replicas: 1, class: 'x' }] },
        /class is only used with topology/,
      ],
      [{ extra: true }, /Unrecognized key/],
      [
        { audit: { logPath: '/var/log/../etc/passwd' } },
        /must not contain '..'/,
      ],
      [
        { controlPlane: { replicas: 1, machineType: 'm5.large; rm -rf /' } },
        /machineType must be/,
      ],
    ])('rejects %j', (patch, message) => {
      expect(invalid({ ...good, ...patch })).toMatch(message);
    });

    it('needs a GCP project for provider gcp', () => {
      expect(invalid({ ...base('gcp', 'v1beta2'), gcp: undefined })).toMatch(
        /gcp.project is required/,
      );
    });

    it('rejects machine types for docker', () => {
      expect(
        invalid({
          ...base('docker', 'v1beta2'),
          controlPlane: { replicas: 1, machineType: 'x' },
        }),
      ).toMatch(/machineType does not apply to provider docker/);
    });

    it('treats empty strings from forms as absent', () => {
      const docs = generateCapiCluster({
        ...base('docker', 'v1beta2'),
        region: '',
        controlPlane: { replicas: 1, machineType: '' },
      });
      expect(crdProblems(docs)).toEqual([]);
    });

    it('lists every problem at once, with paths', () => {
      let error: ManifestInputError | undefined;
      try {
        generateCapiCluster({
          ...good,
          name: 'X',
          controlPlane: { replicas: 4 },
          kubernetesVersion: 'latest',
        });
      } catch (e) {
        error = e as ManifestInputError;
      }
      expect(error?.issues.map(i => i.path).sort()).toEqual([
        'controlPlane.replicas',
        'kubernetesVersion',
        'name',
      ]);
      expect(error?.message).toMatch(/^Invalid Cluster API cluster input: /);
    });
  });

  it('serialises to YAML that parses back to the same objects', () => {
    const docs = generateCapiCluster(base('azure', 'v1beta2'));
    const text = manifestsToYaml(docs);
    expect(parseYamlDocuments(text)).toEqual(JSON.parse(JSON.stringify(docs)));
    expect(text).not.toMatch(/&a1|\*a1/);
  });
});
