import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  KubernetesObject,
  KubernetesObjectApi,
  PatchStrategy,
} from '@kubernetes/client-node';
import {
  FleetClusterDescription,
  FleetDescription,
  kubeConfigFor,
  readFleet,
} from '@flotilla/fleet-simulator';

/**
 * The local fleet the suite runs against (`scripts/integration.sh` starts it
 * and sets FLOTILLA_TEST_FLEET_DIR). Without it the suite fails, loudly: it
 * never skips.
 */
export function requireFleet(): FleetDescription {
  const dir = process.env.FLOTILLA_TEST_FLEET_DIR;
  if (!dir) {
    throw new Error(
      'FLOTILLA_TEST_FLEET_DIR is not set: run the integration suite with `bash scripts/integration.sh` (it starts a fleet of real API servers)',
    );
  }
  return readFleet(dir);
}

export function clusterNamed(
  fleet: FleetDescription,
  name: string,
): FleetClusterDescription {
  const cluster = fleet.clusters.find(c => c.name === name);
  if (!cluster) throw new Error(`the fleet has no cluster ${name}`);
  return cluster;
}

/**
 * The kubernetes config clusters of the fleet's generated app-config, for a
 * test that adds clusters to the fleet instead of replacing it (config
 * arrays replace, they do not merge).
 */
export function fleetConfigClusters(fleet: FleetDescription): object[] {
  const config = parse(
    fs.readFileSync(path.join(fleet.dir, 'app-config.yaml'), 'utf8'),
  );
  return config.kubernetes.clusterLocatorMethods.flatMap(
    (m: { type: string; clusters?: object[] }) =>
      m.type === 'config' ? m.clusters ?? [] : [],
  );
}

/** Clients as the fleet's operator (system:masters), straight to the server. */
export function adminClients(cluster: FleetClusterDescription) {
  const kc: KubeConfig = kubeConfigFor(cluster);
  return {
    kubeConfig: kc,
    core: kc.makeApiClient(CoreV1Api),
    apps: kc.makeApiClient(AppsV1Api),
    custom: kc.makeApiClient(CustomObjectsApi),
  };
}

/** A JSON merge patch as the fleet's operator (`object` names the target: apiVersion, kind, metadata.name/namespace). */
export async function mergePatch(
  kubeConfig: KubeConfig,
  object: KubernetesObject & Record<string, unknown>,
): Promise<KubernetesObject> {
  return KubernetesObjectApi.makeApiClient(kubeConfig).patch(
    object,
    undefined,
    undefined,
    'flotilla-integration',
    undefined,
    PatchStrategy.MergePatch,
  );
}
