import { entityNameShape, entityRefSchema } from './names';
import { requestObject } from './request';

/**
 * `/entities/:kind/:namespace/:name/...` paths (placement, exposure, DR).
 *
 * @public
 */
export const entityPathSchema = requestObject(entityNameShape);

/**
 * The `get-entity-placement` and `get-entity-exposure` actions.
 *
 * @public
 */
export const entityRefRequestSchema = requestObject({
  entityRef: entityRefSchema.describe(
    'Entity reference, e.g. component:default/checkout',
  ),
});

/**
 * Requests that take nothing: `GET /connectivity`, `GET /addons` and the
 * other reads without parameters (query), the `get-fleet-connectivity`
 * action.
 *
 * @public
 */
export const emptyRequestSchema = requestObject({});
