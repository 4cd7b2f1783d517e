export { createCapiClusterAction, CAPI_CLUSTER_ACTION_ID } from './capiCluster';
export {
  createKarmadaPolicyAction,
  KARMADA_POLICY_ACTION_ID,
} from './karmadaPolicy';
export {
  createArgoCdApplicationSetAction,
  ARGOCD_APPLICATIONSET_ACTION_ID,
} from './argocdApplicationSet';
export {
  createFleetGitRepoAction,
  FLEET_GITREPO_ACTION_ID,
} from './fleetGitRepo';
export { createMcsExportAction, MCS_EXPORT_ACTION_ID } from './mcsExport';
export {
  createKubefedConvertAction,
  KUBEFED_CONVERT_ACTION_ID,
} from './kubefedConvert';
export {
  createPlacementRecommendAction,
  PLACEMENT_RECOMMEND_ACTION_ID,
} from './placementRecommend';
