import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import type { PlacedCluster } from './clusters';
import { file, pkiDir, publicUrl } from './layout';
import { token } from './tokens';

function kubeconfigEntry(placed: PlacedCluster) {
  const { cluster } = placed;
  const read = (name: string) =>
    fs.readFileSync(path.join(pkiDir(cluster), name)).toString('base64');
  return {
    cluster: {
      name: cluster.name,
      cluster: {
        server: publicUrl(placed),
        'certificate-authority-data': read('ca.crt'),
      },
    },
    user: {
      name: `${cluster.name}-admin`,
      user:
        cluster.kind === 'member'
          ? { token: token(cluster, 'admin') }
          : {
              'client-certificate-data': read('admin.crt'),
              'client-key-data': read('admin.key'),
            },
    },
    context: {
      name: cluster.name,
      context: { cluster: cluster.name, user: `${cluster.name}-admin` },
    },
  };
}

/**
 * The operator's kubeconfig: one context per cluster. Karmada and Cluster API
 * with the admin client certificate; members through their fault proxy with
 * the admin token (the proxy terminates TLS with the member's own serving
 * certificate, so a client certificate could not pass through it).
 */
export function writeKubeconfig(clusters: PlacedCluster[]): void {
  const entries = clusters.map(kubeconfigEntry);
  const kubeconfig = {
    apiVersion: 'v1',
    kind: 'Config',
    'current-context': clusters[0].cluster.name,
    clusters: entries.map(e => e.cluster),
    users: entries.map(e => e.user),
    contexts: entries.map(e => e.context),
  };
  fs.writeFileSync(file('kubeconfig'), stringify(kubeconfig), { mode: 0o600 });
}
