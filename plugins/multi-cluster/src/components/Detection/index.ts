export { EntityDetectionCard } from './EntityDetectionCard';
export { FleetDetectionCard } from './FleetDetectionCard';
