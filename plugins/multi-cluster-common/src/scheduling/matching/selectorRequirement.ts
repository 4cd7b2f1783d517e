/**
 * The rules of a Kubernetes label selector requirement that every schema
 * accepting one shares (apimachinery's ValidateLabelSelectorRequirement):
 * the four operators, and In/NotIn with values, Exists/DoesNotExist without.
 * Key and value syntax are checked by each schema with its own wording.
 */
import { z } from 'zod';

/** The operator of a label selector requirement. */
export const selectorOperatorSchema = z.enum(
  ['In', 'NotIn', 'Exists', 'DoesNotExist'],
  {
    errorMap: () => ({
      message: 'operator must be one of In, NotIn, Exists, DoesNotExist',
    }),
  },
);

/** What is wrong with a requirement's values for its operator, if anything. */
export function selectorValuesProblem(
  operator: z.infer<typeof selectorOperatorSchema>,
  values: readonly string[] | undefined,
): string | undefined {
  const count = values?.length ?? 0;
  if ((operator === 'In' || operator === 'NotIn') && count === 0) {
    return `values must be non-empty for operator ${operator}`;
  }
  if ((operator === 'Exists' || operator === 'DoesNotExist') && count > 0) {
    return `values must be empty for operator ${operator}`;
  }
  return undefined;
}
