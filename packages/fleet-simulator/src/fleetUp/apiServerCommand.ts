import path from 'node:path';
import type { FleetClusterDescription } from '../fleet';
import type { PlacedCluster } from './clusters';
import { apiPort, ETCD_CLIENT_PORT, file, pkiDir } from './layout';

export type ProcessCommand = FleetClusterDescription['command'];

/**
 * The aggregation layer, as Karmada's installer configures it: the
 * kube-apiserver proxies cluster.karmada.io to the aggregated API server
 * with the front-proxy client certificate and the caller in X-Remote-*.
 */
function aggregationArgs(dir: string): string[] {
  return [
    '--requestheader-client-ca-file',
    path.join(dir, 'front-proxy-ca.crt'),
    '--requestheader-allowed-names',
    'front-proxy-client',
    '--requestheader-username-headers',
    'X-Remote-User',
    '--requestheader-group-headers',
    'X-Remote-Group',
    '--requestheader-extra-headers-prefix',
    'X-Remote-Extra-',
    '--proxy-client-cert-file',
    path.join(dir, 'front-proxy-client.crt'),
    '--proxy-client-key-file',
    path.join(dir, 'front-proxy-client.key'),
  ];
}

function authArgs(dir: string, clusterName: string): string[] {
  return [
    '--client-ca-file',
    path.join(dir, 'ca.crt'),
    '--token-auth-file',
    path.join(dir, 'tokens.csv'),
    '--authorization-mode',
    'RBAC',
    '--service-account-key-file',
    path.join(dir, 'service-account.key'),
    '--service-account-signing-key-file',
    path.join(dir, 'service-account.key'),
    '--service-account-issuer',
    `https://${clusterName}.fleet.local`,
  ];
}

/**
 * What the backend and Karmada's proxy ask for, and what they were
 * answered: the integration suite proves least privilege from it.
 */
function auditArgs(clusterName: string): string[] {
  return [
    '--audit-policy-file',
    file('audit-policy.yaml'),
    '--audit-log-path',
    file('logs', `${clusterName}.audit.log`),
    '--audit-log-format',
    'json',
    '--audit-log-maxsize',
    '200',
    '--audit-log-maxbackup',
    '1',
  ];
}

/** The kube-apiserver of a cluster: its flags, binary and log. */
export function apiServerCommand(
  assets: string,
  { cluster, index }: PlacedCluster,
): ProcessCommand {
  const dir = pkiDir(cluster);
  const args = [
    '--etcd-servers',
    `http://127.0.0.1:${ETCD_CLIENT_PORT}`,
    // One etcd serves every cluster, each under its own prefix.
    '--etcd-prefix',
    `/fleet/${cluster.name}`,
    '--bind-address',
    '127.0.0.1',
    '--secure-port',
    String(apiPort(index)),
    '--tls-cert-file',
    path.join(dir, 'serving.crt'),
    '--tls-private-key-file',
    path.join(dir, 'serving.key'),
    ...authArgs(dir, cluster.name),
    '--service-cluster-ip-range',
    '10.96.0.0/16',
    '--allow-privileged',
    ...auditArgs(cluster.name),
  ];
  if (cluster.kind === 'karmada') args.push(...aggregationArgs(dir));
  return {
    binary: path.join(assets, 'kube-apiserver'),
    args,
    log: file('logs', `${cluster.name}.log`),
  };
}
