import { createScaffolderFieldExtension } from '@backstage/plugin-scaffolder-react';
import {
  FleetFacetPicker,
  FleetPlacementPicker,
  validateFleetFacet,
  validatePlacementTarget,
} from './components/FleetPlacementPicker';
import { multiClusterPlugin } from './plugin';

/**
 * The Scaffolder field `FleetPlacementPicker` for the legacy frontend
 * system: place it inside `<ScaffolderFieldExtensions>`.
 *
 * @public
 */
export const FleetPlacementPickerFieldExtension = multiClusterPlugin.provide(
  createScaffolderFieldExtension({
    name: 'FleetPlacementPicker',
    component: FleetPlacementPicker,
    validation: validatePlacementTarget,
  }),
);

/**
 * The Scaffolder field `FleetFacetPicker` for the legacy frontend system.
 *
 * @public
 */
export const FleetFacetPickerFieldExtension = multiClusterPlugin.provide(
  createScaffolderFieldExtension({
    name: 'FleetFacetPicker',
    component: FleetFacetPicker,
    validation: validateFleetFacet,
  }),
);
