export { catalogModuleMultiClusterClusters } from './catalogModuleMultiClusterEntityProvider';
