import fs from 'node:fs';
import { waitReady } from './apiClient';
import { apiServerCommand } from './apiServerCommand';
import { writeAppConfig } from './appConfig';
import { writeAuditPolicy } from './auditPolicy';
import { writeCertificates } from './certificates';
import type { PlacedCluster } from './clusters';
import { setUpCluster } from './clusterSetup';
import { installCrds } from './crds';
import { startEtcd } from './etcd';
import { writeFleetJson } from './fleetJson';
import { writeKubeconfig } from './kubeconfig';
import { apiPort, file, say, selected, STATE } from './layout';
import { startProcess } from './processes';
import { simulatorPresent, startSimulator } from './simulator';
import { writeTokenFile } from './tokens';

/** Starts the cluster's kube-apiserver (etcd must run). */
export function startApiServer(assets: string, placed: PlacedCluster): void {
  const command = apiServerCommand(assets, placed);
  startProcess(placed.cluster.name, command.binary, command.args);
}

/** Waits until each API server answers, then gives it its CRDs and RBAC. */
async function prepareClusters(clusters: PlacedCluster[]): Promise<void> {
  for (const placed of clusters) {
    await waitReady(placed);
    const count = await installCrds(placed);
    await setUpCluster(placed);
    say(
      `${placed.cluster.name} ready on https://127.0.0.1:${apiPort(
        placed.index,
      )} with ${count} CRDs`,
    );
  }
}

export async function up(assets: string): Promise<void> {
  const clusters = selected();
  fs.mkdirSync(STATE, { recursive: true });
  const started = Date.now();
  startEtcd(assets);
  writeAuditPolicy();
  for (const placed of clusters) {
    writeCertificates(placed.cluster);
    writeTokenFile(placed.cluster);
    startApiServer(assets, placed);
  }
  // Known before any server answers (addresses, CAs, tokens), so Backstage
  // can start beside the fleet (scripts/start.sh does).
  writeFleetJson(assets, clusters);
  writeKubeconfig(clusters);
  writeAppConfig(clusters);
  say(
    `started etcd and ${clusters.length} API servers; waiting until they answer`,
  );
  await prepareClusters(clusters);
  if (process.env.FLOTILLA_FLEET_SIMULATOR !== 'off' && simulatorPresent()) {
    say('starting the fleet simulator');
    await startSimulator();
  }
  say(
    `fleet up in ${((Date.now() - started) / 1000).toFixed(
      1,
    )}s; contexts in ${file('kubeconfig')}, Backstage config in ${file(
      'app-config.yaml',
    )}`,
  );
}
