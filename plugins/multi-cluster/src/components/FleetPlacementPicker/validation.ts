import type { CustomFieldValidator } from '@backstage/plugin-scaffolder-react';
import {
  parsePlacementTarget,
  restrictToTarget,
} from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';
import { facetValues, isFleetFacet, valuesOffTheFleet } from './facets';

/** The fleet's options, or undefined when they cannot be read (the action checks again). */
async function fleetOptions(
  apiHolder: Parameters<CustomFieldValidator<unknown>>[2]['apiHolder'],
) {
  return apiHolder
    .get(multiClusterApiRef)
    ?.getPlacementOptions()
    .catch(() => undefined);
}

/**
 * The picker's value is `auto`, `region:<name>` or `cluster:<name>`, and
 * names a region or cluster of the fleet.
 *
 * @public
 */
export const validatePlacementTarget: CustomFieldValidator<string> = async (
  value,
  validation,
  { apiHolder },
) => {
  if (value === undefined || value === '') return;
  const target = parsePlacementTarget(value);
  if (!target) {
    validation.addError('must be auto, region:<name> or cluster:<name>');
    return;
  }
  if (target.kind === 'auto') return;
  const options = await fleetOptions(apiHolder);
  if (!options) return;
  const restriction = restrictToTarget(target, options);
  if ('unknown' in restriction) validation.addError(restriction.unknown);
};

/**
 * Every chosen value is one the fleet declares for the field's facet.
 *
 * @public
 */
export const validateFleetFacet: CustomFieldValidator<
  string | string[] | undefined,
  { facet?: string }
> = async (value, validation, { apiHolder, uiSchema }) => {
  const facet = uiSchema?.['ui:options']?.facet;
  if (!isFleetFacet(facet)) {
    validation.addError('ui:options.facet names no list of the fleet');
    return;
  }
  const options = await fleetOptions(apiHolder);
  if (!options) return;
  const off = valuesOffTheFleet(value, facetValues(options, facet));
  if (off.length > 0) {
    validation.addError(`not on the fleet: ${off.join(', ')}`);
  }
};
