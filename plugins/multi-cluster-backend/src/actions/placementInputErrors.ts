import { InputError } from '@backstage/errors';
import { QuantityError } from '@flotilla/plugin-multi-cluster-common';
import { isPlacementError } from '../placement/PlacementSimulator';

/**
 * Runs placement work; as the route answers 422, the action refuses the
 * input when the work finds it impossible (a placement or quantity error).
 */
export async function refusingPlacementErrors<T>(
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isPlacementError(error)) {
      throw new InputError(`PlacementError: ${error.message}`);
    }
    if (error instanceof QuantityError) {
      throw new InputError(error.message);
    }
    throw error;
  }
}
