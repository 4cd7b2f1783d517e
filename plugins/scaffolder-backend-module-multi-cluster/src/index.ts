/**
 * Flotilla Scaffolder actions that emit Cluster API, Karmada, Argo CD,
 * Rancher Fleet and MCS manifests into the workspace.
 *
 * @packageDocumentation
 */

export { scaffolderModuleMultiCluster as default } from './module';
export * from './actions';
