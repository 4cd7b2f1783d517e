/**
 * Kubernetes quantities and resource lists: apimachinery's grammar, exact
 * arithmetic, bounded work on hostile input.
 */
export {
  addQuantities,
  compareQuantities,
  formatQuantity,
  isQuantity,
  MAX_DECIMAL_EXPONENT,
  MAX_QUANTITY_LENGTH,
  MAX_QUANTITY_UNITS,
  parseQuantity,
  parseRequestQuantity,
  QUANTITY_FORMAT_ERROR,
  QuantityError,
  quantityMilliValue,
  quantityValue,
  subtractQuantities,
  tryParseQuantity,
  tryParseRequestQuantity,
} from './quantity';
export type { Quantity, QuantityErrorReason, QuantityResult } from './quantity';
export {
  isResourceName,
  MAX_RESOURCE_NAME_LENGTH,
  resourceNameProblem,
} from './resourceNames';
export {
  describeResourceListProblem,
  MAX_RESOURCE_LIST_ENTRIES,
  ownQuantity,
  parseResourceList,
  parseResourceRequests,
  readResourceEntries,
  readResourceList,
  resourceSummaryProblems,
  sumResourceLists,
} from './resourceList';
export type {
  ResourceEntry,
  ResourceList,
  ResourceListOptions,
  ResourceListProblem,
  ResourceSummaryLists,
} from './resourceList';
export {
  quantitySchema,
  requestQuantitySchema,
  resourceListSchema,
  resourceNameSchema,
  resourceRequestSchema,
  trimGoSpace,
} from './schemas';
