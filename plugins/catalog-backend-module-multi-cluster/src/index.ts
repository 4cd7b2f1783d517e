/**
 * Flotilla catalog module: ingests Karmada member clusters and Cluster API
 * clusters as `Resource` entities of type `kubernetes-cluster`.
 *
 * @packageDocumentation
 */

export { catalogModuleMultiClusterClusters as default } from './catalogModuleMultiClusterEntityProvider';
