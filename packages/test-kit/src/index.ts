/**
 * What the repo's tests share, and the local fleet's certificates: one
 * `eventually`, one JSON merge patch, one way to make certificates, and
 * HTTPS test servers on the loopback.
 */
export { eventually, PermanentError } from './eventually';
export { mergePatch } from './mergePatch';
export {
  createCa,
  generatePrivateKey,
  makeTestTls,
  signCertificate,
  SERVING_EXTENSIONS,
  CLIENT_EXTENSIONS,
} from './pki';
export type { CertificateOptions, TestTls, TestTlsOptions } from './pki';
export { listenOnLoopback } from './loopbackServer';
export type { LoopbackServer } from './loopbackServer';
export {
  fleetAdminClusters,
  requestAsFleetAdmin,
  FleetRequestError,
} from './fleetAdmin';
export type { FleetAdminCluster } from './fleetAdmin';
