import fs from 'node:fs';
import path from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';

/**
 * What `scripts/fleet.sh up` started, as it describes it in
 * `<fleet dir>/fleet.json`. The simulator reads only this file (and the
 * files it names): it never starts or stops API servers itself, except to
 * inject an outage through the fault API.
 */
export interface FleetDescription {
  /** Absolute path of the fleet folder (`.fleet` by default). */
  dir: string;
  /** The Karmada aggregated API server (served by this simulator). */
  karmadaAggregatedApiServer: { port: number };
  /** The simulator's fault-injection and status HTTP API (loopback only). */
  simulator: { port: number };
  clusters: FleetClusterDescription[];
}

export type FleetClusterKind = 'karmada' | 'capi' | 'ocm' | 'member';

/** How Flotilla is meant to reach a member (the simulator registers it so). */
export type MemberAccess = 'karmada-proxy' | 'capi-kubeconfig' | 'direct';

export interface FleetClusterDescription {
  name: string;
  kind: FleetClusterKind;
  role: string;
  region?: string;
  provider?: string;
  access?: MemberAccess;
  /** A member the OCM hub manages (a ManagedCluster there), see scripts/fleet/clusters.js. */
  ocmManaged?: boolean;
  /** The kube-apiserver itself: `https://127.0.0.1:<port>`. */
  url: string;
  /**
   * Where everyone but the simulator reaches a member: its fault proxy
   * (same CA and serving certificate). Equals `url` for karmada, capi and ocm.
   */
  publicUrl: string;
  /** Port of the member's kube-apiserver (to stop/start it: see `pidFile`). */
  port: number;
  /** Port the fault proxy listens on (members only). */
  proxyPort?: number;
  /** Folder with ca.crt, serving.{crt,key}, admin.{crt,key}. */
  pkiDir: string;
  /** Static bearer tokens by user (tokens.csv): `admin` (system:masters) and others. */
  tokens: Record<string, string>;
  /** Pid file of the kube-apiserver process. */
  pidFile: string;
  /** The command line that started it, to restart it after an outage. */
  command: { binary: string; args: string[]; log: string };
}

export function fleetDir(): string {
  return path.resolve(
    process.env.FLOTILLA_FLEET_DIR ??
      // Run from source by scripts/fleet.sh, never bundled: the repository's .fleet.
      // eslint-disable-next-line no-restricted-syntax
      path.join(__dirname, '..', '..', '..', '.fleet'),
  );
}

export function readFleet(dir = fleetDir()): FleetDescription {
  const file = path.join(dir, 'fleet.json');
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing; run: bash scripts/fleet.sh up`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as FleetDescription;
}

/**
 * A KubeConfig as a controller of that cluster would hold it: the admin
 * client certificate, straight to the API server (`direct`, the default), or
 * through the member's fault proxy with the admin token (`public`), the way
 * Karmada's and Cluster API's controllers reach a member.
 */
export function kubeConfigFor(
  cluster: FleetClusterDescription,
  via: 'direct' | 'public' = 'direct',
): KubeConfig {
  const read = (name: string) =>
    fs.readFileSync(path.join(cluster.pkiDir, name)).toString('base64');
  const kc = new KubeConfig();
  const user =
    via === 'public'
      ? { name: 'admin', token: cluster.tokens.admin }
      : {
          name: 'admin',
          certData: read('admin.crt'),
          keyData: read('admin.key'),
        };
  kc.loadFromOptions({
    clusters: [
      {
        name: cluster.name,
        server: via === 'public' ? cluster.publicUrl : cluster.url,
        caData: read('ca.crt'),
        skipTLSVerify: false,
      },
    ],
    users: [user],
    contexts: [{ name: cluster.name, cluster: cluster.name, user: 'admin' }],
    currentContext: cluster.name,
  });
  return kc;
}
