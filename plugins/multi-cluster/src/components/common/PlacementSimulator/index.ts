export { PlacementSimulator } from './PlacementSimulator';
