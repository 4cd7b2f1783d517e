export * from './MultiClusterApi';
export { MultiClusterClient } from './MultiClusterClient';
