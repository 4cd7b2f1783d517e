export { FleetPlacementPicker } from './FleetPlacementPicker';
export type { FleetPlacementPickerUiOptions } from './FleetPlacementPicker';
export { FleetFacetPicker } from './FleetFacetPicker';
export type {
  FleetFacetPickerUiOptions,
  FleetFacetValue,
} from './FleetFacetPicker';
export type { FleetFacet } from './facets';
export type { PlacementRequirementFields } from './requirementsFromForm';
export { validateFleetFacet, validatePlacementTarget } from './validation';
