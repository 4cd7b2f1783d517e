export { FleetPage, FleetPageContent } from './FleetPage';
