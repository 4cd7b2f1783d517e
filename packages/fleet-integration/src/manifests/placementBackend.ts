/**
 * A stand-in for the multi-cluster backend's placement endpoint, on
 * loopback: `multicluster:placement:recommend` asks it over HTTP exactly as
 * it asks the real backend, and it answers with the real placement engine
 * (`recommendPlacement`, which the backend runs on its live fleet) over a
 * fixed fleet. The recommendation itself is not a manifest; the placement it
 * carries becomes one in the `multicluster:karmada:policy` step that follows
 * it in the action's example, and that PropagationPolicy is what the API
 * servers must accept.
 *
 * Why not the real backend: it recommends from the live fleet, and a fleet
 * subset (one dev member) has no cluster the example's requirements (prod,
 * EU) accept, so the example would fail there for want of clusters.
 */
import http from 'node:http';
import { AddressInfo } from 'node:net';
import {
  ClusterProfile,
  recommendPlacement,
  PlacementOptions,
  WorkloadRequirements,
} from '@flotilla/plugin-multi-cluster-common';

/** Where the scaffolder's discovery sends the placement action. */
export const PLACEMENT_PATH = '/api/multi-cluster/placement/recommend';
/** What the action reads to restrict the advice to a picked region or cluster. */
const OPTIONS_PATH = '/api/multi-cluster/placement/options';

function prodCluster(
  name: string,
  region: string,
  provider: string,
  jurisdiction: string,
): ClusterProfile {
  return {
    name,
    region,
    provider,
    jurisdiction,
    health: 'healthy',
    labels: { 'flotilla.io/environment': 'prod' },
    latencyMs: { [region]: 5 },
    resourceSummary: {
      allocatable: { cpu: '32', memory: '128Gi', pods: '110' },
      allocated: { cpu: '4', memory: '16Gi', pods: '20' },
    },
  };
}

/** `GET /placement/options` of the fixed fleet, as the backend lists it. */
function placementOptions(fleet: ClusterProfile[]): PlacementOptions {
  const regions = [...new Set(fleet.map(c => c.region!))].sort();
  return {
    regions: regions.map(name => {
      const inRegion = fleet.filter(c => c.region === name);
      return {
        name,
        providers: [...new Set(inRegion.map(c => c.provider!))].sort(),
        clusters: inRegion.map(c => c.name),
        jurisdictions: [...new Set(inRegion.map(c => c.jurisdiction!))],
      };
    }),
    clusters: fleet.map(c => ({
      name: c.name,
      region: c.region,
      provider: c.provider,
      environment: 'prod',
      health: c.health,
      jurisdiction: c.jurisdiction,
      compliance: [],
    })),
    userRegions: regions,
    jurisdictions: [...new Set(fleet.map(c => c.jurisdiction!))].sort(),
    compliance: [],
    environments: ['prod'],
    gpuModels: [],
  };
}

/** Production clusters of the demo fleet, in and outside the EU. */
const FLEET: ClusterProfile[] = [
  prodCluster('prod-eu-west-aws-1', 'eu-west', 'aws', 'eu'),
  prodCluster('prod-eu-west-gcp-1', 'eu-west', 'gcp', 'eu'),
  prodCluster('prod-eu-west-azure-1', 'eu-west', 'azure', 'eu'),
  prodCluster('prod-us-east-aws-1', 'us-east', 'aws', 'us'),
];

export class PlacementBackend {
  /** `requests`: the requirements each request carried, in order. */
  private constructor(
    private readonly server: http.Server,
    readonly requests: WorkloadRequirements[],
  ) {}

  static async start(): Promise<PlacementBackend> {
    const requests: WorkloadRequirements[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', chunk => chunks.push(chunk));
      req.on('end', () => {
        if (req.method === 'GET' && req.url?.split('?')[0] === OPTIONS_PATH) {
          res
            .writeHead(200, { 'Content-Type': 'application/json' })
            .end(JSON.stringify(placementOptions(FLEET)));
          return;
        }
        if (req.method !== 'POST' || req.url !== PLACEMENT_PATH) {
          res.writeHead(404).end();
          return;
        }
        const requirements = JSON.parse(
          Buffer.concat(chunks).toString('utf8'),
        ) as WorkloadRequirements;
        requests.push(requirements);
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(recommendPlacement(requirements, FLEET)));
      });
    });
    await new Promise<void>(resolve =>
      server.listen(0, '127.0.0.1', () => resolve()),
    );
    return new PlacementBackend(server, requests);
  }

  /** The backend's base URL as discovery would give it for `multi-cluster`. */
  get multiClusterBaseUrl(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/api/multi-cluster`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.server.close(error => (error ? reject(error) : resolve())),
    );
  }
}
