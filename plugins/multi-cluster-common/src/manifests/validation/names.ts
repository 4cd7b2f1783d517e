/**
 * RFC 1123 name rules as Kubernetes applies them (apimachinery
 * `IsDNS1123Label` / `IsDNS1123Subdomain`).
 */

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/**
 * Maximum length of an RFC 1123 label (namespace, cluster, label value).
 *
 * @public
 */
export const DNS1123_LABEL_MAX_LENGTH = 63;
/**
 * Maximum length of an RFC 1123 subdomain (most object names).
 *
 * @public
 */
export const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;

/**
 * Shows a user-supplied string safely inside an error message.
 *
 * @public
 */
export function quoteForMessage(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}..."` : text;
}

/**
 * Why `value` is not an RFC 1123 label (lowercase alphanumerics and '-',
 * starting and ending alphanumeric, at most 63 characters), or undefined.
 *
 * @public
 */
export function rfc1123LabelError(value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > DNS1123_LABEL_MAX_LENGTH) {
    return `must be no more than ${DNS1123_LABEL_MAX_LENGTH} characters (got ${value.length})`;
  }
  if (!DNS1123_LABEL.test(value)) {
    return `${quoteForMessage(
      value,
    )} is not a valid RFC 1123 label: use lowercase letters, digits and '-', starting and ending with a letter or digit`;
  }
  return undefined;
}

/**
 * Why `value` is not an RFC 1123 subdomain (dot-separated labels, at most
 * 253 characters), or undefined.
 *
 * @public
 */
export function rfc1123SubdomainError(value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > DNS1123_SUBDOMAIN_MAX_LENGTH) {
    return `must be no more than ${DNS1123_SUBDOMAIN_MAX_LENGTH} characters (got ${value.length})`;
  }
  if (!DNS1123_SUBDOMAIN.test(value)) {
    return `${quoteForMessage(
      value,
    )} is not a valid RFC 1123 subdomain: use lowercase letters, digits, '-' and '.', starting and ending with a letter or digit`;
  }
  return undefined;
}

/**
 * True when `value` is an RFC 1123 label.
 *
 * @public
 */
export function isRfc1123Label(value: string): boolean {
  return rfc1123LabelError(value) === undefined;
}

/**
 * True when `value` is an RFC 1123 subdomain.
 *
 * @public
 */
export function isRfc1123Subdomain(value: string): boolean {
  return rfc1123SubdomainError(value) === undefined;
}
