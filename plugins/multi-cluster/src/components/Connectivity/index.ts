export { FleetConnectivity } from './FleetConnectivity';
export { ExposureCard } from './ExposureCard';
export { ClusterConnectivityCard } from './ClusterConnectivityCard';
export { ClusterVirtualNodesCard } from './ClusterVirtualNodesCard';
