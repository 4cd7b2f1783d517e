/**
 * A name for an OverridePolicy that must be applied after every other
 * OverridePolicy selecting the same templates: with selectors that name the
 * templates (the most specific kind, applied last) Karmada orders it by
 * name among the policies that also name them (`overrideOrder.ts`), so the
 * name has to sort after theirs.
 */
import { compareByteOrder } from './byteOrder';
import { overrideImplicitPriority, OverridePolicyLike } from './overrideOrder';
import { ImplicitPriority, ResourceTemplateRef } from './resourceSelector';

const MAX_NAME_LENGTH = 253;

/** The names of the policies that name one of `templates`. */
function rivalNames(
  templates: readonly ResourceTemplateRef[],
  policies: readonly OverridePolicyLike[],
): string[] {
  return policies
    .filter(policy =>
      templates.some(
        template =>
          overrideImplicitPriority(policy, template) ===
          ImplicitPriority.MatchName,
      ),
    )
    .map(policy => policy.metadata?.name ?? '');
}

/**
 * The first of `preferred`, else `base` prefixed with the fewest `z`s
 * (`z-base`, `zz-base`, ...), that sorts after the name of every policy in
 * `others` (same namespace as the templates) that names one of `templates`.
 * A preferred name keeps an existing policy; the prefix only grows when a
 * rival's name needs it.
 *
 * @public
 */
export function overridePolicyNameSortingLast(options: {
  base: string;
  preferred?: readonly string[];
  templates: readonly ResourceTemplateRef[];
  others: readonly OverridePolicyLike[];
}): string {
  const rivals = rivalNames(options.templates, options.others);
  const sortsLast = (name: string) =>
    rivals.every(rival => compareByteOrder(name, rival) > 0);
  const kept = (options.preferred ?? []).find(sortsLast);
  if (kept) return kept;
  for (let zs = 0; zs < MAX_NAME_LENGTH; zs++) {
    const prefix = zs === 0 ? '' : `${'z'.repeat(zs)}-`;
    const name = `${prefix}${options.base}`.slice(0, MAX_NAME_LENGTH);
    if (sortsLast(name)) return name;
  }
  throw new Error(
    `No OverridePolicy name of at most ${MAX_NAME_LENGTH} characters sorts after ${rivals.join(
      ', ',
    )}`,
  );
}
