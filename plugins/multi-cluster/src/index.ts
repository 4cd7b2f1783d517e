/**
 * Flotilla's frontend: multi-cluster tabs on catalog entities, a fleet page
 * and the permission-gated failover UI. The default export of `./alpha` is
 * the plugin for the new frontend system.
 *
 * @packageDocumentation
 */

export {
  multiClusterPlugin,
  FleetPage,
  EntityMultiClusterContent,
  EntityClusterContent,
} from './plugin';
export { isMultiClusterAvailable, isKubernetesCluster } from './conditions';
export {
  FleetPlacementPickerFieldExtension,
  FleetFacetPickerFieldExtension,
} from './scaffolderFields';
export {
  FleetPlacementPicker,
  FleetFacetPicker,
  validatePlacementTarget,
  validateFleetFacet,
  type FleetPlacementPickerUiOptions,
  type FleetFacetPickerUiOptions,
  type FleetFacetValue,
  type FleetFacet,
  type PlacementRequirementFields,
} from './components/FleetPlacementPicker';
export * from './api';
