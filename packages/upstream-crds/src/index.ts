/**
 * The upstream CRDs (Cluster API and its AWS/GCP/Azure providers, Karmada,
 * Argo CD, Rancher Fleet, MCS, OCM, external-dns) that Flotilla's manifests
 * are validated against, and a validator that checks objects against them.
 *
 * @packageDocumentation
 */
export { BUNDLED_CRDS_DIR, listCrdFiles, upstreamCrdsDir } from './crdsDir';
export {
  compileCelRule,
  crdProblems,
  CrdValidator,
  getCrdValidator,
} from './CrdValidator';
export type { CrdValidationResult, CrdVersionInfo } from './CrdValidator';
