export { PlacementAdvisorCard } from './PlacementAdvisorCard';
