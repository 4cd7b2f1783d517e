/**
 * The scheduler's view of Kubernetes quantities; the implementation lives in
 * `../quantity` (one quantity type for the whole package).
 */
export {
  addQuantities,
  compareQuantities,
  formatQuantity,
  parseQuantity,
  parseRequestQuantity,
  QUANTITY_FORMAT_ERROR,
  QuantityError,
  quantityMilliValue,
  quantityToScaledInteger,
  quantityValue,
  subtractQuantities,
  tryParseQuantity,
  tryParseRequestQuantity,
} from '../quantity/quantity';
export type { Quantity, QuantityResult } from '../quantity/quantity';
