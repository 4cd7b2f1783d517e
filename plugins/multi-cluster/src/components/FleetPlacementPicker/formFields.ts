import { createFormField } from '@backstage/plugin-scaffolder-react/alpha';
import { FleetFacetPicker } from './FleetFacetPicker';
import { FleetPlacementPicker } from './FleetPlacementPicker';
import { validateFleetFacet, validatePlacementTarget } from './validation';

/** The placement picker for the new frontend system's FormFieldBlueprint. */
export const fleetPlacementPickerFormField = createFormField({
  name: 'FleetPlacementPicker',
  component: FleetPlacementPicker,
  validation: validatePlacementTarget,
});

/** The facet picker for the new frontend system's FormFieldBlueprint. */
export const fleetFacetPickerFormField = createFormField({
  name: 'FleetFacetPicker',
  component: FleetFacetPicker,
  validation: validateFleetFacet,
});
