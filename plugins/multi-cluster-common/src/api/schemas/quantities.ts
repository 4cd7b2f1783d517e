import type { QuantityResult } from '../../quantity/quantity';
import {
  MAX_QUANTITY_LENGTH,
  tryParseRequestQuantity,
} from '../../quantity/quantity';
import { MAX_RESOURCE_LIST_ENTRIES } from '../../quantity/resourceList';
import {
  MAX_RESOURCE_NAME_LENGTH,
  resourceNameProblem,
} from '../../quantity/resourceNames';
import { trimGoSpace } from '../../quantity/schemas';
import { boundedRecord, checkedText } from './bounded';

/**
 * Quantities and resource lists of requests, with the quantity module's
 * parser and rules (apimachinery's grammar, bounded length, exponent and
 * magnitude, resource names that are no `Object.prototype` member). Its own
 * zod schemas (`quantitySchema`, `resourceListSchema`) say the same with zod
 * effects, about 2 µs a value more: too slow for 5,000 posted clusters.
 */

/** A raw string is looked at up to this length (white space is trimmed). */
const MAX_RAW_QUANTITY_LENGTH = 4 * MAX_QUANTITY_LENGTH;

function quantityText(parse: (text: string) => QuantityResult) {
  return checkedText(
    MAX_RAW_QUANTITY_LENGTH,
    text => {
      const parsed = parse(text);
      return parsed.ok ? undefined : parsed.error.detail;
    },
    // Quantity.UnmarshalJSON trims Go white space; a number is its text.
    { acceptNumbers: true, normalize: trimGoSpace },
  );
}

/** A resource name (`cpu`, `nvidia.com/gpu`), never `__proto__` & co. */
const resourceNameKeySchema = checkedText(
  MAX_RESOURCE_NAME_LENGTH,
  resourceNameProblem,
);

/** Per-replica requests: non-negative quantities by resource name. */
export const resourceRequestsSchema = boundedRecord(
  resourceNameKeySchema,
  quantityText(tryParseRequestQuantity),
  MAX_RESOURCE_LIST_ENTRIES,
);

/**
 * A posted cluster's allocatable, allocated or allocating resources: no
 * cluster reports a negative one, so none is taken either.
 */
export const capacityResourceListSchema = resourceRequestsSchema;
