import { InputError } from '@backstage/errors';
import { ManifestInputError } from '@flotilla/plugin-multi-cluster-common';

/** Runs a generator; invalid input becomes an InputError with the same message. */
export function generateOrThrow<T>(generate: () => T): T {
  try {
    return generate();
  } catch (error) {
    if (error instanceof ManifestInputError) {
      throw new InputError(error.message);
    }
    throw error;
  }
}
