export { ConnectivityInspector } from './ConnectivityInspector';
export type { ConnectivityInspection } from './ConnectivityInspector';
export type { ConnectivityDetector, DetectorResult } from './detectors/types';
export { SubmarinerDetector } from './detectors/SubmarinerDetector';
export { IstioDetector } from './detectors/IstioDetector';
export { CiliumClusterMeshDetector } from './detectors/CiliumClusterMeshDetector';
export { McsDetector } from './detectors/McsDetector';
export { NetworksDetector } from './detectors/NetworksDetector';
export { VirtualNodeDetector } from './detectors/VirtualNodeDetector';
