export * from './MultiClusterApi';
export { MultiClusterClient, type EntityName } from './MultiClusterClient';
