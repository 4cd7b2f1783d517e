import fs from 'node:fs';
import path from 'node:path';
import type { FleetClusterDescription, FleetDescription } from '../fleet';
import { apiServerCommand } from './apiServerCommand';
import type { PlacedCluster } from './clusters';
import {
  AGGREGATED_API_PORT,
  apiPort,
  file,
  pidFile,
  pkiDir,
  proxyPort,
  publicUrl,
  SIMULATOR_PORT,
  STATE,
} from './layout';
import { tokensOf } from './tokens';

function describe(
  assets: string,
  placed: PlacedCluster,
): FleetClusterDescription {
  const { cluster, index } = placed;
  return {
    name: cluster.name,
    kind: cluster.kind,
    role: cluster.role,
    region: cluster.region,
    provider: cluster.provider,
    access: cluster.access,
    ocmManaged: cluster.ocmManaged,
    url: `https://127.0.0.1:${apiPort(index)}`,
    publicUrl: publicUrl(placed),
    port: apiPort(index),
    proxyPort: cluster.kind === 'member' ? proxyPort(index) : undefined,
    pkiDir: path.resolve(pkiDir(cluster)),
    tokens: tokensOf(cluster),
    pidFile: path.resolve(pidFile(cluster.name)),
    command: apiServerCommand(assets, placed),
  };
}

/** `fleet.json`: what the simulator, the test suites and Backstage's start read. */
export function writeFleetJson(
  assets: string,
  clusters: PlacedCluster[],
): void {
  const description: FleetDescription = {
    dir: path.resolve(STATE),
    karmadaAggregatedApiServer: { port: AGGREGATED_API_PORT },
    simulator: { port: SIMULATOR_PORT },
    clusters: clusters.map(placed => describe(assets, placed)),
  };
  fs.writeFileSync(file('fleet.json'), JSON.stringify(description, null, 2), {
    mode: 0o600,
  });
}
