export { RegionFailoversView } from './RegionFailoversView';
