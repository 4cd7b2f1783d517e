import path from 'node:path';
import { ETCD_CLIENT_PORT, ETCD_PEER_PORT, file } from './layout';
import { startProcess } from './processes';

/** etcd, holding every cluster's objects under the cluster's own prefix. */
export function startEtcd(assets: string): void {
  startProcess('etcd', path.join(assets, 'etcd'), [
    '--data-dir',
    file('etcd'),
    '--listen-client-urls',
    `http://127.0.0.1:${ETCD_CLIENT_PORT}`,
    '--advertise-client-urls',
    `http://127.0.0.1:${ETCD_CLIENT_PORT}`,
    '--listen-peer-urls',
    `http://127.0.0.1:${ETCD_PEER_PORT}`,
    '--initial-advertise-peer-urls',
    `http://127.0.0.1:${ETCD_PEER_PORT}`,
    '--initial-cluster',
    `default=http://127.0.0.1:${ETCD_PEER_PORT}`,
    '--quota-backend-bytes',
    String(2 * 1024 ** 3),
  ]);
}
