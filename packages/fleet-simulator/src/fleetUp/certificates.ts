import fs from 'node:fs';
import path from 'node:path';
import {
  CLIENT_EXTENSIONS,
  createCa,
  generatePrivateKey,
  SERVING_EXTENSIONS,
  signCertificate,
  type CertificateOptions,
} from '@flotilla/test-kit';
import type { FleetCluster } from './clusters';
import { pkiDir } from './layout';

/**
 * A year (the fleet outlives a test run) of EC P-256 keys, as k3s and RKE2
 * make them: an RSA 2048 key takes openssl a few hundred milliseconds to
 * find, and a fleet needs five per cluster, which made RSA a quarter of the
 * fleet's bring-up on 2 cores.
 */
const FLEET_CERTIFICATES: CertificateOptions = { days: 365, key: 'ec' };

/**
 * What the aggregation layer needs, as Karmada's installer sets it up: a
 * front-proxy CA and the client certificate the kube-apiserver presents to
 * the aggregated API server, and that server's own serving certificate.
 */
function writeAggregationCertificates(dir: string) {
  createCa(dir, 'front-proxy-ca', '/CN=front-proxy-ca', FLEET_CERTIFICATES);
  signCertificate(
    dir,
    'front-proxy-ca',
    'front-proxy-client',
    '/CN=front-proxy-client',
    CLIENT_EXTENSIONS,
    FLEET_CERTIFICATES,
  );
  signCertificate(
    dir,
    'ca',
    'aggregated-apiserver',
    '/CN=karmada-aggregated-apiserver',
    'subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:karmada-aggregated-apiserver.karmada-system.svc\nextendedKeyUsage=serverAuth\n',
    FLEET_CERTIFICATES,
  );
}

/**
 * A CA, a serving certificate for 127.0.0.1 and an admin client certificate
 * (written once: a fleet keeps its certificates across restarts). The
 * Karmada control plane also gets the aggregation layer's.
 */
export function writeCertificates(cluster: FleetCluster): void {
  const dir = pkiDir(cluster);
  if (fs.existsSync(path.join(dir, 'done'))) return;
  fs.mkdirSync(dir, { recursive: true });
  createCa(dir, 'ca', `/CN=${cluster.name}-ca`, FLEET_CERTIFICATES);
  const sign = (name: string, subject: string, extensions: string) =>
    signCertificate(dir, 'ca', name, subject, extensions, FLEET_CERTIFICATES);
  sign('serving', `/CN=${cluster.name}`, SERVING_EXTENSIONS);
  sign('admin', '/O=system:masters/CN=flotilla-admin', CLIENT_EXTENSIONS);
  // The backend's identity as a client certificate, for clusters configured
  // with `authProvider: clientCertificate` (same user and group as its token).
  sign(
    'flotilla',
    '/O=flotilla:backstage/CN=flotilla-backstage',
    CLIENT_EXTENSIONS,
  );
  generatePrivateKey(path.join(dir, 'service-account.key'), FLEET_CERTIFICATES);
  if (cluster.kind === 'karmada') writeAggregationCertificates(dir);
  fs.writeFileSync(path.join(dir, 'done'), '');
}
