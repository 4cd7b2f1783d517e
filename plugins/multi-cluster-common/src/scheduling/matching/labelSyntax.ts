/**
 * Kubernetes label syntax rules (apimachinery `IsQualifiedName`,
 * `IsValidLabelValue`). A selector that breaks them is invalid, and Karmada
 * treats an invalid selector as matching nothing.
 */

const NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const DNS_SUBDOMAIN =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const NAME_PART_RULE =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/**
 * Why `key` is not a qualified name (label key, affinityName), or undefined.
 *
 * @public
 */
export function qualifiedNameError(key: string): string | undefined {
  const parts = key.split('/');
  if (parts.length > 2) {
    return `a qualified name ${NAME_PART_RULE}, with an optional DNS subdomain prefix and '/'`;
  }
  const name = parts[parts.length - 1];
  if (parts.length === 2) {
    const prefix = parts[0];
    if (prefix.length === 0) return 'prefix part must be non-empty';
    if (prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix)) {
      return 'prefix part must be a lowercase DNS subdomain';
    }
  }
  if (name.length === 0) return 'name part must be non-empty';
  if (name.length > 63) return 'name part must be no more than 63 characters';
  if (!NAME_PART.test(name)) return `name part ${NAME_PART_RULE}`;
  return undefined;
}

/**
 * Why `value` is not a valid label value, or undefined.
 *
 * @public
 */
export function labelValueError(value: string): string | undefined {
  if (value.length === 0) return undefined;
  if (value.length > 63) return 'must be no more than 63 characters';
  if (!NAME_PART.test(value)) return NAME_PART_RULE;
  return undefined;
}
