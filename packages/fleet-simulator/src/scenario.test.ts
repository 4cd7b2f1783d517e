import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import {
  parseQuantity,
  sumResourceLists,
} from '@flotilla/plugin-multi-cluster-common';
import type { FleetDescription } from './fleet';
import {
  isKarmadaWorkload,
  loadScenario,
  parseScenario,
  type Scenario,
} from './scenario';

const CATALOG = path.resolve(
  __dirname,
  '../../../examples/fleet/clusters.yaml',
);

function catalogCapacities(): Map<string, Record<string, string>> {
  const capacities = new Map<string, Record<string, string>>();
  for (const doc of parseAllDocuments(fs.readFileSync(CATALOG, 'utf8'))) {
    const entity = doc.toJS();
    const text = entity?.metadata?.annotations?.['flotilla.io/capacity'];
    if (!text) continue;
    capacities.set(
      entity.metadata.name,
      Object.fromEntries(text.split(',').map((kv: string) => kv.split('='))),
    );
  }
  return capacities;
}

function minimal(): any {
  return {
    clusters: [
      {
        name: 'a',
        kubernetesVersion: 'v1.31.4',
        zones: ['eu-west-a'],
        nodeAllocatable: { cpu: '8', memory: '32Gi', pods: '110' },
        machineDeployments: [{ name: 'md-0', replicas: 2 }],
      },
    ],
    workloads: [{ kubernetesId: 'web', namespace: 'shop', replicas: { a: 2 } }],
    addons: [],
  };
}

