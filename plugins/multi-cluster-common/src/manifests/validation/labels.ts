/**
 * Kubernetes label syntax (apimachinery `IsQualifiedName` for keys and
 * `IsValidLabelValue` for values).
 */
import { rfc1123SubdomainError } from './names';

const QUALIFIED_NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;

/**
 * Why `key` is not a valid label or annotation key, or undefined.
 *
 * @public
 */
export function labelKeyError(key: string): string | undefined {
  const shown = JSON.stringify(key);
  const parts = key.split('/');
  if (parts.length > 2) {
    return `label key ${shown} may contain at most one '/' (prefix/name)`;
  }
  const name = parts[parts.length - 1];
  if (parts.length === 2) {
    const prefixProblem = rfc1123SubdomainError(parts[0]);
    if (prefixProblem) {
      return `label key ${shown} has an invalid prefix: ${prefixProblem}`;
    }
  }
  if (name.length === 0) return `label key ${shown} has an empty name part`;
  if (name.length > 63) {
    return `label key ${shown} has a name part longer than 63 characters`;
  }
  if (!QUALIFIED_NAME_PART.test(name)) {
    return `label key ${shown} must consist of alphanumerics, '-', '_' or '.', starting and ending with an alphanumeric (with an optional DNS-subdomain prefix and '/')`;
  }
  return undefined;
}

/**
 * Why `value` is not a valid label value, or undefined.
 *
 * @public
 */
export function labelValueSyntaxError(value: string): string | undefined {
  if (value.length === 0) return undefined;
  const shown = JSON.stringify(value);
  if (value.length > 63) {
    return `label value ${shown} is longer than 63 characters`;
  }
  if (!QUALIFIED_NAME_PART.test(value)) {
    return `label value ${shown} must consist of alphanumerics, '-', '_' or '.', starting and ending with an alphanumeric`;
  }
  return undefined;
}
