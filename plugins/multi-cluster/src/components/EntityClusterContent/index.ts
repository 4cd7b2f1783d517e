export { EntityClusterContent } from './EntityClusterContent';