function loadText(text: string): Scenario {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scenario-'));
  const file = path.join(dir, 'fleet.yaml');
  fs.writeFileSync(file, text);
  try {
    return loadScenario(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the shipped scenario', () => {
  const scenario = loadScenario();

  it('describes the ten members of the catalog', () => {
    expect(scenario.clusters.map(c => c.name).sort()).toEqual(
      [...catalogCapacities().keys()].sort(),
    );
  });

  it("gives each cluster Nodes whose allocatable adds up to the catalog's capacity", () => {
    const capacities = catalogCapacities();
    for (const cluster of scenario.clusters) {
      const perNode = cluster.machineDeployments.flatMap(md =>
        Array.from(
          { length: md.replicas },
          () => md.nodeAllocatable ?? cluster.nodeAllocatable,
        ),
      );
      const { sum, problems } = sumResourceLists(perNode);
      expect(problems).toEqual([]);
      const declared = capacities.get(cluster.name)!;
      expect(Object.keys(sum).sort()).toEqual(Object.keys(declared).sort());
      for (const [resource, quantity] of Object.entries(declared)) {
        expect({
          cluster: cluster.name,
          resource,
          nanos: parseQuantity(sum[resource]).nanos,
        }).toEqual({
          cluster: cluster.name,
          resource,
          nanos: parseQuantity(quantity).nanos,
        });
      }
    }
  });

  it('names only clusters it describes in workloads and add-ons', () => {
    const names = new Set(scenario.clusters.map(c => c.name));
    for (const w of scenario.workloads) {
      expect(Object.keys(w.replicas).filter(n => !names.has(n))).toEqual([]);
    }
    expect(scenario.addons.map(a => a.name)).toEqual([
      'kyverno-baseline',
      'monitoring',
      'gatekeeper-network-policies',
    ]);
    // The shorthand `cluster: in-sync` is read as an entry.
    expect(scenario.addons[2].clusters['prod-eu-west-aws-1']).toEqual({
      state: 'in-sync',
    });
  });
});

describe('loadScenario errors', () => {
  it('names the cluster and the field of a bad entry', () => {
    const doc = minimal();
    doc.clusters[0].zones = 'eu-west-a';
    expect(() => parseScenario(doc)).toThrow(
      "clusters 'a'.zones: expected a list",
    );
  });

  it('names the MachineDeployment of a bad replica count', () => {
    const doc = minimal();
    doc.clusters[0].machineDeployments[0].replicas = -1;
    expect(() => parseScenario(doc)).toThrow(
      "clusters 'a'.machineDeployments 'md-0'.replicas: expected a whole number >= 0, got -1",
    );
  });

  it('refuses a quantity that is not one', () => {
    const doc = minimal();
    doc.clusters[0].nodeAllocatable.memory = '32 gigs';
    expect(() => parseScenario(doc)).toThrow(
      "clusters 'a'.nodeAllocatable.memory: '32 gigs' does not match",
    );
  });

  it('refuses unknown keys, naming them', () => {
    const doc = minimal();
    doc.clusters[0].fabric = [];
    expect(() => parseScenario(doc)).toThrow(
      "clusters 'a': unknown key(s) fabric",
    );
  });

  it('reads DNSEndpoints and names a bad one', () => {
    const doc = minimal();
    const endpoint = {
      dnsName: 'web.shop.example.com',
      recordType: 'CNAME',
      setIdentifier: 'a',
      targets: ['ingress.a.example.com'],
      weight: 100,
    };
    doc.clusters[0].dnsEndpoints = [
      { name: 'shop/web', endpoints: [endpoint] },
    ];
    expect(parseScenario(doc).clusters[0].dnsEndpoints).toEqual([
      { name: 'shop/web', endpoints: [endpoint] },
    ]);
    endpoint.weight = 256;
    expect(() => parseScenario(doc)).toThrow(
      "clusters 'a'.dnsEndpoints[0].endpoints[0].weight: Route 53 weights are 0 to 255",
    );
  });

  it('refuses a workload on a cluster it does not describe', () => {
    const doc = minimal();
    doc.workloads[0].replicas.b = 1;
    expect(() => parseScenario(doc)).toThrow(
      "workloads 'web'.replicas: cluster 'b' is not in the scenario's clusters",
    );
  });

  it('refuses a passive cluster that is unknown or also active', () => {
    const doc = minimal();
    doc.workloads[0].passive = ['a'];
    expect(() => parseScenario(doc)).toThrow(
      "workloads 'web'.passive[0]: 'a' is not a scenario cluster outside replicas",
    );
    doc.workloads[0].passive = ['z'];
    expect(() => parseScenario(doc)).toThrow(
      "workloads 'web'.passive[0]: 'z' is not a scenario cluster outside replicas",
    );
  });

  it('refuses two Istio meshes on one cluster', () => {
    const doc = minimal();
    doc.clusters[0].fabrics = [
      { kind: 'istio', clusterSet: 'x', clusterId: 'a' },
      { kind: 'istio', clusterSet: 'y', clusterId: 'a' },
    ];
    expect(() => parseScenario(doc)).toThrow(
      "clusters 'a'.fabrics: a cluster is in one Istio mesh at most",
    );
  });

  it('refuses a fabric kind the detectors cannot find', () => {
    const doc = minimal();
    doc.clusters[0].fabrics = [
      { kind: 'submariner', clusterSet: 'x', clusterId: 'a' },
    ];
    expect(() => parseScenario(doc)).toThrow(
      "clusters 'a'.fabrics[0].kind: 'submariner' is not one of istio, cilium-clustermesh, mcs",
    );
  });

  it('names the file and the bad add-on state', () => {
    const doc = minimal();
    doc.addons = [
      {
        name: 'x',
        category: 'policy',
        delivery: 'fleet-gitrepo',
        source: 's',
        clusters: { a: 'green' },
      },
    ];
    expect(() => loadText(JSON.stringify(doc))).toThrow(
      /^Scenario .*fleet\.yaml: addons 'x'\.clusters\.a: 'green' is not one of in-sync, drifted, missing, unknown$/,
    );
  });

  it('says when the file is not YAML', () => {
    expect(() => loadText('clusters: [')).toThrow(/is not valid YAML/);
  });

  it('accepts the minimal scenario', () => {
    expect(parseScenario(minimal()).clusters[0].machineDeployments).toEqual([
      { name: 'md-0', replicas: 2 },
    ]);
  });
});

describe('isKarmadaWorkload', () => {
  const fleet = {
    clusters: [
      { name: 'k1', kind: 'member', access: 'karmada-proxy' },
      { name: 'k2', kind: 'member', access: 'karmada-proxy' },
      { name: 'c1', kind: 'member', access: 'capi-kubeconfig' },
    ],
  } as unknown as FleetDescription;
  const workload = (replicas: Record<string, number>) => ({
    kubernetesId: 'w',
    namespace: 'n',
    replicas,
  });

  it('is Karmada’s when every cluster it names is reached through Karmada', () => {
    expect(isKarmadaWorkload(workload({ k1: 1, k2: 0 }), fleet)).toBe(true);
  });

  it('is not when one cluster is reached otherwise or is not in the fleet', () => {
    expect(isKarmadaWorkload(workload({ k1: 1, c1: 1 }), fleet)).toBe(false);
    expect(isKarmadaWorkload(workload({ k1: 1, gone: 1 }), fleet)).toBe(false);
  });
});
