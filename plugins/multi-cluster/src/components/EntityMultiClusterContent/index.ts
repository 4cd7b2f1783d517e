export { EntityMultiClusterContent } from './EntityMultiClusterContent';
